import { Notification, type BrowserWindow } from 'electron'
import type { BridgeEvent } from '../../src-shared/contract/bridge'
import type { EventHub } from '../events/hub'
import type { QueryNotify } from '../queryWatch/watcher'
import type { Notify } from '../watch/notice'

/** Notices still on screen; Electron drops a notification's click handler once it is garbage collected. */
const MAX_KEPT = 100

/** Brings the window to the front: restored if minimised, shown and focused. */
export function bringForward(win: BrowserWindow | null): void {
  if (!win) return
  if (win.isMinimized()) win.restore()
  win.show()
  win.focus()
}

/**
 * Desktop notices for finished watches and for what watched queries find; a click brings
 * the window forward and asks it to show the intent or the query (`list:open`). Window
 * and events are looked up lazily: either may be re-created.
 */
export function createElectronNotifiers(getWindow: () => BrowserWindow | null, getEvents: () => EventHub | undefined): { notify: Notify; notifyQuery: QueryNotify } {
  const shown = new Set<Notification>()
  const show = (notice: { title: string; body: string }, onClick: BridgeEvent) => {
    if (!Notification.isSupported()) return
    const n = new Notification({ title: notice.title, body: notice.body })
    const forget = () => shown.delete(n)
    n.on('click', () => {
      forget()
      bringForward(getWindow())
      getEvents()?.emit(onClick)
    })
    n.on('close', forget)
    shown.add(n)
    if (shown.size > MAX_KEPT) shown.delete(shown.values().next().value as Notification)
    n.show()
  }
  return {
    notify: (notice) => show(notice, { type: 'list:open', kind: 'watches', profileId: notice.profileId, id: notice.intentId }),
    notifyQuery: (notice) => show(notice, { type: 'list:open', kind: 'queryWatches', profileId: notice.profileId, id: notice.queryId }),
  }
}
