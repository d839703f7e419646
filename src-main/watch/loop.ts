import { createHash } from 'node:crypto'
import type { DataSource } from '../../src-shared/contract/app'
import type { WaitIntentReceiptResponse } from '../../src-shared/contract/service'
import { isSvcFailure, type SvcError } from '../../src-shared/contract/errors'
import type { WatchState } from '../../src-shared/contract/watch'
import type { ServiceSession } from '../service/session'
import type { Sleep } from '../service/retry'
import { backoffDelay, isFatal, type BackoffPolicy } from './backoff'
import type { Entry, WatchBook } from './book'
import { STATES_KEPT_CHARS, fitsJson, keptError } from './keep'
import { noticeDue, noticeFor, type Notify } from './notice'
import { applyAnswer } from './receipt'
import { LoopRunner } from './runner'
import type { Slots } from './slots'

/** What the loops need besides the book: the service, the clock and the limits. */
export interface LoopDeps {
  book: WatchBook
  session: (profileId: string) => ServiceSession
  slots: Slots
  policy: BackoffPolicy
  minInterval: number
  notify?: Notify
  now: () => number
  sleep: Sleep
  random: () => number
  log: (message: string) => void
}

type Asked = { answer: WaitIntentReceiptResponse; source: DataSource } | { failure: unknown }

export const asSvcError = (e: unknown): SvcError =>
  isSvcFailure(e)
    ? e.error
    : // The text of an unexpected exception goes to the log only: it may quote anything.
      { kind: 'Internal', message: 'Watching stopped because of an unexpected error in the app — add the watch again to retry.' }

/** One WaitIntentReceipt loop per unfinished watch. */
export class WatchLoops {
  // Whatever goes wrong inside a loop stops this watch with a message.
  private readonly runner = new LoopRunner<Entry>(
    (entry, signal) => this.run(entry, signal),
    (entry, e, current) => {
      this.d.log(`Watch loop for ${entry.state.intentId} ended: ${String(e)}`)
      if (current) this.finish(entry, asSvcError(e))
    },
  )

  constructor(private readonly d: LoopDeps) {}

  start(entry: Entry): void {
    this.runner.start(entry)
  }

  halt(entry: Entry): void {
    this.runner.halt(entry)
  }

  /** Ends every loop for good; resolves when all have returned. */
  stopAll(entries: Iterable<Entry>): Promise<void> {
    return this.runner.stopAll(entries)
  }

  private async run(entry: Entry, signal: AbortSignal): Promise<void> {
    let failures = 0
    while (!signal.aborted) {
      if (entry.state.phase !== 'retrying') this.d.book.quietly(entry, { phase: 'queued' })
      if (!(await this.d.slots.acquire(signal))) return
      const startedAt = this.d.now()
      const result = await this.ask(entry, signal)
      if (signal.aborted) return
      if ('failure' in result) {
        if (!(await this.failed(entry, result.failure, ++failures, signal))) return
        continue
      }
      failures = 0
      if (this.receive(entry, result.answer, result.source)) return this.finish(entry)
      const early = this.d.minInterval - (this.d.now() - startedAt)
      if (early > 0) await this.d.sleep(early, signal)
    }
  }

  /** One call, holding a slot for exactly as long as the call is open. */
  private async ask(entry: Entry, signal: AbortSignal): Promise<Asked> {
    if (entry.state.phase !== 'retrying') this.d.book.quietly(entry, { phase: 'polling' })
    try {
      const session = this.d.session(entry.state.profileId)
      const answer = await session.client.waitIntentReceipt(
        { intentId: entry.state.intentId, ...(entry.states && { lastReceiptStates: entry.states }) },
        { signal },
      )
      return { answer, source: session.source() }
    } catch (failure) {
      return { failure }
    } finally {
      this.d.slots.release()
    }
  }

  /** A failed call: stops the watch (false) or waits out the backoff and says so (true). */
  private async failed(entry: Entry, failure: unknown, failures: number, signal: AbortSignal): Promise<boolean> {
    const error = keptError(asSvcError(failure))
    if (!isSvcFailure(failure)) this.d.log(`Watching ${entry.state.intentId}: ${String(failure)}`)
    if (isFatal(error)) {
      this.finish(entry, error)
      return false
    }
    const delay = backoffDelay(this.d.policy, failures, error, this.d.random)
    const watch = this.d.book.stamp(entry, { phase: 'retrying', error, retryAt: this.d.now() + delay })
    this.d.book.emit({ type: 'watch:retrying', watch })
    await this.d.sleep(delay, signal)
    return true
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
    const next = this.d.book.keep(entry, { ...applyAnswer(previous, answer, this.d.now()), receiptSource: source })
    const final = next.outcome !== undefined
    if (changed || final) this.announce(entry, previous, next, source)
    else this.d.book.quietly(entry, next)
    return final
  }

  private announce(entry: Entry, previous: WatchState, next: WatchState, source: DataSource): void {
    const state = this.d.book.stamp(entry, next)
    if (!state.outcome) {
      this.d.book.emit({ type: 'watch:changed', watch: state, source })
      return
    }
    const notice = noticeDue(previous, state, this.d.book.notificationsMuted) ? noticeFor({ ...state, outcome: state.outcome }) : undefined
    this.d.book.emit({ type: 'watch:done', watch: state, source, ...(notice && { notice }) })
    if (!notice || !this.d.notify) return
    try {
      this.d.notify(notice)
    } catch (e) {
      this.d.log(`Could not show a notification for ${state.intentId}: ${String(e)}`)
    }
  }

  /** Stops the watch for good: an outcome was reached or a failure cannot be cured. */
  private finish(entry: Entry, error?: SvcError): void {
    if (error) {
      const watch = this.d.book.stamp(entry, { phase: 'done', error: keptError(error), retryAt: undefined })
      this.d.book.emit({ type: 'watch:error', watch })
    }
    entry.controller = undefined
    this.d.book.save()
  }
}
