import { Notification, type BrowserWindow } from 'electron'
import type { BridgeEvent } from '../../src-shared/contract/bridge'
import type { EventHub } from '../events/hub'
import type { QueryNotify } from '../queryWatch'
import type { Notify } from '../watch'

/** Notices still on screen; Electron drops a notification's click handler once it is garbage collected. */
const MAX_KEPT = 100

/** A notice and the event its click sends to the window. */
type Show = (notice: { title: string; body: string }, onClick: BridgeEvent) => void

/** Shows desktop notices; a click brings the window forward and sends it the notice's event (both looked up lazily: either may be re-created). */
function createShow(getWindow: () => BrowserWindow | null, getEvents: () => EventHub | undefined): Show {
  const shown = new Set<Notification>()
  return (notice, onClick) => {
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
      getEvents()?.emit(onClick)
    })
    n.on('close', forget)
    shown.add(n)
    if (shown.size > MAX_KEPT) shown.delete(shown.values().next().value as Notification)
    n.show()
  }
}

/** Desktop notifications for finished watches; a click asks the window to show the intent (`list:open`). */
export function createElectronNotify(getWindow: () => BrowserWindow | null, getEvents: () => EventHub | undefined): Notify {
  const show = createShow(getWindow, getEvents)
  return (notice) => show(notice, { type: 'list:open', kind: 'watches', profileId: notice.profileId, id: notice.intentId })
}

/** Desktop notifications for what watched queries find; a click asks the window to show the query (`list:open`). */
export function createElectronQueryNotify(getWindow: () => BrowserWindow | null, getEvents: () => EventHub | undefined): QueryNotify {
  const show = createShow(getWindow, getEvents)
  return (notice) => show(notice, { type: 'list:open', kind: 'queryWatches', profileId: notice.profileId, id: notice.queryId })
}
