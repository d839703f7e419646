import { create } from 'zustand'
import type { Result, SvcError } from '@contract/errors'
import type { WatchList, WatchState } from '@contract/watch'
import { call } from '../../data/call'
import { useConnection } from '../../stores/connection'

/**
 * The active profile's watches as the main process reports them. The main process owns
 * the list and the long-polls; this store only mirrors it, fed by the bridge's
 * `watch:*` events (see `sync.ts`) and by the answers to its own actions.
 */
export interface WatchesState {
  byId: Readonly<Record<string, WatchState>>
  notificationsMuted: boolean
  /** The profile the last loaded list belongs to; null until one loaded, or if the profile changed meanwhile. */
  profileId: string | null
  /** Bumped on every full list load, so the cache mirror knows when to sync. */
  listVersion: number
  status: 'idle' | 'loading' | 'ready' | 'failed'
  /** Why the list could not be loaded or the last action failed. */
  error: SvcError | null

  refresh(): Promise<void>
  /** Each action resolves to the failure, or null; the failure is also kept in `error`. */
  add(intentId: string): Promise<SvcError | null>
  remove(intentId: string): Promise<SvcError | null>
  setMuted(intentId: string, muted: boolean): Promise<SvcError | null>
  setNotificationsMuted(muted: boolean): Promise<SvcError | null>
  clearFinished(): Promise<SvcError | null>

  /** Replaces the list, keeping any entry fresher than the list's copy. */
  applyList(list: WatchList, profileId: string | null): void
  /** Applies one watch's new state from an event, if the watch is on the shown list. */
  applyWatch(watch: WatchState): void
}

/**
 * Events and answers travel separately (IPC replies vs events, or HTTP vs SSE), so a list
 * fetched just before a receipt arrived can land after it. The incoming copy wins unless
 * the known one holds a strictly newer answer.
 */
const fresher = (incoming: WatchState, known: WatchState): WatchState =>
  (known.lastUpdateAt ?? 0) > (incoming.lastUpdateAt ?? 0) ? known : incoming

const activeProfileId = () => useConnection.getState().info?.activeProfileId

export const useWatches = create<WatchesState>()((set, get) => {
  let refreshing: Promise<void> | null = null
  let refreshAgain = false
  // A list asked for before one of this page's actions was answered may or may not show
  // what the action did: for the watches such actions changed, the store says whether
  // they are watched and muted, and the list still brings any newer receipt.
  let actions = 0
  const changedBy = new Map<string, number>()
  const changed = (intentId: string) => changedBy.set(intentId, ++actions)

  const withLaterActions = (list: WatchList, asked: number): WatchList => {
    const later = new Set([...changedBy].filter(([, action]) => action > asked).map(([id]) => id))
    for (const [id, action] of changedBy) if (action <= asked) changedBy.delete(id)
    if (!later.size) return list
    const { byId } = get()
    const watches: WatchState[] = []
    for (const w of list.watches) {
      const mine = later.has(w.intentId) ? byId[w.intentId] : w
      if (mine) watches.push({ ...w, muted: mine.muted })
      later.delete(w.intentId)
    }
    for (const id of later) if (byId[id]) watches.push(byId[id])
    return { ...list, watches }
  }

  const act = async <T>(pending: Promise<Result<T>>, apply: (value: T) => void): Promise<SvcError | null> => {
    const r = await pending
    if (!r.ok) {
      set({ error: r.error })
      return r.error
    }
    set({ error: null })
    apply(r.value)
    return null
  }

  /** An action's answer: authoritative for what the action changed (added, mute flag). */
  const put = (watch: WatchState) =>
    set((s) => {
      const known = s.byId[watch.intentId]
      const next = known?.profileId === watch.profileId ? { ...fresher(watch, known), muted: watch.muted } : watch
      return { byId: { ...s.byId, [watch.intentId]: next } }
    })

  const putChanged = (watch: WatchState) => {
    changed(watch.intentId)
    put(watch)
  }

  return {
    byId: {},
    notificationsMuted: false,
    profileId: null,
    listVersion: 0,
    status: 'idle',
    error: null,

    // Coalesced: a burst of list events costs one fetch in flight plus at most one after it.
    refresh: () => {
      if (refreshing) {
        refreshAgain = true
        return refreshing
      }
      if (get().status !== 'ready') set({ status: 'loading' })
      refreshing = (async () => {
        do {
          refreshAgain = false
          const asked = activeProfileId()
          const askedAfter = actions
          const r = await call('listWatches', undefined)
          // The list is the active profile's at answer time; if that changed meanwhile, its owner is unknown.
          if (r.ok) get().applyList(withLaterActions(r.value, askedAfter), asked === activeProfileId() ? (asked ?? null) : null)
          else set({ status: get().status === 'ready' ? 'ready' : 'failed', error: r.error })
        } while (refreshAgain)
        refreshing = null
      })()
      return refreshing
    },

    add: (intentId) => act(call('watchIntent', { intentId }), putChanged),
    remove: (intentId) =>
      act(call('unwatchIntent', { intentId }), () => {
        changed(intentId)
        set((s) => {
          const byId = { ...s.byId }
          delete byId[intentId]
          return { byId }
        })
      }),
    setMuted: (intentId, muted) => act(call('setWatchMuted', { intentId, muted }), putChanged),
    setNotificationsMuted: (muted) => act(call('setNotificationsMuted', { muted }), (v) => set({ notificationsMuted: v.muted })),
    clearFinished: () => act(call('clearFinishedWatches', undefined), () => void get().refresh()),

    applyList: (list, profileId) =>
      set((s) => {
        const byId: Record<string, WatchState> = {}
        for (const w of list.watches) {
          const known = s.byId[w.intentId]
          byId[w.intentId] = known?.profileId === w.profileId ? fresher(w, known) : w
        }
        return {
          byId,
          notificationsMuted: list.notificationsMuted,
          profileId,
          listVersion: s.listVersion + 1,
          status: 'ready',
          error: null,
        }
      }),

    applyWatch: (watch) =>
      set((s) => {
        const known = s.byId[watch.intentId]
        // Events cover every profile's watches; only the shown list's are applied.
        if (known?.profileId !== watch.profileId) return s
        return { byId: { ...s.byId, [watch.intentId]: fresher(watch, known) } }
      }),
  }
})

/** The live state of one watched intent on the active profile; undefined when not watched. */
export const useWatch = (intentId: string): WatchState | undefined => useWatches((s) => s.byId[intentId])
