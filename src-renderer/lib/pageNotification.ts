/**
 * Desktop notifications from the page, for the browser host only: in the desktop app
 * the main process shows them with Electron's Notification, in the same wording.
 */

import { orElse } from '@contract/errors'

export type NotificationAccess = 'unsupported' | NotificationPermission

export function notificationAccess(): NotificationAccess {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission
}

/**
 * Browsers only let a page ask from a user gesture: call this from a click (Watch, Add,
 * or `NotificationAccessButton`). Asks at most once; the answer sticks.
 */
export async function askNotificationPermission(): Promise<NotificationAccess> {
  const access = notificationAccess()
  if (access !== 'default') return access
  return Notification.requestPermission()
}

/**
 * Shows a notice the main process decided is due (it carries the wording too), when the
 * person allowed it. The tag makes a repeated notice for the same thing (from another
 * tab, or a later poll) replace the earlier one, not stack. A click brings the window
 * forward and runs `onOpen`.
 */
export function showPageNotification(notice: { title: string; body: string }, tag: string, onOpen?: () => void): void {
  if (notificationAccess() !== 'granted') return
  // Some hosts refuse page notifications even when granted; the in-page notice remains.
  const n = orElse(() => new Notification(notice.title, { body: notice.body, tag }), undefined)
  if (n)
    n.onclick = () => {
      window.focus()
      onOpen?.()
      n.close()
    }
}
