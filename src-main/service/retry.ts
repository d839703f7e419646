import { SvcFailure, type SvcError } from '../../src-shared/contract/errors'
import { isDeliberate } from './errorCatalogue'
import { setTimeout as wait } from 'node:timers/promises'
import { clampDelay } from './timer'

/**
 * Bounded retries for idempotent reads. Only failures that another attempt can cure are
 * retried: the connection failing, the service being unavailable (5xx), and rate
 * limiting. Time-outs are not retried (the user already waited the full deadline), nor
 * is anything the service answered deliberately (4xx other than 429).
 */
export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number
  /** Backoff before the second attempt; doubles each time, then jittered. */
  baseDelayMs: number
  maxDelayMs: number
  /** A Retry-After longer than this is not waited out: the error goes to the user instead. */
  maxRetryAfterMs: number
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  attempts: 3,
  baseDelayMs: 300,
  maxDelayMs: 5_000,
  maxRetryAfterMs: 30_000,
}

export interface RetryInfo {
  operation: string
  /** The attempt that failed, counting from 1. */
  attempt: number
  delayMs: number
  error: SvcError
}

/** Resolves after `ms`, or as soon as `signal` aborts; never rejects. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>

/** The real wait, never more than an hour (see `clampDelay`); an abort ends it early, as a plain return. */
export const realSleep: Sleep = (ms, signal) => wait(clampDelay(ms), undefined, { signal }).catch(() => undefined)

const RETRYABLE = new Set<SvcError['kind']>(['Network', 'Unavailable', 'RateLimited'])

/** How long to wait after the `attempt`-th (from 1) failed, or `undefined` to stop. */
export function retryDelay(policy: RetryPolicy, attempt: number, error: SvcError, random: () => number): number | undefined {
  // An empty answer is asked for once more, no more: a second empty one is the service's answer.
  if (error.emptyBody) return attempt === 1 && attempt < policy.attempts ? policy.baseDelayMs : undefined
  if (attempt >= policy.attempts || !RETRYABLE.has(error.kind) || isDeliberate(error.name)) return undefined
  if (error.kind === 'RateLimited' && error.retryAfterMs !== undefined) {
    return error.retryAfterMs <= policy.maxRetryAfterMs ? error.retryAfterMs : undefined
  }
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1))
  // "Equal jitter": spreads clients out without ever retrying immediately.
  return Math.round(ceiling / 2 + (random() * ceiling) / 2)
}

export interface RetryOptions {
  operation: string
  policy: RetryPolicy
  sleep: Sleep
  random: () => number
  signal?: AbortSignal
  onRetry?: (info: RetryInfo) => void
  /** The failure to throw when the caller cancels during a wait. */
  aborted: () => SvcError
}

export async function withRetry<T>(run: () => Promise<T>, opts: RetryOptions): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run()
    } catch (e) {
      if (!(e instanceof SvcFailure)) throw e
      const delayMs = retryDelay(opts.policy, attempt, e.error, opts.random)
      if (delayMs === undefined || opts.signal?.aborted) throw e
      opts.onRetry?.({ operation: opts.operation, attempt, delayMs, error: e.error })
      await opts.sleep(delayMs, opts.signal)
      if (opts.signal?.aborted) throw new SvcFailure(opts.aborted())
    }
  }
}
