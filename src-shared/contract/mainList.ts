/**
 * Lists the main process owns and every window shows: receipt watches (`watch.ts`) and
 * watched History filters (`queryWatch.ts`). Both speak one protocol:
 *
 * - a snapshot `{ kind, revision, items }` of one profile's list, the answer of its list
 *   method and the payload of its list event;
 * - every item carries the `revision` of its last change, taken from one counter per
 *   list that only grows (across restarts too);
 * - every change to the list itself (added, removed, a setting) takes a revision as well,
 *   and the snapshot carries the counter when it was read: every change up to it is in
 *   `items`.
 *
 * Answers and events travel apart (IPC replies and events, or HTTP and the event stream),
 * so a window may hear an older copy after a newer one: it keeps the copy with the higher
 * revision, and remembers what it removed (a tombstone at the removal's revision) until a
 * snapshot newer than the removal arrives.
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
 * The one event of every main-owned list (`type: 'list:changed'`, told apart by `kind`).
 * `items` are the items that changed at `revision`, whole (a delta); after a change to the
 * list itself (added, removed, a setting) `list` is the profile's whole snapshot. A
 * `brief` snapshot leaves bulky parts of its items out (a watch's receipt): a window that
 * shows them reads the list again. `profileId` is absent only when a setting of every
 * profile changed and no profile has items.
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
  /**
   * Starts again every item of the profile that a failure stopped (a watch that reached its
   * outcome is not stopped): after the profile's key or URL changed, the failure may be
   * cured. Returns how many.
   */
  resumeStopped(profileId: string): number
  /** The revision counter now: an action's answer carries it, so the window can order it against lists. */
  revision(): number
  stop(): Promise<void>
}
