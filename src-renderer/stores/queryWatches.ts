import { create } from 'zustand'
import type { Result, SvcError } from '@contract/errors'
import type { AddQueryWatchArgs, QueryWatchList, QueryWatchState } from '@contract/queryWatch'
import { QUERY_WATCH_LIMITS } from '@contract/queryWatchNotice'
import type { BridgeCall } from '@contract/bridge'
import { useConnection } from './connection'

/**
 * The active profile's watched queries as the main process reports them. Main owns the
 * list and the polling; this store mirrors it, fed by `queryWatch:*` events
 * (`features/queryWatch/sync.ts`) and by the answers to its own actions, which reach main
 * through the `call` it is made with (`features/queryWatch/store.ts` gives it the data layer's).
 */
export interface QueryWatchesState {
  queries: readonly QueryWatchState[]
  /** Watched queries over all profiles, and the most there may be. */
  count: number
  max: number
  minIntervalMs: number
  /** The profile the loaded list belongs to. */
  profileId: string | null
  status: 'idle' | 'loading' | 'ready' | 'failed'
  error: SvcError | null

  refresh(): Promise<void>
  /** Each action resolves to the failure, or null; the failure is also kept in `error`. */
  add(args: AddQueryWatchArgs): Promise<Result<QueryWatchState>>
  remove(id: string): Promise<SvcError | null>
  setPaused(id: string, paused: boolean): Promise<SvcError | null>
  markSeen(id: string): Promise<SvcError | null>
  pollNow(id: string): Promise<SvcError | null>

  applyList(list: QueryWatchList, profileId: string): void
  /** One query's new state from an event, if it belongs to the shown profile. */
  applyQuery(query: QueryWatchState): void
}

/** The copy with the higher revision (main stamps each change); a list or answer computed before an event must not undo it. */
const newer = (incoming: QueryWatchState, known: QueryWatchState | undefined): QueryWatchState =>
  known && known.rev > incoming.rev ? known : incoming

const activeProfileId = () => useConnection.getState().info?.activeProfileId ?? null

/** The watched-filters store, acting on main through `call`. */
export const queryWatchesStore = (call: BridgeCall) =>
  create<QueryWatchesState>()((set, get) => {
    const act = async (pending: Promise<Result<QueryWatchState>>): Promise<SvcError | null> => {
      const r = await pending
      if (!r.ok) {
        set({ error: r.error })
        return r.error
      }
      set({ error: null })
      get().applyQuery(r.value)
      return null
    }

    return {
      queries: [],
      count: 0,
      max: QUERY_WATCH_LIMITS.maxQueries,
      minIntervalMs: QUERY_WATCH_LIMITS.minIntervalMs,
      profileId: null,
      status: 'idle',
      error: null,

      async refresh() {
        const profileId = activeProfileId()
        set({ status: get().status === 'ready' && get().profileId === profileId ? 'ready' : 'loading' })
        const r = await call('listQueryWatches', undefined)
        // The profile changed while the list was on its way: the next refresh brings the right one.
        if (profileId !== activeProfileId()) return
        if (!r.ok) return set({ status: 'failed', error: r.error })
        get().applyList(r.value, profileId ?? '')
        set({ status: 'ready', error: null })
      },

      async add(args) {
        const r = await call('addQueryWatch', args)
        if (!r.ok) set({ error: r.error })
        else {
          set({ error: null })
          get().applyQuery(r.value)
          void get().refresh()
        }
        return r
      },

      async remove(id) {
        const r = await call('removeQueryWatch', { id })
        if (!r.ok) {
          set({ error: r.error })
          return r.error
        }
        set((s) => ({ error: null, queries: s.queries.filter((q) => q.id !== id), count: r.value.removed ? Math.max(0, s.count - 1) : s.count }))
        return null
      },

      setPaused: (id, paused) => act(call('setQueryWatchPaused', { id, paused })),
      markSeen: (id) => act(call('markQueryWatchSeen', { id })),
      pollNow: (id) => act(call('pollQueryWatchNow', { id })),

      applyList(list, profileId) {
        const known = new Map(get().profileId === profileId ? get().queries.map((q) => [q.id, q]) : [])
        const queries = list.queries.map((q) => newer(q, known.get(q.id)))
        set({ queries, count: list.count, max: list.max, minIntervalMs: list.minIntervalMs, profileId })
      },

      applyQuery(query) {
        if (query.profileId !== activeProfileId()) return
        set((s) => {
          const known = s.queries.some((q) => q.id === query.id)
          return { queries: known ? s.queries.map((q) => (q.id === query.id ? newer(query, q) : q)) : [...s.queries, query] }
        })
      },
    }
  })
