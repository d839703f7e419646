/**
 * What start-up can know before the bridge answers, from this origin's storage alone: the
 * profile that was active when the app last ran and the "work offline" switch. It imports
 * nothing, so the early script index.html loads before the entry (`app/openCacheScript.ts`)
 * carries it as well as the entry.
 */

/** The profile that was active when the app last ran (the app's info names it only once the bridge answers). */
export const LAST_PROFILE_KEY = 'intent-explorer.last-profile'
/** Where the cache status store (`stores/cache.ts`, zustand's persist) keeps the "work offline" switch, as `{ state: { forcedOffline } }`. */
export const CACHE_STATUS_KEY = 'intent-explorer.cache-status'
/** History's URL parameters that leave its first page as it is: the cap and the "load all" view. */
const FIRST_PAGE_PARAMS = new Set(['cap', 'all'])

/** This origin's storage, or none (a locked-down page: nothing is remembered, everything is read as usual). */
export function pageStorage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined
  } catch {
    return undefined
  }
}

function workingOffline(storage: Pick<Storage, 'getItem'>): boolean {
  try {
    return (JSON.parse(storage.getItem(CACHE_STATUS_KEY) ?? 'null') as { state?: { forcedOffline?: unknown } } | null)?.state?.forcedOffline === true
  } catch {
    return false
  }
}

/**
 * Working offline, the profile remembered from the last run: History's list reads the cache
 * by it until the app's info answers (`startingProfileId`, `useListProfileId`). Online, none.
 */
export function startingProfile(storage: Pick<Storage, 'getItem'>): string | undefined {
  if (!workingOffline(storage)) return undefined
  return storage.getItem(LAST_PROFILE_KEY) ?? undefined
}

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
