import type { QueryClient } from '@tanstack/react-query'
import type { AddQueryWatchArgs, QueryWatchState } from '@contract/queryWatch'
import { useConnection } from '../stores/connection'
import { call } from './call'
import { updateList, withFields, withItem, withRemoved } from './mainList'
import { act, useListAction } from './watches'

/**
 * The actions on main's watched History filters (add, remove, pause, mark seen, poll
 * now): each asks main and writes its answer into the cached `queryWatches` list, and
 * resolves to that answer (a failure is thrown).
 */
export function queryWatchActions(client: QueryClient) {
  const answered = (q: QueryWatchState) => updateList(client, 'queryWatches', q.profileId, (m) => withItem(m, q))
  return {
    add: (args: AddQueryWatchArgs) => act(call('addQueryWatch', args), answered),
    remove: (id: string) =>
      act(call('removeQueryWatch', { id }), (v) =>
        updateList(client, 'queryWatches', useConnection.getState().info?.activeProfileId ?? '', (m) =>
          withFields(withRemoved(m, [id], v.revision), { count: v.removed ? Math.max(0, m.count - 1) : m.count }, v.revision),
        ),
      ),
    setPaused: (id: string, paused: boolean) => act(call('setQueryWatchPaused', { id, paused }), answered),
    markSeen: (id: string) => act(call('markQueryWatchSeen', { id }), answered),
    pollNow: (id: string) => act(call('pollQueryWatchNow', { id }), answered),
  }
}

/** The watched filters' actions as mutations, one hook per action: the control that acted draws `isPending` and `error`. */
export const useAddQueryWatch = () => useListAction(queryWatchActions, (a, args: AddQueryWatchArgs) => a.add(args))
export const useRemoveQueryWatch = () => useListAction(queryWatchActions, (a, id: string) => a.remove(id))
export const useSetQueryWatchPaused = () => useListAction(queryWatchActions, (a, v: { id: string; paused: boolean }) => a.setPaused(v.id, v.paused))
export const useMarkQueryWatchSeen = () => useListAction(queryWatchActions, (a, id: string) => a.markSeen(id))
export const usePollQueryWatchNow = () => useListAction(queryWatchActions, (a, id: string) => a.pollNow(id))
