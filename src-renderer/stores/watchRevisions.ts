import type { WatchList, WatchState } from '@contract/watch'

/**
 * How the page orders what it hears about watches. Events, lists and action answers
 * travel separately (IPC replies vs events, or HTTP vs SSE), so an older copy can arrive
 * after a newer one. The main process stamps every change with a revision from one
 * counter that only grows; the page keeps the copy with the higher revision. Pure.
 */

export type ById = Readonly<Record<string, WatchState>>
/** Watches this page removed, by the removal's revision: a list read before it may still hold them. */
export type Removed = Readonly<Record<string, number>>

export interface Shown {
  byId: ById
  removed: Removed
}

/** The copy to keep: the incoming one unless the known one is strictly newer. */
export const newer = (incoming: WatchState, known: WatchState | undefined): WatchState =>
  known && known.revision > incoming.revision ? known : incoming

const removedAfter = (removed: Removed, intentId: string, revision: number) => (removed[intentId] ?? -1) > revision

/**
 * Folds a list into what is shown. A list of another profile replaces everything. For the
 * same profile, every change up to `list.revision` is in the list, so a watch it lacks
 * stays only if it changed later (added after the list was read), and a watch it holds
 * stays out if this page removed it later.
 */
export function withList(shown: Shown, list: WatchList, sameProfile: boolean): Shown {
  if (!sameProfile) return { byId: Object.fromEntries(list.watches.map((w) => [w.intentId, w])), removed: {} }
  const byId: Record<string, WatchState> = {}
  for (const w of list.watches) {
    if (!removedAfter(shown.removed, w.intentId, list.revision)) byId[w.intentId] = newer(w, shown.byId[w.intentId])
  }
  for (const w of Object.values(shown.byId)) {
    if (!byId[w.intentId] && w.revision > list.revision) byId[w.intentId] = w
  }
  // A removal the list already reflects needs no remembering.
  const removed = Object.fromEntries(Object.entries(shown.removed).filter(([, revision]) => revision > list.revision))
  return { byId, removed }
}

/**
 * Folds one watch's new state from an event into what is shown; null when it changes
 * nothing: the watch is not shown (another profile's, or not watched), or the copy is
 * not newer than the one shown.
 */
export function withEvent(byId: ById, watch: WatchState): ById | null {
  const known = byId[watch.intentId]
  if (known?.profileId !== watch.profileId || known.revision >= watch.revision) return null
  return { ...byId, [watch.intentId]: watch }
}

/** An action's answer (added, muted): shown unless a newer copy or a later removal is known. */
export function withAnswer(shown: Shown, watch: WatchState): ById {
  if (removedAfter(shown.removed, watch.intentId, watch.revision)) return shown.byId
  const known = shown.byId[watch.intentId]
  return { ...shown.byId, [watch.intentId]: known?.profileId === watch.profileId ? newer(watch, known) : watch }
}

/** Removals this page made, answered at `revision`: gone unless changed since, and remembered against older lists. */
export function withRemoved(shown: Shown, intentIds: readonly string[], revision: number): Shown {
  const byId = { ...shown.byId }
  const removed = { ...shown.removed }
  for (const id of intentIds) {
    if ((byId[id]?.revision ?? -1) < revision) delete byId[id]
    removed[id] = revision
  }
  return { byId, removed }
}
