import type { SvcError, SvcErrorKind } from '../../src-shared/contract/errors'
import { MAX_TIMER_DELAY_MS } from '../service/timer'

/** How long a watch waits after a failed call before it asks again. */
export interface BackoffPolicy {
  /** Wait after the first failure; doubles with each further one. */
  baseMs: number
  maxMs: number
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 1_000, maxMs: 30_000 }

/**
 * Failures another attempt cannot cure (unknown intent, wrong request, key missing or
 * refused, an answer past the size limit, the watcher's own failure): the watch stops
 * with the message, until the key, the profile or the watch is set again.
 */
const FATAL: ReadonlySet<SvcErrorKind> = new Set(['NotFound', 'InvalidArgument', 'Unauthorized', 'Conflict', 'Internal'])

export const isFatal = (error: SvcError): boolean => FATAL.has(error.kind) || error.limitBytes !== undefined

/**
 * The longest Retry-After honoured: a service asking for more (35 days, say) is asked
 * again after an hour, once an hour. Below the timer's own ceiling with the jitter added.
 */
export const MAX_RETRY_AFTER_MS = Math.floor(MAX_TIMER_DELAY_MS / 1.1)

/**
 * Milliseconds to wait after the `failures`-th consecutive failure (from 1). A rate limit
 * is honoured as asked (up to `MAX_RETRY_AFTER_MS`) plus up to a tenth, so watches told
 * the same Retry-After do not return at once; anything else, equal-jitter backoff.
 */
export function backoffDelay(policy: BackoffPolicy, failures: number, error: SvcError, random: () => number): number {
  if (error.kind === 'RateLimited' && error.retryAfterMs !== undefined) {
    const asked = Number.isNaN(error.retryAfterMs) ? MAX_RETRY_AFTER_MS : Math.max(0, error.retryAfterMs)
    return Math.round(Math.min(asked, MAX_RETRY_AFTER_MS) * (1 + random() / 10))
  }
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(failures - 1, 30))
  return Math.round(ceiling / 2 + (random() * ceiling) / 2)
}
