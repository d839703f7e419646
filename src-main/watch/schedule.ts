import { isSvcFailure, type SvcError } from '../../src-shared/contract/errors'
import { MAX_TIMER_DELAY_MS } from '../service/timer'
import { backoffDelay, isFatal, type BackoffPolicy } from './backoff'
import { keptError } from './keep'
import type { ListEnv } from './listBook'

/** What an item of a list main owns needs to be scheduled. */
export interface Scheduled {
  /** Aborting it ends the loop, including a call being held. */
  controller?: AbortController
  loop?: Promise<void>
  /** Ends the current wait early, so a changed due time is looked at again. */
  wake?: () => void
  /** Failures in a row; the next good attempt clears it. */
  failures?: number
}

/** One kind of item's work: the scheduler decides when, this says what. */
export interface Job<E extends Scheduled> {
  /** Named in the log. */
  name(entry: E): string
  /** When the next attempt is due (epoch ms); undefined: now. */
  dueAt(entry: E): number | undefined
  /** One attempt: true to go on, false once the item is finished. Throws what failed. */
  attempt(entry: E, signal: AbortSignal): Promise<boolean>
  /** The backoff for this item; `floorMs`: never sooner than this. */
  policy(entry: E): BackoffPolicy & { floorMs?: number }
  /** A failure another attempt may cure: the item waits until `retryAt`. */
  retrying(entry: E, error: SvcError, retryAt: number): void
  /** A failure another attempt cannot cure, or the loop itself crashed: the item stops. */
  stopped(entry: E, error: SvcError): void
  /** Shown when the loop itself failed unexpectedly (its details go to the log only). */
  crashMessage: string
}

/** A list's clock and log (`ListBook.env`); `paused`: Work offline, while it holds an attempt that falls due asks nothing and waits. */
export type SchedulerOptions = ListEnv & { paused?: () => boolean }

/** How often an attempt held by Work offline looks whether the pause was lifted. */
export const PAUSE_CHECK_MS = 5_000

/**
 * The one scheduler of the lists main owns: one loop per item, each attempt when due, none
 * while offline; failures stop the item or back off (`backoff.ts`). Nothing in a loop
 * escapes to the process (an unhandled rejection would end the app): the item stops with a
 * message, unless the loop was halted meanwhile.
 */
export class Scheduler<E extends Scheduled> {
  private stopped = false

  constructor(
    private readonly job: Job<E>,
    private readonly o: SchedulerOptions,
  ) {}

  start(entry: E): void {
    if (this.stopped) return
    const controller = new AbortController()
    entry.controller = controller
    entry.loop = this.run(entry, controller.signal).catch((e: unknown) => {
      this.o.log(`${this.job.name(entry)} ended: ${String(e)}`)
      if (entry.controller === controller) this.job.stopped(entry, this.asError(e))
    })
  }

  halt(entry: E): void {
    entry.controller?.abort()
    entry.controller = undefined
  }

  /** Ends every loop for good; resolves when all have returned. */
  async stopAll(entries: Iterable<E>): Promise<void> {
    this.stopped = true
    const loops = [...entries].map((e) => {
      this.halt(e)
      return e.loop
    })
    await Promise.all(loops)
  }

  /** The failure as an item keeps it: every text a service filled cut to size. */
  asError(e: unknown): SvcError {
    return keptError(isSvcFailure(e) ? e.error : { kind: 'Internal', message: this.job.crashMessage })
  }

  private async run(entry: E, signal: AbortSignal): Promise<void> {
    const untilDue = () => (this.job.dueAt(entry) ?? 0) - this.o.now()
    let wait = untilDue()
    while (!signal.aborted) {
      // A wait cut short (woken, or past the longest timer) looks at the due time again.
      if (wait > 0 && ((await this.waitOrWake(entry, wait, signal)) || wait > MAX_TIMER_DELAY_MS)) {
        wait = untilDue()
        continue
      }
      if (this.o.paused?.()) {
        await this.waitOrWake(entry, PAUSE_CHECK_MS, signal)
        wait = untilDue()
        continue
      }
      try {
        if (!(await this.job.attempt(entry, signal))) return
        entry.failures = 0
        wait = untilDue()
      } catch (failure) {
        if (signal.aborted) return
        // The backoff is waited as set, not read back from the clock.
        const delay = this.failed(entry, failure)
        if (delay === undefined) return
        wait = delay
      }
    }
  }

  /** A failed attempt: stops the item (undefined) or sets its retry and says how long to wait. */
  private failed(entry: E, failure: unknown): number | undefined {
    if (!isSvcFailure(failure)) this.o.log(`${this.job.name(entry)}: ${String(failure)}`)
    const error = this.asError(failure)
    if (isFatal(error)) {
      this.job.stopped(entry, error)
      return undefined
    }
    const policy = this.job.policy(entry)
    const delay = Math.max(policy.floorMs ?? 0, backoffDelay(policy, (entry.failures = (entry.failures ?? 0) + 1), error, this.o.random))
    this.job.retrying(entry, error, this.o.now() + delay)
    return delay
  }

  /** Waits `ms`, or less when woken or halted; true when cut short. */
  private async waitOrWake(entry: E, ms: number, signal: AbortSignal): Promise<boolean> {
    const inner = new AbortController()
    const onAbort = () => inner.abort()
    signal.addEventListener('abort', onAbort, { once: true })
    entry.wake = onAbort
    try {
      await this.o.sleep(ms, inner.signal)
      return inner.signal.aborted
    } finally {
      signal.removeEventListener('abort', onAbort)
      entry.wake = undefined
    }
  }
}
