import { z } from 'zod'
import { WatchStateSchema, type WatchList, type WatchNotice, type WatchState } from '../../src-shared/contract/watch'
import { RECEIPT_KEPT_CHARS, jsonChars, storedWatch, summarised } from './keep'
import { ListBook, type ListOptions } from './listBook'
import type { Scheduled } from './schedule'

/**
 * The watch list on disk (written by `ListBook`): every profile's watches with their last
 * known state, the global mute and the pause. Each receipt's summary is kept (never the whole receipt, see `storedWatch`)
 * so the board still shows where a finished intent ended after a restart, when no
 * further call will be made for it.
 */
// Lists written before watches carried revisions have none: they count as 0.
const StoredWatchSchema = WatchStateSchema.extend({ revision: z.number().int().nonnegative().default(0) })

/** The file's contents, every watch within today's bounds (`storedWatch`), also from a file an older version wrote. */
const WatchFileSchema = z
  .object({
    version: z.literal(1),
    notificationsMuted: z.boolean(),
    paused: z.boolean().default(false),
    /** The revision counter when written, so revisions keep growing across restarts. */
    revision: z.number().int().nonnegative().default(0),
    watches: z.array(StoredWatchSchema),
  })
  .transform((f) => ({ ...f, watches: (f.watches as WatchState[]).map(storedWatch) }))
type WatchFile = z.output<typeof WatchFileSchema>

/** The watcher's own record of a watch: the public state plus what its loop needs. */
export interface Entry extends Scheduled {
  state: WatchState
  /** The last answer's `receiptStates`, echoed back verbatim; not kept past `STATES_KEPT_CHARS`. */
  states?: unknown[]
  /** A hash of the last receipt and states, to tell a change from a timed-out hold. */
  fingerprint?: string
  /** The size of the whole receipt in `state`, counted against `KEPT_RECEIPTS_CHARS`; 0 for a summary. */
  receiptChars?: number
  /** When the next call may start (calls for one watch start at least a second apart, or after a backoff). */
  dueAt?: number
}

/** Whole receipts in one list answer, in characters of JSON; the rest go as summaries. */
export const LIST_RECEIPTS_CHARS = 4 * 1024 * 1024
/** Whole receipts held by all watches together, in characters of JSON; past it a new one is kept as its summary. */
export const KEPT_RECEIPTS_CHARS = 16 * 1024 * 1024

export const keyOf = (profileId: string, intentId: string) => `${profileId}\n${intentId}`

/** Every profile's watches, the global mute and the pause, kept on disk; every change a window may hear of goes through `stamp`. */
export class WatchBook extends ListBook<WatchFile> {
  readonly entries = new Map<string, Entry>()
  notificationsMuted: boolean
  paused: boolean

  constructor(opts: ListOptions) {
    super({ ...opts, kind: 'watches', schema: WatchFileSchema, what: 'The watch list' }, (saved) => saved.watches.map((w) => w.revision))
    this.notificationsMuted = this.saved?.notificationsMuted ?? false
    this.paused = this.saved?.paused ?? false
    for (const state of this.saved?.watches ?? []) this.entries.set(keyOf(state.profileId, state.intentId), { state })
  }

  /** Tells every window of a watch's new state (with its notice when one is due). */
  changed(watch: WatchState, notice?: WatchNotice): void {
    this.emit({ profileId: watch.profileId, items: [watch], ...(notice && { notice }) })
  }

  /** `state` with its receipt whole while all watches' whole receipts stay within `KEPT_RECEIPTS_CHARS`, else its summary. */
  keep(entry: Entry, state: WatchState): WatchState {
    entry.receiptChars = 0
    if (!state.receipt || state.receiptTrimmed) return state
    const size = jsonChars(state.receipt, RECEIPT_KEPT_CHARS)
    const held = [...this.entries.values()].reduce((sum, e) => sum + (e.receiptChars ?? 0), 0)
    if (held + size > KEPT_RECEIPTS_CHARS) return summarised(state)
    entry.receiptChars = size
    return state
  }

  /** Changes only the loop's own bookkeeping (queued ↔ polling), which no event reports. */
  quietly(entry: Entry, patch: Partial<WatchState>): void {
    entry.state = { ...entry.state, ...patch }
  }

  /** A profile's list; with receipts, whole ones up to `LIST_RECEIPTS_CHARS` in all and summaries past it, so it stays bounded. */
  listOf(profileId: string, withReceipts: boolean): WatchList {
    const watches: WatchState[] = []
    let budget = LIST_RECEIPTS_CHARS
    for (const { state } of this.entries.values()) {
      if (state.profileId !== profileId) continue
      if (!withReceipts) watches.push({ ...state, receipt: undefined, receiptTrimmed: undefined })
      else if (!state.receipt || state.receiptTrimmed) watches.push(state)
      else {
        const size = jsonChars(state.receipt, RECEIPT_KEPT_CHARS)
        if (size <= budget) {
          budget -= size
          watches.push(state)
        } else watches.push(summarised(state))
      }
    }
    return this.listWith(watches)
  }

  /**
   * Takes a new revision for a change to the list itself and tells every window, without
   * receipts: a list event can follow every click, and windows already hold each receipt.
   */
  listChanged(profileIds: Iterable<string>, stamped = false): void {
    if (!stamped) this.next()
    const ids = new Set(profileIds)
    for (const profileId of ids) this.emit({ profileId, list: this.listOf(profileId, false), brief: true })
    // No profile has watches: an empty list is true for all of them.
    if (!ids.size) this.emit({ list: this.listWith([]), brief: true })
  }

  private listWith(items: WatchState[]): WatchList {
    return { kind: 'watches', revision: this.revision(), items, notificationsMuted: this.notificationsMuted, paused: this.paused }
  }

  protected contents(): WatchFile {
    const watches = [...this.entries.values()].map((e) => storedWatch(e.state))
    return { version: 1, notificationsMuted: this.notificationsMuted, paused: this.paused, revision: this.revision(), watches }
  }
}
