import { openCacheEarly } from '../data/openCacheEarly'
import { readFirstPageEarly } from '../db/earlyFirstPage'
import { firstPageProfile, pageStorage } from '../lib/startProfile'

// Not part of the entry: the build bundles this on its own into assets/open-cache-<hash>.js
// (scripts/earlyOpenScript.ts), which index.html loads before the entry, so the cache opens,
// and offline History's first page is read (db/earlyFirstPage.ts), while the entry loads.
const storage = pageStorage()
const profileId = storage && firstPageProfile(globalThis.location?.hash ?? '', storage)
openCacheEarly(globalThis.indexedDB, profileId ? (db) => void readFirstPageEarly(db, profileId) : undefined)
