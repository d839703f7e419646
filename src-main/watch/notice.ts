import type { WatchOutcome, WatchState } from '../contract/watch'

/** A desktop notification for a watch that reached its outcome. */
export interface WatchNotice {
  profileId: string
  intentId: string
  outcome: WatchOutcome
  title: string
  body: string
}

/** Shows a notice; clicking it should open the intent (see `electron/notify.ts`). */
export type Notify = (notice: WatchNotice) => void

const TITLES: Record<WatchOutcome, string> = {
  SUCCEEDED: 'Intent succeeded',
  FAILED: 'Intent failed',
  REFUNDED: 'Intent refunded',
  ABORTED: 'Intent aborted',
}

const shortId = (id: string) => (id.length > 13 ? `${id.slice(0, 8)}…${id.slice(-4)}` : id)

export function noticeFor(watch: WatchState & { outcome: WatchOutcome }): WatchNotice {
  const id = shortId(watch.intentId)
  const refundPending = watch.outcome === 'FAILED' && watch.receipt?.refundTransaction && !watch.receipt.refundTransaction.txnMinedAt
  const body =
    watch.outcome === 'SUCCEEDED'
      ? `${id} reached its destination.`
      : `${id}${watch.failureReason ? `: ${watch.failureReason}` : ''}${refundPending ? ' (refund pending)' : ''}`
  return { profileId: watch.profileId, intentId: watch.intentId, outcome: watch.outcome, title: TITLES[watch.outcome], body }
}
