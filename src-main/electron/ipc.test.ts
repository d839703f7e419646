import { describe, expect, it, vi } from 'vitest'
import { BRIDGE_METHOD_NAMES, ipcChannel } from '../../src-shared/contract/channels'
import type { BridgeHandlers } from '../bridge/handlers'
import { EventHub } from '../events/hub'
import { forwardEvents, wireIpc, type IpcMainLike } from './ipc'

function fakeIpc() {
  const handlers = new Map<string, Parameters<IpcMainLike['handle']>[1]>()
  return { ipc: { handle: (c: string, l: Parameters<IpcMainLike['handle']>[1]) => void handlers.set(c, l) }, handlers }
}

describe('IPC wiring', () => {
  const bridge = Object.fromEntries(
    BRIDGE_METHOD_NAMES.map((n) => [n, vi.fn(async (args: unknown) => ({ ok: true, value: { method: n, args } }))]),
  ) as unknown as BridgeHandlers

  it('registers exactly one channel per contract method and nothing else', () => {
    const { ipc, handlers } = fakeIpc()
    wireIpc(ipc, bridge)
    expect([...handlers.keys()].sort()).toEqual(BRIDGE_METHOD_NAMES.map(ipcChannel).sort())
  })

  it('answers our page and refuses any other frame', async () => {
    const { ipc, handlers } = fakeIpc()
    wireIpc(ipc, bridge)
    const getChains = handlers.get(ipcChannel('getChains'))!
    await expect(getChains({ senderFrame: { url: 'app://renderer/index.html' } }, {})).resolves.toMatchObject({ ok: true })
    await expect(getChains({ senderFrame: { url: 'https://evil.example/' } }, {})).resolves.toMatchObject({
      ok: false,
      error: { kind: 'Unauthorized' },
    })
    await expect(getChains({ senderFrame: null }, {})).resolves.toMatchObject({ ok: false })
    expect(bridge.getChains).toHaveBeenCalledTimes(1)
  })

  it('forwards events until the window is gone', () => {
    const hub = new EventHub()
    let destroyed = false
    const send = vi.fn()
    forwardEvents(hub, { send, isDestroyed: () => destroyed })
    const info = { type: 'appInfo' } as never
    hub.emit(info)
    destroyed = true
    hub.emit(info)
    hub.emit(info)
    expect(send).toHaveBeenCalledTimes(1)
    expect(hub.size).toBe(0)
  })
})
