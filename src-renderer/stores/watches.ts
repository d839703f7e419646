import { create, type StoreApi } from 'zustand'
import type { Result, SvcError } from '@contract/errors'
import type { WatchList, WatchState } from '@contract/watch'
import type { BridgeCall } from '@contract/bridge'
import { useConnection } from './connection'
import { withAnswer, withEvent, withList, withRemoved, type ById, type Removed } from './watchRevisions'

/**
 * The active profile's watches as the main process reports them. The main process owns
 * the list and the long-polls; this store only shows it, fed by the bridge's `watch:*`
 * events (see `features/watch/sync.ts`) and by the answers to its own actions, keeping the
 * copy with the higher revision (see `watchRevisions.ts`). Its actions reach main through
 * the `call` it is made with (`features/watch/store.ts` gives it the data layer's).
 */
export interface WatchesState {
  byId: ById
  /** Removals this page made that a list read before them may still hold. */
  removed: Removed
  notificationsMuted: boolean
  /** The revision of the answer that last set `notificationsMuted`; an older list does not undo it. */
  mutedRevision: number
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

  /** Folds in a list read for `profileId` (null when the profile changed while it was read). */
  applyList(list: WatchList, profileId: string | null): void
  /** Applies one watch's new state from an event; true when it was shown and newer. */
  applyWatch(watch: WatchState): boolean
}

type Set = StoreApi<WatchesState>['setState']
type Get = StoreApi<WatchesState>['getState']

const activeProfileId = () => useConnection.getState().info?.activeProfileId

/** Coalesced: a burst of calls costs one run in flight plus at most one after it. */
function coalesced(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null
  let again = false
  return () => {
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      do {
        again = false
        await run()
      } while (again)
      running = null
    })()
    return running
  }
}

async function loadList(call: BridgeCall, set: Set, get: Get): Promise<void> {
  if (get().status !== 'ready') set({ status: 'loading' })
  const asked = activeProfileId()
  const r = await call('listWatches', undefined)
  // The list is the active profile's at answer time; if that changed meanwhile, its owner is unknown.
  if (r.ok) get().applyList(r.value, asked === activeProfileId() ? (asked ?? null) : null)
  else set({ status: get().status === 'ready' ? 'ready' : 'failed', error: r.error })
}

async function act<T>(set: Set, pending: Promise<Result<T>>, apply: (value: T) => void): Promise<SvcError | null> {
  const r = await pending
  if (!r.ok) {
    set({ error: r.error })
    return r.error
  }
  set({ error: null })
  apply(r.value)
  return null
}

function actions(call: BridgeCall, set: Set, get: Get): Pick<WatchesState, 'add' | 'remove' | 'setMuted' | 'setNotificationsMuted' | 'clearFinished'> {
  const answered = (w: WatchState) => set((s) => ({ byId: withAnswer(s, w) }))
  const removedAt = (ids: string[], revision: number) => set((s) => withRemoved(s, ids, revision))
  return {
    add: (intentId) => act(set, call('watchIntent', { intentId }), answered),
    remove: (intentId) => act(set, call('unwatchIntent', { intentId }), (v) => removedAt([intentId], v.revision)),
    setMuted: (intentId, muted) => act(set, call('setWatchMuted', { intentId, muted }), answered),
    setNotificationsMuted: (muted) =>
      act(set, call('setNotificationsMuted', { muted }), (v) => set({ notificationsMuted: v.muted, mutedRevision: v.revision })),
    clearFinished: () =>
      act(set, call('clearFinishedWatches', undefined), (v) => {
        const finished = Object.values(get().byId).filter((w) => w.phase === 'done')
        removedAt(
          finished.map((w) => w.intentId),
          v.revision,
        )
        // Main cleared what it knew finished, which may include a watch whose end this page has not heard yet.
        void get().refresh()
      }),
  }
}

/** The watches store, acting on main through `call`. */
export const watchesStore = (call: BridgeCall) =>
  create<WatchesState>()((set, get) => ({
    byId: {},
    removed: {},
    notificationsMuted: false,
    mutedRevision: -1,
    profileId: null,
    listVersion: 0,
    status: 'idle',
    error: null,

    refresh: coalesced(() => loadList(call, set, get)),
    ...actions(call, set, get),

    applyList: (list, profileId) =>
      set((s) => {
        const sameProfile = profileId !== null && profileId === s.profileId
        const muted = !sameProfile || list.revision >= s.mutedRevision
        return {
          ...withList(s, list, sameProfile),
          ...(muted && { notificationsMuted: list.notificationsMuted, mutedRevision: list.revision }),
          profileId,
          listVersion: s.listVersion + 1,
          status: 'ready',
          error: null,
        }
      }),

    applyWatch: (watch) => {
      const byId = withEvent(get().byId, watch)
      if (byId) set({ byId })
      return byId !== null
    },
  }))
