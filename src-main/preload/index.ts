import { contextBridge, ipcRenderer } from 'electron'
import { BRIDGE_METHOD_NAMES, CANCEL_CHANNEL, EVENT_CHANNEL, ipcChannel, isCallId } from '../../src-shared/contract/channels'
import { fail } from '../../src-shared/contract/errors'

/**
 * Exactly the contract's methods as `window.svc`; the IPC event never reaches the page
 * (it would hand it `sender`). A call may carry a call id that `cancel(id)` gives up; an
 * id not of the contract's form is not passed on.
 */
const svc: Record<string, unknown> = {}
for (const name of BRIDGE_METHOD_NAMES) {
  svc[name] = async (args: unknown, callId?: unknown) => {
    try {
      return await (isCallId(callId) ? ipcRenderer.invoke(ipcChannel(name), args, callId) : ipcRenderer.invoke(ipcChannel(name), args))
    } catch {
      // Arguments or an answer that IPC cannot clone. Bridge methods resolve to a Result
      // whatever happens, so the page never meets an unhandled rejection.
      return fail({
        kind: 'Internal',
        operation: name,
        message: `The app could not pass ${name} between its window and its main process. The details are in the app's log.`,
      })
    }
  }
}
svc.cancel = (callId: unknown) => {
  if (isCallId(callId)) ipcRenderer.send(CANCEL_CHANNEL, callId)
}
svc.subscribe = (listener: (event: unknown) => void) => {
  const relay = (_event: unknown, payload: unknown) => listener(payload)
  ipcRenderer.on(EVENT_CHANNEL, relay)
  return () => {
    ipcRenderer.removeListener(EVENT_CHANNEL, relay)
  }
}

contextBridge.exposeInMainWorld('svc', Object.freeze(svc))
