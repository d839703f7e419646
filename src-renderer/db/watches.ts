import { explorerDb, prefixRange, type WatchRecord } from './db'

/**
 * The renderer's mirror of the main process's watch list: the watcher lives in main, but
 * the Watch view must still list what was watched, and how it ended, when offline.
 */

/** A mirrored watch; the profile it belongs to is passed alongside. */
export type WatchMirror = Omit<WatchRecord, 'profileId'>

export async function putWatchMirror(profileId: string, watch: WatchMirror): Promise<void> {
  await explorerDb().watches.put({ ...watch, profileId })
}

export async function removeWatchMirror(profileId: string, intentId: string): Promise<void> {
  await explorerDb().watches.delete([profileId, intentId])
}

/** Watches of the profile, most recently added first. */
export async function listWatchMirror(profileId: string): Promise<WatchRecord[]> {
  const rows = await prefixRange(explorerDb().watches, ':id', profileId).toArray()
  return rows.sort((a, b) => b.addedAt - a.addedAt)
}
