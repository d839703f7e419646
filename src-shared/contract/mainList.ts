/**
 * Lists the main process owns and every window shows (receipt watches, watched History
 * filters), in one protocol: a snapshot `{ kind, revision, items }` of one profile's list;
 * every item carries the revision of its last change, from one counter per list that only
 * grows (across restarts too); a change to the list itself takes a revision too, and the
 * snapshot's holds every change up to it. Answers and events travel apart, so a window keeps
 * the copy with the higher revision and a tombstone for what it removed until a newer
 * snapshot arrives.
 */

export const MAIN_LIST_KINDS = ['watches', 'queryWatches'] as const
export type MainListKind = (typeof MAIN_LIST_KINDS)[number]

/** What every item of a main-owned list carries. */
export interface ListItem {
  profileId: string
  /** The counter's value at this item's last change. */
  revision: number
}

/** One profile's list as main read it: every change up to `revision` is in `items`. */
export interface ListSnapshot<K extends MainListKind, T extends ListItem> {
  kind: K
  revision: number
  items: T[]
}

/**
 * The one event of every main-owned list: `items` changed at `revision`, whole; after a
 * change to the list itself `list` is the profile's snapshot (`brief`: bulky parts such
 * as receipts left out). No `profileId` only when a setting of every profile changed.
 */
export interface ListChanged<K extends MainListKind, T extends ListItem, L extends ListSnapshot<K, T>> {
  type: 'list:changed'
  kind: K
  profileId?: string
  revision: number
  items: T[]
  list?: L
  brief?: boolean
}

/** A notice about an item was clicked: the window should show it. */
export interface ListOpen<K extends MainListKind> {
  type: 'list:open'
  kind: K
  profileId: string
  id: string
}

/** What the keeper of every main-owned list offers the bridge besides its own methods. */
export interface ListControl {
  /** Set when the saved list could not be read at start-up and was moved aside. */
  readonly recovered?: { backupPath: string; reason: string }
  /** Starts again every item of the profile a failure stopped (its key or URL changed: it may be cured). Returns how many. */
  resumeStopped(profileId: string): number
  /** The revision counter now: an action's answer carries it, so the window can order it against lists. */
  revision(): number
  stop(): Promise<void>
}
