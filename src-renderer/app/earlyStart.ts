import { openCacheEarly } from '../data/openCacheEarly'
import { readFirstPageEarly } from '../db/earlyFirstPage'
import { firstPageProfile, LAST_PROFILE_KEY, pageStorage, startingProfile } from '../lib/startProfile'
import { useConnection } from '../stores/connection'

// main.tsx imports this module first, so it runs before React, the router and the rest of
// the entry are evaluated. In a build the early script (`openCacheScript.ts`) has already
// opened the database and started reading History's first page; this finds both under way.

/** Remembers the active profile whenever the app's info names it, for the next start. */
export function rememberActiveProfile(storage: Pick<Storage, 'getItem' | 'setItem'>): () => void {
  return useConnection.subscribe(({ info }) => {
    const id = info?.activeProfileId
    if (id && storage.getItem(LAST_PROFILE_KEY) !== id) storage.setItem(LAST_PROFILE_KEY, id)
  })
}

function earlyStart(): void {
  const storage = pageStorage()
  const profileId = storage && firstPageProfile(location.hash, storage)
  openCacheEarly(globalThis.indexedDB, profileId ? (db) => readFirstPageEarly(db, profileId) : undefined)
  if (!storage) return
  useConnection.setState({ startingProfileId: startingProfile(storage) })
  rememberActiveProfile(storage)
}

earlyStart()
