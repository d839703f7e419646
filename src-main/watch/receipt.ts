import type { IntentReceipt, IntentStatus, WaitIntentReceiptResponse } from '../../src-shared/contract/service'
import { isFinalStatus, knownStatus } from '../../src-shared/contract/service'
import type { WatchOutcome, WatchState } from '../../src-shared/contract/watch'
import { MAX_TEXT_CHARS, clipText, keptReceipt } from './keep'

/**
 * The status the answer stands for. When the receipt leaves it out, `done` still says the
 * intent is terminal, and a failure reason (on the origin leg only when it failed) tells
 * FAILED from SUCCEEDED.
 */
function statusOf(receipt: IntentReceipt, done: boolean, previous: IntentStatus | undefined): IntentStatus | undefined {
  // A status a newer service added counts as "still moving": the watch carries on.
  if (receipt.status) return knownStatus(receipt.status) ?? previous
  if (done) return failureReason(receipt) ? 'FAILED' : 'SUCCEEDED'
  return previous
}

/** The reason a failure carries; the spec names the origin leg, the other legs are a fallback. */
export const failureReason = (r: IntentReceipt): string | undefined =>
  r.originTransaction?.statusReason || r.destinationTransaction?.statusReason || r.refundTransaction?.statusReason || undefined

function outcomeOf(status: IntentStatus | undefined, done: boolean): WatchOutcome | undefined {
  if (status && isFinalStatus(status)) return status as WatchOutcome
  // `done` with a status outside the final ones (INVALID, or a pending one by mistake) still
  // ends the watch: the service will not say anything new. FAILED is the honest summary.
  return done ? 'FAILED' : undefined
}

/**
 * Folds an answer into the watch: `outcome` is set once it reached a final outcome and
 * must stop (ABORTED and REFUNDED too, though `done` may be false); the receipt and reason
 * are kept within their budgets (`keep.ts`).
 */
export function applyAnswer(prev: WatchState, answer: Pick<WaitIntentReceiptResponse, 'intentReceipt' | 'done'>, now: number): WatchState {
  const receipt = answer.intentReceipt
  const status = statusOf(receipt, answer.done, prev.status)
  const outcome = outcomeOf(status, answer.done)
  const reason = outcome && outcome !== 'SUCCEEDED' ? failureReason(receipt) : undefined
  const kept = keptReceipt(receipt)
  return {
    ...prev,
    phase: outcome ? 'done' : 'polling',
    status,
    receipt: kept.receipt,
    receiptTrimmed: kept.receiptTrimmed,
    outcome,
    failureReason: reason === undefined ? undefined : clipText(reason, MAX_TEXT_CHARS),
    lastUpdateAt: now,
    lastChangeAt: status !== prev.status || prev.lastChangeAt === undefined ? now : prev.lastChangeAt,
    error: undefined,
    retryAt: undefined,
  }
}
