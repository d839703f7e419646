import { openCacheEarly } from '../data/openCacheEarly'
import { readFirstPageEarly } from '../db/earlyFirstPage'
import { firstPageProfile, pageStorage } from '../lib/startProfile'

// Not part of the entry: the build bundles this on its own into assets/open-cache-<hash>.js,
// which index.html loads (async) before the entry (scripts/earlyOpenScript.ts). The cache's
// database starts opening as the HTML arrives, and opened offline on an unfiltered History,
// its first page is read as soon as the database is open, while the page's thread still
// waits for the entry (db/earlyFirstPage.ts); the entry then finds the rows in hand.
const storage = pageStorage()
const profileId = storage && firstPageProfile(globalThis.location?.hash ?? '', storage)
openCacheEarly(globalThis.indexedDB, profileId ? (db) => void readFirstPageEarly(db, profileId) : undefined)
