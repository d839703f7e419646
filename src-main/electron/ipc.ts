import { BRIDGE_METHOD_NAMES, EVENT_CHANNEL, ipcChannel } from '../../src-shared/contract/channels'
import { fail } from '../../src-shared/contract/errors'
import type { BridgeHandlers } from '../bridge/handlers'
import type { EventHub } from '../events/hub'
import { isTrustedSenderUrl } from './security'

/** The slice of Electron's ipcMain we use; injected so the wiring is testable without Electron. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: { senderFrame: { url: string } | null }, args: unknown) => unknown): void
}

export interface WebContentsLike {
  send(channel: string, payload: unknown): void
  isDestroyed(): boolean
}

/** One `ipcMain.handle` per contract method, each refusing frames that are not our page. */
export function wireIpc(ipcMain: IpcMainLike, handlers: BridgeHandlers): void {
  for (const name of BRIDGE_METHOD_NAMES) {
    ipcMain.handle(ipcChannel(name), async (event, args) => {
      if (!isTrustedSenderUrl(event.senderFrame?.url)) {
        return fail({ kind: 'Unauthorized', operation: name, message: 'Refused a bridge call from an untrusted frame' })
      }
      return handlers[name](args)
    })
  }
}

/** Forwards bridge events to a window until it closes. */
export function forwardEvents(events: EventHub, contents: WebContentsLike): () => void {
  const off = events.on((event) => {
    if (contents.isDestroyed()) off()
    else contents.send(EVENT_CHANNEL, event)
  })
  return off
}
