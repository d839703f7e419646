import type { WatchOutcome, WatchState } from '@contract/watch'
import { shortHex } from '../../lib/format'
import { useConnection } from '../../stores/connection'

/**
 * Desktop notifications from the page, for the browser host only: in the desktop app
 * the main process shows them with Electron's Notification. The wording matches the
 * main process's (`src-main/watch/notice.ts`).
 */

const TITLES: Record<WatchOutcome, string> = {
  SUCCEEDED: 'Intent succeeded',
  FAILED: 'Intent failed',
  REFUNDED: 'Intent refunded',
  ABORTED: 'Intent aborted',
}

export type NotificationAccess = 'unsupported' | NotificationPermission

export function notificationAccess(): NotificationAccess {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission
}

/**
 * Browsers only let a page ask from a user gesture: call this from a click (Watch,
 * Add, or the board's "Enable notifications"). Asks at most once; the answer sticks.
 */
export async function askNotificationPermission(): Promise<NotificationAccess> {
  const access = notificationAccess()
  if (access !== 'default') return access
  return Notification.requestPermission()
}

/** The same, only where the page itself notifies (the browser host). */
export async function askNotificationPermissionInHost(): Promise<NotificationAccess | undefined> {
  return useConnection.getState().info?.runtime === 'host' ? askNotificationPermission() : undefined
}

export function showOutcomeNotification(watch: WatchState & { outcome: WatchOutcome }, onOpen: () => void): void {
  if (notificationAccess() !== 'granted') return
  const id = shortHex(watch.intentId, 8, 4)
  const refund = watch.receipt?.refundTransaction
  const body =
    watch.outcome === 'SUCCEEDED'
      ? `${id} reached its destination.`
      : `${id}${watch.failureReason ? `: ${watch.failureReason}` : ''}${watch.outcome === 'FAILED' && refund && !refund.txnMinedAt ? ' (refund pending)' : ''}`
  // The tag makes a repeated notice for the same watch replace the old one, not stack.
  const n = new Notification(TITLES[watch.outcome], { body, tag: `watch:${watch.profileId}:${watch.intentId}` })
  n.onclick = () => {
    window.focus()
    onOpen()
    n.close()
  }
}
