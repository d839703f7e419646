import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { Result } from '@contract/errors'
import type { WatchState } from '@contract/watch'
import { watchNews } from '@contract/watchNews'
import type { WatchMirror } from '../db'
import { cacheModule, type CacheModule } from '../db/lazy'
import { useConnection } from '../stores/connection'
import { call } from './call'
import { onMainEvent } from './events'
import { LIST_METHOD, listKey, updateList, withFields, withItem, withRemoved, type Mirror } from './mainList'

/** An action's answer, once `apply` wrote it into the cached list; a failure is thrown as its `SvcError`. */
export async function act<T>(pending: Promise<Result<T>>, apply: (value: T) => void): Promise<T> {
  const r = await pending
  if (!r.ok) throw r.error
  apply(r.value)
  return r.value
}

/**
 * The actions on main's receipt watches (add, remove, mute, clear finished): each asks
 * main and writes its answer into the cached `watches` list (`mainList.ts`), so every view
 * of the list shows the change before main's event arrives. Each resolves to main's answer.
 */
export function watchActions(client: QueryClient) {
  const profileId = () => useConnection.getState().info?.activeProfileId ?? ''
  const answered = (w: WatchState) => updateList(client, 'watches', w.profileId, (m) => withItem(m, w))
  return {
    add: (intentId: string) => act(call('watchIntent', { intentId }), answered),
    remove: (intentId: string) => act(call('unwatchIntent', { intentId }), (v) => updateList(client, 'watches', profileId(), (m) => withRemoved(m, [intentId], v.revision))),
    setMuted: (intentId: string, muted: boolean) => act(call('setWatchMuted', { intentId, muted }), answered),
    setNotificationsMuted: (muted: boolean) =>
      act(call('setNotificationsMuted', { muted }), (v) => updateList(client, 'watches', profileId(), (m) => withFields(m, { notificationsMuted: v.muted }, v.revision))),
    clearFinished: () =>
      act(call('clearFinishedWatches', undefined), (v) => {
        const finished = (m: { items: WatchState[] }) => m.items.filter((w) => w.phase === 'done').map((w) => w.intentId)
        updateList(client, 'watches', profileId(), (m) => withRemoved(m, finished(m), v.revision))
        // Main cleared what it knew finished, which may include a watch whose end this page has not heard yet.
        void client.invalidateQueries({ queryKey: listKey('watches', profileId()) })
      }),
  }
}

/**
 * Pauses or resumes main's watching ("Work offline" asks the service nothing); main keeps
 * the setting across restarts. A failure is logged: the watches go on as they were.
 */
export async function setWatchingPaused(paused: boolean): Promise<void> {
  const r = await call('setWatchingPaused', { paused })
  if (!r.ok) console.warn('could not pause or resume watching', r.error)
}

/**
 * A list's actions as mutations, one hook per action: the control that acted draws the
 * mutation's `isPending` (disabled, "Adding…") and `error` (the failure, thrown, beside it).
 */
export function useListAction<Actions, A, R>(actionsOf: (client: QueryClient) => Actions, run: (actions: Actions, args: A) => Promise<R>) {
  const client = useQueryClient()
  return useMutation({ mutationFn: (args: A) => run(actionsOf(client), args) })
}

export const useAddWatch = () => useListAction(watchActions, (a, intentId: string) => a.add(intentId))
export const useRemoveWatch = () => useListAction(watchActions, (a, intentId: string) => a.remove(intentId))
export const useSetWatchMuted = () => useListAction(watchActions, (a, v: { intentId: string; muted: boolean }) => a.setMuted(v.intentId, v.muted))
export const useSetNotificationsMuted = () => useListAction(watchActions, (a, muted: boolean) => a.setNotificationsMuted(muted))
export const useClearFinishedWatches = () => useListAction(watchActions, (a, _none: void) => a.clearFinished())

/** The watches' copy in the cache (receipts and the mirrored list), for offline review: see the data README. */
const mirrorOf = ({ intentId, addedAt, status, phase, muted, lastUpdateAt }: WatchState): WatchMirror => ({ intentId, addedAt, status, done: phase === 'done', muted, lastUpdateAt })

/** A receipt worth keeping: not trimmed (a summary of one too large to keep, or read back from disk), and with the time it was read. */
function cacheReceiptOf(db: CacheModule, w: WatchState): Promise<unknown> | undefined {
  if (w.receipt && !w.receiptTrimmed && w.receiptSource) return db.cacheReceipt(w.receiptSource, w.receipt)
}

/** Brings the profile's mirror in line with the list main just reported. */
async function mirrorList(db: CacheModule, profileId: string, watches: readonly WatchState[]): Promise<void> {
  const listed = new Set(watches.map((w) => w.intentId))
  const stale = (await db.listWatchMirror(profileId)).filter((m) => !listed.has(m.intentId))
  await Promise.all([...watches.map((w) => db.putWatchMirror(profileId, mirrorOf(w))), ...stale.map((m) => db.removeWatchMirror(profileId, m.intentId))])
}

/** A watch's new state from an event: its receipt cached under its own profile, its mirror row updated for the profile shown. */
async function writeWatchChange(watch: WatchState): Promise<void> {
  const news = watchNews(watch)
  if (news !== 'changed' && news !== 'done') return
  const db = await cacheModule()
  void cacheReceiptOf(db, watch)
  if (watch.profileId === useConnection.getState().info?.activeProfileId) await db.putWatchMirror(watch.profileId, mirrorOf(watch))
}

/**
 * A list read from main (a profile's first, or after a list event) is mirrored. Receipts
 * main received while no window was open reach the cache through the first list read for
 * the profile, each with the time it was read; from then on, events bring every new one.
 */
function followListReads(client: QueryClient, receiptsCached: Set<string>): () => void {
  return client.getQueryCache().subscribe((e) => {
    if (e.type !== 'updated' || e.action.type !== 'success') return
    const [profileId, source] = e.query.queryKey as readonly unknown[]
    if (source !== LIST_METHOD.watches || typeof profileId !== 'string' || !profileId) return
    const { items } = e.action.data as Mirror<'watches'>
    const firstRead = !receiptsCached.has(profileId)
    receiptsCached.add(profileId)
    void cacheModule()
      .then((db) => {
        if (firstRead) for (const w of items) void cacheReceiptOf(db, w)
        return mirrorList(db, profileId, items)
      })
      // The mirror is a convenience for offline viewing; the live list is unaffected.
      .catch((err) => console.warn('could not mirror the watch list', err))
  })
}

/** Writes the watches' cache copy for the life of the page (`DataProvider` starts it). Returns the stop. */
export function followWatchCache(client: QueryClient): () => void {
  const stops = [
    onMainEvent((event) => {
      if (event.type !== 'list:changed' || event.kind !== 'watches') return
      for (const watch of event.items) void writeWatchChange(watch).catch((err) => console.warn('could not mirror a watch', err))
    }),
    followListReads(client, new Set()),
  ]
  return () => stops.forEach((stop) => stop())
}
