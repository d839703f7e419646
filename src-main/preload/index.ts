import { contextBridge, ipcRenderer } from 'electron'
import { BRIDGE_METHOD_NAMES, EVENT_CHANNEL, ipcChannel } from '../contract/channels'

/**
 * Exposes exactly the contract's named methods as `window.svc`. The IPC event object
 * never reaches the page (it would hand it `sender`), only the payload does.
 */
const svc: Record<string, unknown> = {}
for (const name of BRIDGE_METHOD_NAMES) {
  svc[name] = (args: unknown) => ipcRenderer.invoke(ipcChannel(name), args)
}
svc.subscribe = (listener: (event: unknown) => void) => {
  const relay = (_event: unknown, payload: unknown) => listener(payload)
  ipcRenderer.on(EVENT_CHANNEL, relay)
  return () => {
    ipcRenderer.removeListener(EVENT_CHANNEL, relay)
  }
}

contextBridge.exposeInMainWorld('svc', Object.freeze(svc))
