import type { WatchNotice, WatchOutcome, WatchState } from '../../src-shared/contract/watch'
import { shortId } from '../../src-shared/contract/queryWatchNotice'

/** Shows a notice; clicking it should open the intent (see `electron/notify.ts`). */
export type Notify = (notice: WatchNotice) => void

/**
 * The notice for a watch that reached its outcome. Written once, here: the desktop app
 * shows it from the main process, and the browser host's page shows the copy carried by
 * the `watch:done` event.
 */
export function noticeFor(watch: WatchState & { outcome: WatchOutcome }): WatchNotice {
  const id = shortId(watch.intentId)
  const refund = watch.receipt?.refundTransaction
  const refundPending = watch.outcome === 'FAILED' && refund && !refund.txnMinedAt
  const body =
    watch.outcome === 'SUCCEEDED'
      ? `${id} reached its destination.`
      : `${id}${watch.failureReason ? `: ${watch.failureReason}` : ''}${refundPending ? ' (refund pending)' : ''}`
  return { profileId: watch.profileId, intentId: watch.intentId, outcome: watch.outcome, title: `Intent ${watch.outcome.toLowerCase()}`, body }
}

/**
 * Whether an outcome is news worth a notice. Only an outcome reached while watched is: an
 * intent already final when added shows its outcome on the board at once. A muted watch
 * and the global mute suppress it.
 */
export function noticeDue(previous: WatchState, next: WatchState, notificationsMuted: boolean): boolean {
  return next.outcome !== undefined && previous.status !== undefined && !previous.outcome && !next.muted && !notificationsMuted
}
