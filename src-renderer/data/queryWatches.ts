import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { Result, SvcError } from '@contract/errors'
import type { AddQueryWatchArgs, QueryWatchState } from '@contract/queryWatch'
import { useConnection } from '../stores/connection'
import { call } from './call'
import { updateList, withFields, withItem, withRemoved } from './mainList'
import { failureThrown } from './watches'

/**
 * The actions on main's watched History filters (add, remove, pause, mark seen, poll
 * now): each asks main and writes its answer into the cached `queryWatches` list.
 */
export interface QueryWatchActions {
  add(args: AddQueryWatchArgs): Promise<Result<QueryWatchState>>
  /** Each of these resolves to the failure, or null. */
  remove(id: string): Promise<SvcError | null>
  setPaused(id: string, paused: boolean): Promise<SvcError | null>
  markSeen(id: string): Promise<SvcError | null>
  pollNow(id: string): Promise<SvcError | null>
}

export function queryWatchActions(client: QueryClient): QueryWatchActions {
  const answered = (q: QueryWatchState) => updateList(client, 'queryWatches', q.profileId, (m) => withItem(m, q))
  const act = async (pending: Promise<Result<QueryWatchState>>) => {
    const r = await pending
    if (r.ok) answered(r.value)
    return r.ok ? null : r.error
  }
  return {
    async add(args) {
      const r = await call('addQueryWatch', args)
      if (r.ok) answered(r.value)
      return r
    },
    async remove(id) {
      const r = await call('removeQueryWatch', { id })
      if (!r.ok) return r.error
      const profileId = useConnection.getState().info?.activeProfileId ?? ''
      updateList(client, 'queryWatches', profileId, (m) =>
        withFields(withRemoved(m, [id], r.value.revision), { count: r.value.removed ? Math.max(0, m.count - 1) : m.count }, r.value.revision),
      )
      return null
    },
    setPaused: (id, paused) => act(call('setQueryWatchPaused', { id, paused })),
    markSeen: (id) => act(call('markQueryWatchSeen', { id })),
    pollNow: (id) => act(call('pollQueryWatchNow', { id })),
  }
}

/**
 * The watched filters' actions as mutations, one hook per action: the control that acted
 * draws `isPending` and `error`; adding resolves to the saved filter.
 */
export function useAddQueryWatch() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (args: AddQueryWatchArgs) => {
      const r = await queryWatchActions(client).add(args)
      if (!r.ok) throw r.error
      return r.value
    },
  })
}

function useQueryWatchMutation<A>(run: (actions: QueryWatchActions, args: A) => Promise<SvcError | null>) {
  const client = useQueryClient()
  return useMutation({ mutationFn: (args: A) => failureThrown(run(queryWatchActions(client), args)) })
}

export const useRemoveQueryWatch = () => useQueryWatchMutation((a, id: string) => a.remove(id))
export const useSetQueryWatchPaused = () => useQueryWatchMutation((a, v: { id: string; paused: boolean }) => a.setPaused(v.id, v.paused))
export const useMarkQueryWatchSeen = () => useQueryWatchMutation((a, id: string) => a.markSeen(id))
export const usePollQueryWatchNow = () => useQueryWatchMutation((a, id: string) => a.pollNow(id))
