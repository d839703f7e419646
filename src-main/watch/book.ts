import type { WatchEvent, WatchList, WatchState } from '../../src-shared/contract/watch'
import type { EventHub } from '../events/hub'
import type { Recovery } from '../settings/jsonFile'
import { RECEIPT_KEPT_CHARS, jsonChars, receiptSummary } from './keep'
import { WatchFileWriter, loadWatchFile } from './persist'
import { RevisionCounter } from './revision'

/** The watcher's own record of a watch: the public state plus what its loop needs. */
export interface Entry {
  state: WatchState
  /**
   * The last answer's `receiptStates`, echoed back verbatim as `lastReceiptStates`; not
   * kept when past `STATES_KEPT_CHARS` (the next call then asks without them).
   */
  states?: unknown[]
  /** A hash of the last receipt and states, to tell a change from a timed-out hold. */
  fingerprint?: string
  /** The size of the whole receipt in `state`, counted against `KEPT_RECEIPTS_CHARS`; 0 for a summary. */
  receiptChars?: number
  /** Aborting it ends the loop, including a long-poll being held. */
  controller?: AbortController
  loop?: Promise<void>
}

/** Whole receipts in one list answer, in characters of JSON; the rest go as summaries. */
export const LIST_RECEIPTS_CHARS = 4 * 1024 * 1024
/** Whole receipts held by all watches together, in characters of JSON; past it a new one is kept as its summary. */
export const KEPT_RECEIPTS_CHARS = 16 * 1024 * 1024

export const keyOf = (profileId: string, intentId: string) => `${profileId}\n${intentId}`

export interface WatchBookOptions {
  events: EventHub
  file: string
  saveDelayMs?: number
  now: () => number
  log: (message: string) => void
  redact?: <T>(value: T) => T
}

/**
 * Every profile's watches, the global mute and the revision counter, kept on disk. Every
 * change a window may hear of goes through `stamp` (a new revision) and is saved.
 */
export class WatchBook {
  readonly entries = new Map<string, Entry>()
  notificationsMuted = false
  paused = false
  readonly recovery?: Recovery
  private readonly counter: RevisionCounter
  private readonly writer: WatchFileWriter

  constructor(private readonly opts: WatchBookOptions) {
    const redact = opts.redact ?? (<T>(value: T) => value)
    this.writer = new WatchFileWriter(opts.file, () => redact(this.snapshot()), opts.saveDelayMs, opts.log)
    const { list, recovery } = loadWatchFile(opts.file, opts.log)
    this.recovery = recovery
    this.notificationsMuted = list.notificationsMuted
    this.paused = list.paused
    this.counter = new RevisionCounter(Math.max(list.revision, ...list.items.map((w) => w.revision)), opts.now)
    for (const state of list.items) this.entries.set(keyOf(state.profileId, state.intentId), { state })
  }

  get revision(): number {
    return this.counter.current
  }

  /** The next revision (`RevisionCounter`), saved with the list. */
  next(): number {
    return this.counter.next()
  }

  /** Changes a watch in a way windows hear of: a new revision, saved. */
  stamp(entry: Entry, patch: Partial<WatchState>): WatchState {
    entry.state = { ...entry.state, ...patch, revision: this.next() }
    this.writer.schedule()
    return entry.state
  }

  /**
   * `state` with the receipt this watch may keep: whole while every watch's whole receipts
   * together stay within `KEPT_RECEIPTS_CHARS`, else its summary (`receiptTrimmed`).
   */
  keep(entry: Entry, state: WatchState): WatchState {
    entry.receiptChars = 0
    if (!state.receipt || state.receiptTrimmed) return state
    const size = jsonChars(state.receipt, RECEIPT_KEPT_CHARS)
    let held = 0
    for (const e of this.entries.values()) held += e.receiptChars ?? 0
    if (held + size > KEPT_RECEIPTS_CHARS) return { ...state, receipt: receiptSummary(state.receipt), receiptTrimmed: true }
    entry.receiptChars = size
    return state
  }

  /** Changes only the loop's own bookkeeping (queued ↔ polling), which no event reports. */
  quietly(entry: Entry, patch: Partial<WatchState>): void {
    entry.state = { ...entry.state, ...patch }
  }

  emit(event: WatchEvent): void {
    this.opts.events.emit(event)
  }

  /**
   * A profile's list. With receipts, whole ones go in up to `LIST_RECEIPTS_CHARS` in all;
   * past that each watch carries its receipt's summary (`receiptTrimmed`), so the answer
   * stays bounded however many watches there are and whatever their receipts hold.
   */
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
        } else watches.push({ ...state, receipt: receiptSummary(state.receipt), receiptTrimmed: true })
      }
    }
    return this.listWith(watches)
  }

  /**
   * Takes a new revision for a change to the list itself (added, removed, muted) and tells
   * every window. Receipts are left out: a list event can follow every click, and the
   * windows already hold each receipt from `watch:changed`.
   */
  listChanged(profileIds: Iterable<string>, stamped = false): void {
    if (!stamped) this.next()
    let any = false
    for (const profileId of new Set(profileIds)) {
      any = true
      this.emit({ type: 'watch:list', list: this.listOf(profileId, false) })
    }
    // No profile has watches: an empty list is true for all of them.
    if (!any) this.emit({ type: 'watch:list', list: this.listWith([]) })
    this.writer.schedule()
  }

  save(): void {
    this.writer.schedule()
  }

  flush(): Promise<void> {
    return this.writer.flush()
  }

  private listWith(items: WatchState[]): WatchList {
    return { kind: 'watches', revision: this.counter.current, items, notificationsMuted: this.notificationsMuted, paused: this.paused }
  }

  private snapshot(): WatchList {
    return this.listWith([...this.entries.values()].map((e) => e.state))
  }
}
