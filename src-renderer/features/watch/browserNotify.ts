import type { WatchNotice } from '@contract/watch'
import { useConnection } from '../../stores/connection'

/**
 * Desktop notifications from the page, for the browser host only: in the desktop app
 * the main process shows them with Electron's Notification, in the same wording.
 */

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

/** Shows a notice the main process decided is due (it carries the wording too). */
export function showOutcomeNotification(notice: WatchNotice, onOpen: () => void): void {
  if (notificationAccess() !== 'granted') return
  // The tag makes a repeated notice for the same watch (another tab, say) replace the old one, not stack.
  const n = new Notification(notice.title, { body: notice.body, tag: `watch:${notice.profileId}:${notice.intentId}` })
  n.onclick = () => {
    window.focus()
    onOpen()
    n.close()
  }
}
