import { Notification, type BrowserWindow } from 'electron'
import type { EventHub } from '../events/hub'
import type { Notify } from '../watch'

/** Notices still on screen; Electron drops a notification's click handler once it is garbage collected. */
const MAX_KEPT = 100

/**
 * Desktop notifications for finished watches. Clicking one brings the window forward
 * and asks it to show the intent (`watch:open`). Both lookups are lazy: the window can
 * be re-created, and the event hub only exists once the app core has started.
 */
export function createElectronNotify(getWindow: () => BrowserWindow | null, getEvents: () => EventHub | undefined): Notify {
  const shown = new Set<Notification>()
  return (notice) => {
    if (!Notification.isSupported()) return
    const n = new Notification({ title: notice.title, body: notice.body })
    const forget = () => shown.delete(n)
    n.on('click', () => {
      forget()
      const win = getWindow()
      if (win) {
        if (win.isMinimized()) win.restore()
        win.show()
        win.focus()
      }
      getEvents()?.emit({ type: 'watch:open', profileId: notice.profileId, intentId: notice.intentId })
    })
    n.on('close', forget)
    shown.add(n)
    if (shown.size > MAX_KEPT) shown.delete(shown.values().next().value as Notification)
    n.show()
  }
}
