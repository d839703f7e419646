import { useEffect } from 'react'
import type { BridgeEvent } from '@contract/bridge'
import type { WatchState } from '@contract/watch'
import type { WatchMirror } from '../../db'
import { cacheModule } from '../../db/lazy'
import { call } from '../../data/call'
import { onMainEvent } from '../../data/events'
import { useCacheStatus } from '../../stores/cache'
import { useConnection } from '../../stores/connection'
import { showOutcomeNotification } from './browserNotify'
import { useWatches } from './store'

/**
 * Wires the watch store to the bridge for the life of the page: events update the store,
 * every receipt is written through to the cache (which records each new status as a
 * transition), the list is mirrored in the cache for offline viewing, and finished
 * watches notify from the page when the browser host serves it.
 */

const mirrorOf = (w: WatchState): WatchMirror => ({
  intentId: w.intentId,
  addedAt: w.addedAt,
  status: w.status,
  done: w.phase === 'done',
  muted: w.muted,
  lastUpdateAt: w.lastUpdateAt,
})

/** Shows the intent, switching to its profile first when a notice came from another one. */
export async function openIntent(profileId: string, intentId: string): Promise<void> {
  if (useConnection.getState().info?.activeProfileId !== profileId) {
    const r = await call('setActiveProfile', { id: profileId })
    if (r.ok) useConnection.getState().setInfo(r.value)
  }
  location.hash = `#/intent/${encodeURIComponent(intentId)}`
}

/** Brings the profile's mirror in line with the list main just reported. */
async function mirrorList(profileId: string, watches: readonly WatchState[]): Promise<void> {
  try {
    const db = await cacheModule()
    const listed = new Set(watches.map((w) => w.intentId))
    const stale = (await db.listWatchMirror(profileId)).filter((m) => !listed.has(m.intentId))
    await Promise.all([
      ...watches.map((w) => db.putWatchMirror(profileId, mirrorOf(w))),
      ...stale.map((m) => db.removeWatchMirror(profileId, m.intentId)),
    ])
  } catch (e) {
    // The mirror is a convenience for offline viewing; the live list is unaffected.
    console.warn('could not mirror the watch list', e)
  }
}

/** Profiles whose listed receipts this page has written to the cache. */
const receiptsCached = new Set<string>()

/**
 * Receipts the main process received while no window was open reach the cache through
 * the first list this page loads for the profile, each with the time it was read; from
 * then on, events bring every new one. A trimmed receipt (`receiptTrimmed`: a summary of
 * one too large to keep, or read back from disk) never goes into the cache.
 */
function cacheListedReceipts(profileId: string, watches: readonly WatchState[]): void {
  if (receiptsCached.has(profileId)) return
  receiptsCached.add(profileId)
  void cacheModule().then((db) => {
    for (const w of watches) if (w.receipt && !w.receiptTrimmed && w.receiptSource) void db.cacheReceipt(w.receiptSource, w.receipt)
  })
}

function handleWatchEvent(event: BridgeEvent): void {
  const store = useWatches.getState()
  switch (event.type) {
    case 'watch:changed':
    case 'watch:done': {
      const { watch, source } = event
      if (watch.receipt && !watch.receiptTrimmed) void cacheModule().then((db) => db.cacheReceipt(source, watch.receipt!))
      if (store.applyWatch(watch))
        void cacheModule()
          .then((db) => db.putWatchMirror(watch.profileId, mirrorOf(watch)))
          .catch((e) => console.warn('could not mirror a watch', e))
      // The main process decided the notice is due; the page only shows it, in the browser host.
      if (event.type === 'watch:done' && event.notice && useConnection.getState().info?.runtime === 'host') {
        showOutcomeNotification(event.notice, () => void openIntent(watch.profileId, watch.intentId))
      }
      return
    }
    case 'watch:retrying':
    case 'watch:error':
      store.applyWatch(event.watch)
      return
    case 'watch:list':
      void store.refresh()
      return
    case 'watch:open':
      void openIntent(event.profileId, event.intentId)
      return
  }
}

let stopSync: (() => void) | null = null

/**
 * "Work offline" pauses the main process's watching too, so the app asks the service
 * nothing; switching it off resumes the watches. Main keeps the setting across restarts.
 */
async function pauseWithOfflineSwitch(paused: boolean): Promise<void> {
  const r = await call('setWatchingPaused', { paused })
  if (!r.ok) console.warn('could not pause or resume watching', r.error)
}

/**
 * Starts the wiring once per page and loads the list; later calls only load the list if
 * it never was. The list is reloaded whenever the active profile changes, and mirrored
 * after each load.
 */
export function startWatchSync(): () => void {
  if (stopSync) {
    if (useWatches.getState().status === 'idle') void useWatches.getState().refresh()
    return stopSync
  }
  const unsubscribe = onMainEvent(handleWatchEvent)
  const unwatchProfile = useConnection.subscribe((s, prev) => {
    if (s.info?.activeProfileId !== prev.info?.activeProfileId) void useWatches.getState().refresh()
  })
  const unwatchOffline = useCacheStatus.subscribe((s, prev) => {
    if (s.forcedOffline !== prev.forcedOffline) void pauseWithOfflineSwitch(s.forcedOffline)
  })
  // Once per page: a pause left from an earlier run is lifted when this page is online.
  void pauseWithOfflineSwitch(useCacheStatus.getState().forcedOffline)
  const unwatchList = useWatches.subscribe((s, prev) => {
    if (s.listVersion === prev.listVersion || !s.profileId) return
    const watches = Object.values(s.byId)
    cacheListedReceipts(s.profileId, watches)
    void mirrorList(s.profileId, watches)
  })
  void useWatches.getState().refresh()
  stopSync = () => {
    unsubscribe()
    unwatchProfile()
    unwatchOffline()
    unwatchList()
    receiptsCached.clear()
    stopSync = null
  }
  return stopSync
}

/** For components that need the watch list: makes sure the wiring runs. */
export function useWatchSync(): void {
  useEffect(() => {
    startWatchSync()
  }, [])
}
