import { BRIDGE_METHOD_NAMES, CANCEL_CHANNEL, EVENT_CHANNEL, ipcChannel, isCallId } from '../../src-shared/contract/channels'
import { fail } from '../../src-shared/contract/errors'
import type { BridgeHandlers } from '../bridge/handlers'
import type { EventHub } from '../events/hub'
import { isTrustedSenderUrl } from './security'

/** The slice of Electron's ipcMain we use; injected so the wiring is testable without Electron. */
export interface IpcEventLike {
  senderFrame: { url: string } | null
  /** The window's contents; call ids are kept apart per window. */
  sender?: { id: number }
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcEventLike, args: unknown, callId?: unknown) => unknown): void
  on(channel: string, listener: (event: IpcEventLike, callId: unknown) => void): void
}

/**
 * One `ipcMain.handle` per contract method, each refusing frames that are not our page,
 * and the cancel channel: a call sent with a call id (`isCallId`) runs with a signal that
 * a cancel of the same id from the same window aborts. Anything else sent there is ignored.
 */
export function wireIpc(ipcMain: IpcMainLike, handlers: BridgeHandlers): void {
  const inFlight = new Map<string, AbortController>()
  const keyOf = (event: IpcEventLike, callId: string) => `${event.sender?.id ?? 0}:${callId}`
  for (const name of BRIDGE_METHOD_NAMES) {
    ipcMain.handle(ipcChannel(name), async (event, args, callId) => {
      if (!isTrustedSenderUrl(event.senderFrame?.url)) {
        return fail({ kind: 'Unauthorized', operation: name, message: 'Refused a bridge call from an untrusted frame' })
      }
      if (!isCallId(callId)) return handlers[name](args)
      const key = keyOf(event, callId)
      const controller = new AbortController()
      inFlight.get(key)?.abort()
      inFlight.set(key, controller)
      try {
        return await handlers[name](args, { signal: controller.signal })
      } finally {
        if (inFlight.get(key) === controller) inFlight.delete(key)
      }
    })
  }
  ipcMain.on(CANCEL_CHANNEL, (event, callId) => {
    if (!isTrustedSenderUrl(event.senderFrame?.url) || !isCallId(callId)) return
    inFlight.get(keyOf(event, callId))?.abort()
  })
}

/** Forwards bridge events to a window until it closes. */
export function forwardEvents(events: EventHub, contents: { send(channel: string, payload: unknown): void; isDestroyed(): boolean }): () => void {
  const off = events.on((event) => {
    if (contents.isDestroyed()) off()
    else contents.send(EVENT_CHANNEL, event)
  })
  return off
}
