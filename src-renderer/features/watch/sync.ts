import { useEffect } from 'react'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { BridgeEvent } from '@contract/bridge'
import { watchNews, type WatchState } from '@contract/watch'
import type { WatchMirror } from '../../db'
import { cacheModule } from '../../db/lazy'
import { setWatchingPaused } from '../../data/watches'
import { onMainEvent } from '../../data/events'
import { LIST_METHOD, type Mirror } from '../../data/mainList'
import { showInProfile } from '../../data/showInProfile'
import { useCacheStatus } from '../../stores/cache'
import { useConnection } from '../../stores/connection'
import { showOutcomeNotification } from './browserNotify'

/**
 * What the page does with watch events besides showing them (the list itself lives in
 * the query cache, `data/mainList.ts`), for the life of the page: every receipt is written through to the cache (which records each new status as a
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
const openIntent = (profileId: string, intentId: string) => showInProfile(profileId, `#/intent/${encodeURIComponent(intentId)}`)

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
  if (event.type === 'list:open' && event.kind === 'watches') void openIntent(event.profileId, event.id)
  if (event.type !== 'list:changed' || event.kind !== 'watches') return
  for (const watch of event.items) {
    const news = watchNews(watch)
    if (news !== 'changed' && news !== 'done') continue
    const { receipt, receiptSource } = watch
    if (receipt && !watch.receiptTrimmed && receiptSource) void cacheModule().then((db) => db.cacheReceipt(receiptSource, receipt))
    if (watch.profileId === useConnection.getState().info?.activeProfileId)
      void cacheModule()
        .then((db) => db.putWatchMirror(watch.profileId, mirrorOf(watch)))
        .catch((e) => console.warn('could not mirror a watch', e))
    // The main process decided the notice is due; the page only shows it, in the browser host.
    if (event.notice && useConnection.getState().info?.runtime === 'host') {
      showOutcomeNotification(event.notice, () => void openIntent(watch.profileId, watch.intentId))
    }
  }
}

/** Each list read from main (a profile's first, or after a list event) is mirrored in the cache. */
function followListReads(client: QueryClient): () => void {
  return client.getQueryCache().subscribe((e) => {
    if (e.type !== 'updated' || e.action.type !== 'success') return
    const [profileId, source] = e.query.queryKey as readonly unknown[]
    if (source !== LIST_METHOD.watches || typeof profileId !== 'string' || !profileId) return
    const { items } = e.action.data as Mirror<'watches'>
    cacheListedReceipts(profileId, items)
    void mirrorList(profileId, items)
  })
}

let stopSync: (() => void) | null = null

/** "Work offline" pauses the main process's watching too; switching it off resumes the watches. */
const pauseWithOfflineSwitch = setWatchingPaused

let syncedClient: QueryClient | null = null

/** Starts the wiring once per page (again only for another query cache); later calls return the same stop. */
export function startWatchSync(client: QueryClient): () => void {
  if (stopSync && syncedClient === client) return stopSync
  stopSync?.()
  syncedClient = client
  const unsubscribe = onMainEvent(handleWatchEvent)
  const unwatchOffline = useCacheStatus.subscribe((s, prev) => {
    if (s.forcedOffline !== prev.forcedOffline) void pauseWithOfflineSwitch(s.forcedOffline)
  })
  // Once per page: a pause left from an earlier run is lifted when this page is online.
  void pauseWithOfflineSwitch(useCacheStatus.getState().forcedOffline)
  const unwatchReads = followListReads(client)
  stopSync = () => {
    unsubscribe()
    unwatchOffline()
    unwatchReads()
    receiptsCached.clear()
    stopSync = null
    syncedClient = null
  }
  return stopSync
}

/** For components that show watches: makes sure the wiring runs. */
export function useWatchSync(): void {
  const client = useQueryClient()
  useEffect(() => {
    startWatchSync(client)
  }, [client])
}
