import { createHash } from 'node:crypto'
import type { DataSource } from '../../src-shared/contract/app'
import type { WaitIntentReceiptResponse } from '../../src-shared/contract/service'
import type { SvcError } from '../../src-shared/contract/errors'
import type { WatchState } from '../../src-shared/contract/watch'
import type { ServiceSession } from '../service/session'
import type { BackoffPolicy } from './backoff'
import type { Entry, WatchBook } from './book'
import { STATES_KEPT_CHARS, fitsJson, keptError } from './keep'
import { noticeDue, noticeFor, type Notify } from './notice'
import { applyAnswer } from './receipt'
import { Scheduler } from './schedule'
import type { Slots } from './slots'

/** What the loops need besides the book (and its clock): the service and the limits. */
export interface LoopDeps {
  book: WatchBook
  session: (profileId: string) => ServiceSession
  slots: Slots
  policy: BackoffPolicy
  minInterval: number
  notify?: Notify
}

/** One WaitIntentReceipt loop per unfinished watch, run by the lists' one `Scheduler`. */
export class WatchLoops {
  private readonly scheduler: Scheduler<Entry>

  constructor(private readonly d: LoopDeps) {
    const { book } = d
    this.scheduler = new Scheduler<Entry>(
      {
        name: (entry) => `Watching ${entry.state.intentId}`,
        crashMessage: 'Watching stopped because of an unexpected error in the app — add the watch again to retry.',
        dueAt: (entry) => entry.dueAt,
        attempt: (entry, signal) => this.ask(entry, signal),
        policy: () => d.policy,
        retrying: (entry, error, retryAt) => {
          entry.dueAt = retryAt
          book.changed(book.stamp(entry, { phase: 'retrying', error, retryAt }))
        },
        stopped: (entry, error) => this.finish(entry, error),
      },
      // Work offline parks every watch (`setPaused`); the gate keeps any loop from asking meanwhile.
      { ...book.env, paused: () => book.paused },
    )
  }

  start(entry: Entry): void {
    entry.dueAt = undefined
    entry.failures = 0
    this.scheduler.start(entry)
  }

  halt(entry: Entry): void {
    this.scheduler.halt(entry)
  }

  /** Ends every loop for good; resolves when all have returned. */
  stopAll(entries: Iterable<Entry>): Promise<void> {
    return this.scheduler.stopAll(entries)
  }

  /** One call, holding a slot for exactly as long as the call is open; false once the watch has its outcome. */
  private async ask(entry: Entry, signal: AbortSignal): Promise<boolean> {
    if (entry.state.phase !== 'retrying') this.d.book.quietly(entry, { phase: 'queued' })
    if (!(await this.d.slots.acquire(signal))) return false
    const startedAt = this.d.book.env.now()
    let answer: WaitIntentReceiptResponse
    let source: DataSource
    try {
      if (entry.state.phase !== 'retrying') this.d.book.quietly(entry, { phase: 'polling' })
      const session = this.d.session(entry.state.profileId)
      answer = await session.client.waitIntentReceipt(
        { intentId: entry.state.intentId, ...(entry.states && { lastReceiptStates: entry.states }) },
        { signal },
      )
      source = session.source()
    } finally {
      this.d.slots.release()
    }
    if (signal.aborted) return false
    entry.dueAt = startedAt + this.d.minInterval
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
    const next = this.d.book.keep(entry, { ...applyAnswer(previous, answer, this.d.book.env.now()), receiptSource: source })
    const final = next.outcome !== undefined
    if (changed || final) this.announce(entry, previous, next)
    else this.d.book.quietly(entry, next)
    return final
  }

  private announce(entry: Entry, previous: WatchState, next: WatchState): void {
    const state = this.d.book.stamp(entry, next)
    const notice = state.outcome && noticeDue(previous, state, this.d.book.notificationsMuted) ? noticeFor({ ...state, outcome: state.outcome }) : undefined
    this.d.book.changed(state, notice)
    if (notice) this.d.book.show(this.d.notify, notice, state.intentId)
  }

  /** Stops the watch for good: an outcome was reached or a failure cannot be cured. */
  private finish(entry: Entry, error?: SvcError): void {
    if (error) this.d.book.changed(this.d.book.stamp(entry, { phase: 'done', error: keptError(error), retryAt: undefined }))
    entry.controller = undefined
    this.d.book.save()
  }
}
