import { createHash } from 'node:crypto'
import type { DataSource } from '../../src-shared/contract/app'
import { SvcFailure, type SvcError } from '../../src-shared/contract/errors'
import type { WaitIntentReceiptResponse } from '../../src-shared/contract/service'
import type { WatchControl, WatchState } from '../../src-shared/contract/watch'
import type { ServiceSession } from '../service/client'
import type { ListOptions } from './listBook'
import { DEFAULT_BACKOFF, type BackoffPolicy } from './backoff'
import { WatchBook, keyOf, type Entry } from './book'
import { STATES_KEPT_CHARS, fitsJson, keptError } from './keep'
import { noticeDue, noticeFor, type Notify } from './notice'
import { applyAnswer } from './receipt'
import { Scheduler } from './schedule'
import { Slots } from '../../src-shared/contract/slots'

export interface ReceiptWatcherOptions extends ListOptions {
  /** The service session of a profile; looked up on every call so profile edits apply. */
  session: (profileId: string) => ServiceSession
  notify?: Notify
  /** Long-polls held open at once, over all profiles. */
  maxConcurrent?: number
  /** Watches kept at once, over all profiles; adding past it is refused with a message. */
  maxWatches?: number
  backoff?: Partial<BackoffPolicy>
  /** Calls for one watch start at least this far apart: a service answering at once, with nothing new, would be asked again at once forever. */
  minPollIntervalMs?: number
}

/** A board of a couple of hundred watches held whole, every change arriving as it happens; past it, watches take turns (slots.ts). */
export const DEFAULT_MAX_CONCURRENT = 256
/** Past a few thousand watches the board is unreadable, and a page adding watches without end would grow loops, file and board. */
export const DEFAULT_MAX_WATCHES = 2_000
const DEFAULT_MIN_POLL_INTERVAL_MS = 1_000

/** Stopped by a failure rather than finished: a settings change or a new request may cure it. */
const stoppedByFailure = (entry: Entry) => entry.state.phase === 'done' && !entry.state.outcome

/**
 * One WaitIntentReceipt loop per unfinished watch, for every profile, with the list on disk
 * (`WatchControl` for the bridge): the watch list (`WatchBook`) and its loops, run by the
 * lists' one `Scheduler`.
 */
export class ReceiptWatcher extends WatchBook implements WatchControl {
  private readonly scheduler: Scheduler<Entry>
  private readonly slots: Slots
  private readonly policy: BackoffPolicy
  private readonly minInterval: number
  private readonly maxWatches: number

  constructor(private readonly opts: ReceiptWatcherOptions) {
    super(opts)
    this.maxWatches = opts.maxWatches ?? DEFAULT_MAX_WATCHES
    this.slots = new Slots(opts.maxConcurrent ?? DEFAULT_MAX_CONCURRENT)
    this.policy = { ...DEFAULT_BACKOFF, ...opts.backoff }
    this.minInterval = opts.minPollIntervalMs ?? DEFAULT_MIN_POLL_INTERVAL_MS
    this.scheduler = new Scheduler<Entry>(
      {
        name: (entry) => `Watching ${entry.state.intentId}`,
        crashMessage: 'Watching stopped because of an unexpected error in the app — add the watch again to retry.',
        dueAt: (entry) => entry.dueAt,
        attempt: (entry, signal) => this.ask(entry, signal),
        policy: () => this.policy,
        retrying: (entry, error, retryAt) => {
          entry.dueAt = retryAt
          this.changed(this.stamp(entry, { phase: 'retrying', error, retryAt }))
        },
        stopped: (entry, error) => this.finish(entry, error),
      },
      // Work offline parks every watch (`setPaused`); the gate keeps any loop from asking meanwhile.
      { ...this.env, paused: () => this.paused },
    )
    // Restore: every watch comes back; the unfinished ones resume where they were (unless paused).
    for (const entry of this.entries.values()) if (entry.state.phase !== 'done') this.begin(entry)
  }

  watch(profileId: string, intentId: string, watchOpts?: { muted?: boolean }): WatchState {
    const known = this.entries.get(keyOf(profileId, intentId))
    if (known) {
      // A watch stopped by a failure (a missing key, say) starts over when added again.
      if (stoppedByFailure(known)) {
        this.begin(known)
        this.listChanged([profileId], true)
      }
      return known.state
    }
    if (this.entries.size >= this.maxWatches)
      throw new SvcFailure({
        kind: 'InvalidArgument',
        message: `The app already follows ${this.maxWatches.toLocaleString('en-US')} intents, the most it watches at once — clear finished watches or remove some, then add this one again.`,
      })
    const entry: Entry = { state: { profileId, intentId, addedAt: this.env.now(), phase: 'queued', muted: watchOpts?.muted ?? false, revision: 0 } }
    this.entries.set(keyOf(profileId, intentId), entry)
    this.begin(entry)
    this.listChanged([profileId], true)
    return entry.state
  }

  unwatch(profileId: string, intentId: string): boolean {
    const key = keyOf(profileId, intentId)
    const entry = this.entries.get(key)
    if (!entry) return false
    this.scheduler.halt(entry)
    this.entries.delete(key)
    this.listChanged([profileId])
    return true
  }

  list(profileId: string) {
    return this.listOf(profileId, true)
  }

  clearFinished(profileId: string): number {
    const done = [...this.entries].filter(([, e]) => e.state.profileId === profileId && e.state.phase === 'done')
    for (const [key] of done) this.entries.delete(key)
    if (done.length) this.listChanged([profileId])
    return done.length
  }

  setMuted(profileId: string, intentId: string, muted: boolean): WatchState {
    const entry = this.entries.get(keyOf(profileId, intentId))
    if (!entry) throw new SvcFailure({ kind: 'NotFound', message: `Intent ${intentId} is not being watched.` })
    this.stamp(entry, { muted })
    this.listChanged([profileId], true)
    return entry.state
  }

  resumeStopped(profileId: string): number {
    const stopped = [...this.entries.values()].filter((e) => e.state.profileId === profileId && stoppedByFailure(e))
    for (const entry of stopped) this.begin(entry)
    if (stopped.length) this.listChanged([profileId], true)
    return stopped.length
  }

  setNotificationsMuted(muted: boolean): boolean {
    this.notificationsMuted = muted
    this.listChanged([...this.entries.values()].map((e) => e.state.profileId))
    return muted
  }

  setPaused(paused: boolean): boolean {
    if (this.paused === paused) return paused
    this.paused = paused
    for (const entry of this.entries.values()) {
      if (entry.state.phase === 'done') continue
      // Halted before it is stamped, so a loop's late answer cannot overwrite the pause.
      this.scheduler.halt(entry)
      this.begin(entry)
    }
    this.listChanged([...this.entries.values()].map((e) => e.state.profileId))
    return paused
  }

  async stop(): Promise<void> {
    await this.scheduler.stopAll(this.entries.values())
    await this.flush()
  }

  /** (Re)starts a watch from the queue, or parks it while paused; a stale error or retry goes. */
  begin(entry: Entry): void {
    this.stamp(entry, { phase: this.paused ? 'paused' : 'queued', error: undefined, retryAt: undefined })
    if (this.paused) return
    entry.dueAt = undefined
    entry.failures = 0
    this.scheduler.start(entry)
  }

  /** One call, holding a slot for exactly as long as the call is open; false once the watch has its outcome. */
  private async ask(entry: Entry, signal: AbortSignal): Promise<boolean> {
    if (entry.state.phase !== 'retrying') this.quietly(entry, { phase: 'queued' })
    if (!(await this.slots.acquire(signal))) return false
    const startedAt = this.env.now()
    let answer: WaitIntentReceiptResponse
    let source: DataSource
    try {
      if (entry.state.phase !== 'retrying') this.quietly(entry, { phase: 'polling' })
      const session = this.opts.session(entry.state.profileId)
      answer = await session.client.waitIntentReceipt(
        { intentId: entry.state.intentId, ...(entry.states && { lastReceiptStates: entry.states }) },
        { signal },
      )
      source = session.source()
    } finally {
      this.slots.release()
    }
    if (signal.aborted) return false
    entry.dueAt = startedAt + this.minInterval
    if (!this.receive(entry, answer, source)) return true
    this.finish(entry)
    return false
  }

  /**
   * Folds an answer into the watch and announces it if anything moved; true once the watch
   * has its outcome. Only a hash of the answer and its states (when small) stay behind.
   */
  private receive(entry: Entry, answer: WaitIntentReceiptResponse, source: DataSource): boolean {
    const previous = entry.state
    const fingerprint = createHash('sha256').update(JSON.stringify([answer.intentReceipt, answer.receiptStates])).digest('base64')
    // Coming back from errors is news too: the board must stop saying "retrying".
    const changed = fingerprint !== entry.fingerprint || previous.phase === 'retrying'
    entry.fingerprint = fingerprint
    entry.states = fitsJson(answer.receiptStates, STATES_KEPT_CHARS) ? answer.receiptStates : undefined
    const next = this.keep(entry, { ...applyAnswer(previous, answer, this.env.now()), receiptSource: source })
    const final = next.outcome !== undefined
    if (changed || final) this.announce(entry, previous, next)
    else this.quietly(entry, next)
    return final
  }

  private announce(entry: Entry, previous: WatchState, next: WatchState): void {
    const state = this.stamp(entry, next)
    const notice = state.outcome && noticeDue(previous, state, this.notificationsMuted) ? noticeFor({ ...state, outcome: state.outcome }) : undefined
    this.changed(state, notice)
    if (notice) this.show(this.opts.notify, notice, state.intentId)
  }

  /** Stops the watch for good: an outcome was reached or a failure cannot be cured. */
  private finish(entry: Entry, error?: SvcError): void {
    if (error) this.changed(this.stamp(entry, { phase: 'done', error: keptError(error), retryAt: undefined }))
    entry.controller = undefined
    this.save()
  }
}
