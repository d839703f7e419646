import type { ReportedStatus } from '@contract/service'
import { isFinalStatus } from '@contract/service/constants'
import { isSaneTime } from '@contract/service/bounds'
import { countOf } from './format'

/**
 * What "finished", "succeeded" and "duration" mean, once, for every figure built from
 * them: Routes, History's summary, Needs attention's "slower than usual" and the customer
 * answer's "usually finish in". Each view shows the definition beside its figure
 * (`DEFINITIONS`), so two views' numbers can be compared knowing they count the same way.
 */

/** An intent with an outcome: SUCCEEDED, FAILED, ABORTED or REFUNDED. INVALID never became a valid intent, so it has none. */
export const isFinished = (status: ReportedStatus | undefined): boolean => isFinalStatus(status)

/**
 * How long a succeeded intent took: from the start of its execution to its finish, both
 * by the service's clock (the receipt's `startedAt` and `finishedAt`). Undefined for any
 * other status, or when either time is missing, out of order or not a real time.
 */
export function durationMs(status: ReportedStatus | undefined, startedAt: number | undefined, finishedAt: number | undefined): number | undefined {
  if (status !== 'SUCCEEDED' || startedAt === undefined || finishedAt === undefined) return undefined
  if (!isSaneTime(startedAt) || !isSaneTime(finishedAt) || finishedAt < startedAt) return undefined
  return finishedAt - startedAt
}

/** How long the intent itself ran (the contract's, so the command line's CSV reads it the same way). */
export { receiptDurationMs } from '@contract/historyEntry'

/** Fewer durations than this and a p95 is one or two intents, not a 95th percentile: the figure says so. */
export const MIN_P95_SAMPLES = 20

/** "from only 12 intents" when a p95 rests on too few durations to mean much; undefined when it is enough. */
export function p95Caveat(samples: number): string | undefined {
  return samples < MIN_P95_SAMPLES ? `from only ${countOf(samples, 'intent')}; a p95 needs ${MIN_P95_SAMPLES}` : undefined
}

/** The definitions, as shown beside each figure. */
export const DEFINITIONS = {
  successRate: 'Succeeded out of finished. Finished: succeeded, failed, aborted or refunded; INVALID and pending intents are left out.',
  duration: 'Succeeded intents only, from the start of execution to its finish (the receipt’s startedAt to finishedAt).',
} as const
