import { openCacheEarly } from '../data/openCacheEarly'
import { readFirstPageEarly } from '../db/earlyFirstPage'
import { useCacheStatus } from '../stores/cache'
import { useConnection } from '../stores/connection'

// main.tsx imports this module first, so it runs before React, the router and the rest of
// the entry are evaluated: the database starts opening as early as the page's code can ask.

/** The profile that was active when the app last ran (the app's info names it only once the bridge answers). */
const LAST_PROFILE_KEY = 'intent-explorer.last-profile'
/** History's URL parameters that leave its first page as it is: the cap and the "load all" view. */
const FIRST_PAGE_PARAMS = new Set(['cap', 'all'])

/**
 * The profile whose History first page is worth reading before React mounts: the app opens
 * on History without filters, sort or page size in the URL, working offline (online, the
 * first page comes from the service), with a remembered profile. Should app-info name
 * another profile, the read is simply never used (`takeFirstPageEarly` checks).
 */
export function firstPageProfile(hash: string, storage: Pick<Storage, 'getItem'>): string | undefined {
  const [path, search = ''] = hash.replace(/^#/, '').split('?')
  if (path !== '/history') return undefined
  if ([...new URLSearchParams(search).keys()].some((k) => !FIRST_PAGE_PARAMS.has(k))) return undefined
  return startingProfile(storage)
}

/**
 * Working offline, the profile remembered from the last run: History's list reads the cache
 * by it until the app's info answers (`startingProfileId`, `useListProfileId`). Online, none.
 */
export function startingProfile(storage: Pick<Storage, 'getItem'>): string | undefined {
  if (!useCacheStatus.getState().forcedOffline) return undefined
  return storage.getItem(LAST_PROFILE_KEY) ?? undefined
}

/** Remembers the active profile whenever the app's info names it, for the next start. */
export function rememberActiveProfile(storage: Pick<Storage, 'getItem' | 'setItem'>): () => void {
  return useConnection.subscribe(({ info }) => {
    const id = info?.activeProfileId
    if (id && storage.getItem(LAST_PROFILE_KEY) !== id) storage.setItem(LAST_PROFILE_KEY, id)
  })
}

function earlyStart(): void {
  let storage: Storage | undefined
  try {
    storage = localStorage
  } catch {
    // No storage (a locked-down page): nothing is remembered, the first page is read as usual.
  }
  const profileId = storage && firstPageProfile(location.hash, storage)
  openCacheEarly(globalThis.indexedDB, profileId ? (db) => readFirstPageEarly(db, profileId) : undefined)
  if (!storage) return
  useConnection.setState({ startingProfileId: startingProfile(storage) })
  rememberActiveProfile(storage)
}

earlyStart()
