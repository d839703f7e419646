import type { WatchOutcome, WatchState } from './watch'

// Apart from watch.ts (which holds the bridge's argument schemas) so the renderer can word
// a notice at start-up without loading zod.

const OUTCOME_TITLES: Record<WatchOutcome, string> = {
  SUCCEEDED: 'Intent succeeded',
  FAILED: 'Intent failed',
  REFUNDED: 'Intent refunded',
  ABORTED: 'Intent aborted',
}

const shortIntentId = (id: string) => (id.length > 13 ? `${id.slice(0, 8)}…${id.slice(-4)}` : id)

/**
 * The wording of the desktop notification for a watch that reached its outcome. The main
 * process shows it in the desktop app and the page in the browser host; both read the
 * same, so it is written once here.
 */
export function outcomeNoticeText(watch: WatchState & { outcome: WatchOutcome }): { title: string; body: string } {
  const id = shortIntentId(watch.intentId)
  const refund = watch.receipt?.refundTransaction
  const refundPending = watch.outcome === 'FAILED' && refund && !refund.txnMinedAt
  const body =
    watch.outcome === 'SUCCEEDED'
      ? `${id} reached its destination.`
      : `${id}${watch.failureReason ? `: ${watch.failureReason}` : ''}${refundPending ? ' (refund pending)' : ''}`
  return { title: OUTCOME_TITLES[watch.outcome], body }
}
