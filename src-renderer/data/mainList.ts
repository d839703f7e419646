import type { QueryClient } from '@tanstack/react-query'
import type { BridgeEvent } from '@contract/bridge'
import type { MainListKind } from '@contract/mainList'
import type { QueryWatchList } from '@contract/queryWatch'
import type { WatchList } from '@contract/watch'
import { useConnection } from '../stores/connection'
import { onMainEvent } from './events'
import { queryKeys } from './keys'

/**
 * The lists main owns, in the query cache under their list method's key (the data README's
 * `mainList.ts`): the higher revision wins, and what this page removed stays removed (a
 * tombstone) until a later snapshot. The rules are pure; `followMainLists` applies events.
 */

export type SnapshotOf<K extends MainListKind> = K extends 'watches' ? WatchList : QueryWatchList
type ItemOf<K extends MainListKind> = SnapshotOf<K>['items'][number]

/** What the cache holds for one profile's list: the snapshot, and this page's removals by their revision. */
export type Mirror<K extends MainListKind> = SnapshotOf<K> & { removed: Readonly<Record<string, number>> }

export const LIST_METHOD = { watches: 'listWatches', queryWatches: 'listQueryWatches' } as const

const itemId = (item: ItemOf<MainListKind>): string => ('intentId' in item ? item.intentId : item.id)

export const listKey = (kind: MainListKind, profileId: string) => queryKeys.request(profileId, LIST_METHOD[kind], undefined)

type AnyMirror = Mirror<MainListKind>
type AnyItem = ItemOf<MainListKind>

const removedAfter = (removed: AnyMirror['removed'], id: string, revision: number) => (removed[id] ?? -1) >= revision

/** The copy to keep: the incoming one unless the known one has a higher revision. */
const higherRevision = <T extends AnyItem>(incoming: T, known: T | undefined): T => (known && known.revision > incoming.revision ? known : incoming)

/**
 * Folds a snapshot into what is shown. Every change up to `list.revision` is in the list,
 * so a known item it lacks stays only if it changed later, and an item it holds stays out
 * if this page removed it later. The list's own fields (a mute, a pause, the counts) come
 * from whichever copy has the higher revision.
 */
export function withSnapshot<K extends MainListKind>(known: Mirror<K> | undefined, list: SnapshotOf<K>): Mirror<K> {
  if (!known) return { ...list, removed: {} } as unknown as Mirror<K>
  const byId = new Map<string, AnyItem>(known.items.map((i) => [itemId(i), i]))
  const items: AnyItem[] = []
  for (const item of list.items as AnyItem[]) if (!removedAfter(known.removed, itemId(item), list.revision)) items.push(higherRevision(item, byId.get(itemId(item))))
  const listed = new Set(items.map(itemId))
  for (const item of known.items as AnyItem[]) if (!listed.has(itemId(item)) && item.revision > list.revision) items.push(item)
  const removed = Object.fromEntries(Object.entries(known.removed).filter(([, revision]) => revision > list.revision))
  const fields = list.revision >= known.revision ? list : known
  return { ...fields, revision: Math.max(list.revision, known.revision), items, removed } as unknown as Mirror<K>
}

/**
 * Folds one item's new state (an event or an action's answer) in: a known item is
 * replaced by a copy of a higher revision; an unknown one joins when it changed after the snapshot was
 * read and this page did not remove it since. Returns the mirror unchanged otherwise.
 */
export function withItem<K extends MainListKind>(known: Mirror<K>, item: ItemOf<K>): Mirror<K> {
  const id = itemId(item)
  const items = known.items as AnyItem[]
  const at = items.findIndex((i) => itemId(i) === id)
  if (at >= 0) {
    if (items[at].revision >= item.revision) return known
    return { ...known, items: items.map((i, n) => (n === at ? item : i)) } as unknown as Mirror<K>
  }
  if (item.revision <= known.revision || removedAfter(known.removed, id, item.revision)) return known
  return { ...known, items: [...items, item] } as unknown as Mirror<K>
}

/** Removals this page made, answered at `revision`: gone unless changed since, and remembered against older snapshots. */
export function withRemoved<K extends MainListKind>(known: Mirror<K>, ids: readonly string[], revision: number): Mirror<K> {
  const gone = new Set(ids)
  const items = (known.items as AnyItem[]).filter((i) => !gone.has(itemId(i)) || i.revision > revision)
  return { ...known, items, removed: { ...known.removed, ...Object.fromEntries(ids.map((id) => [id, revision])) } } as unknown as Mirror<K>
}

/** A change to the list's own fields (a mute, a pause) answered at `revision`: an older snapshot does not undo it. */
export function withFields<K extends MainListKind>(known: Mirror<K>, fields: Partial<Omit<SnapshotOf<K>, 'items' | 'kind' | 'revision'>>, revision: number): Mirror<K> {
  return { ...known, ...fields, revision: Math.max(known.revision, revision) }
}

/** Writes into one profile's list in the cache, if the page holds it. */
export function updateList<K extends MainListKind>(client: QueryClient, kind: K, profileId: string, update: (known: Mirror<K>) => Mirror<K>): void {
  client.setQueryData<Mirror<K>>(listKey(kind, profileId), (known) => (known ? update(known) : known))
}

/**
 * What one bridge event does to the lists in the cache: each changed item is folded in,
 * a snapshot replaces what is older, and a brief snapshot (items without their bulky
 * parts) has the list read again, whole.
 */
export function applyListEvent(client: QueryClient, event: BridgeEvent): void {
  if (event.type !== 'list:changed') return
  const { kind, items, list } = event
  const profileId = event.profileId ?? useConnection.getState().info?.activeProfileId
  if (!profileId) return
  for (const item of items as ItemOf<MainListKind>[]) updateList(client, kind, item.profileId, (m) => withItem(m, item))
  if (!list) return
  if (event.brief) void client.invalidateQueries({ queryKey: listKey(kind, profileId), refetchType: 'all' })
  else updateList(client, kind, profileId, (m) => withSnapshot(m, list as SnapshotOf<typeof kind>))
}

/** Writes every list event into `client` for the life of the page. Returns the unsubscribe. */
export const followMainLists = (client: QueryClient): (() => void) => onMainEvent((event) => applyListEvent(client, event))
