import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { Result, SvcError } from '@contract/errors'
import type { WatchState } from '@contract/watch'
import { useConnection } from '../stores/connection'
import { call } from './call'
import { listKey, updateList, withFields, withItem, withRemoved } from './mainList'

/**
 * The actions on main's receipt watches (add, remove, mute, clear finished): each asks
 * main and writes its answer into the cached `watches` list (`mainList.ts`), so every view
 * of the list shows the change before main's event arrives.
 */
export interface WatchActions {
  /** Each action resolves to the failure, or null. */
  add(intentId: string): Promise<SvcError | null>
  remove(intentId: string): Promise<SvcError | null>
  setMuted(intentId: string, muted: boolean): Promise<SvcError | null>
  setNotificationsMuted(muted: boolean): Promise<SvcError | null>
  clearFinished(): Promise<SvcError | null>
}

async function act<T>(pending: Promise<Result<T>>, apply: (value: T) => void): Promise<SvcError | null> {
  const r = await pending
  if (!r.ok) return r.error
  apply(r.value)
  return null
}

export function watchActions(client: QueryClient): WatchActions {
  const profileId = () => useConnection.getState().info?.activeProfileId ?? ''
  const answered = (w: WatchState) => updateList(client, 'watches', w.profileId, (m) => withItem(m, w))
  return {
    add: (intentId) => act(call('watchIntent', { intentId }), answered),
    remove: (intentId) => act(call('unwatchIntent', { intentId }), (v) => updateList(client, 'watches', profileId(), (m) => withRemoved(m, [intentId], v.revision))),
    setMuted: (intentId, muted) => act(call('setWatchMuted', { intentId, muted }), answered),
    setNotificationsMuted: (muted) =>
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

/** An action's answer as a mutation's outcome: the failure thrown, so it is the mutation's `error`. */
export async function failureThrown(pending: Promise<SvcError | null>): Promise<void> {
  const failure = await pending
  if (failure) throw failure
}

/**
 * The watch actions as mutations, one hook per action: the control that acted draws the
 * mutation's `isPending` (disabled, "Adding…") and `error` (the failure, beside it).
 */
function useWatchMutation<A>(run: (actions: WatchActions, args: A) => Promise<SvcError | null>) {
  const client = useQueryClient()
  return useMutation({ mutationFn: (args: A) => failureThrown(run(watchActions(client), args)) })
}

export const useAddWatch = () => useWatchMutation((a, intentId: string) => a.add(intentId))
export const useRemoveWatch = () => useWatchMutation((a, intentId: string) => a.remove(intentId))
export const useSetWatchMuted = () => useWatchMutation((a, v: { intentId: string; muted: boolean }) => a.setMuted(v.intentId, v.muted))
export const useSetNotificationsMuted = () => useWatchMutation((a, muted: boolean) => a.setNotificationsMuted(muted))
export const useClearFinishedWatches = () => useWatchMutation((a, _none: void) => a.clearFinished())
