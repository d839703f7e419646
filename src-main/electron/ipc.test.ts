import { describe, expect, it, vi } from 'vitest'
import { BRIDGE_METHOD_NAMES, CANCEL_CHANNEL, ipcChannel } from '../../src-shared/contract/channels'
import type { BridgeHandlers } from '../bridge/handlers'
import { EventHub } from '../events/hub'
import { forwardEvents, wireIpc, type IpcMainLike } from './ipc'

function fakeIpc() {
  const handlers = new Map<string, Parameters<IpcMainLike['handle']>[1]>()
  const listeners = new Map<string, Parameters<IpcMainLike['on']>[1]>()
  const ipc: IpcMainLike = {
    handle: (c, l) => void handlers.set(c, l),
    on: (c, l) => void listeners.set(c, l),
  }
  return { ipc, handlers, listeners }
}

const PAGE = { senderFrame: { url: 'app://renderer/index.html' }, sender: { id: 1 } }

/** Handlers whose service calls wait until their signal aborts, recording what they were given. */
function waitingHandlers() {
  const seen: Array<AbortSignal | undefined> = []
  const handlers = Object.fromEntries(
    BRIDGE_METHOD_NAMES.map((n) => [
      n,
      (_args: unknown, opts?: { signal?: AbortSignal }) => {
        seen.push(opts?.signal)
        const signal = opts?.signal
        if (!signal) return Promise.resolve({ ok: true, value: n })
        return new Promise((resolve) => signal.addEventListener('abort', () => resolve({ ok: false, error: { kind: 'Aborted', message: 'gone' } })))
      },
    ]),
  ) as unknown as BridgeHandlers
  return { handlers, seen }
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

  it('registers the cancel channel once', () => {
    const { ipc, listeners } = fakeIpc()
    wireIpc(ipc, bridge)
    expect([...listeners.keys()]).toEqual([CANCEL_CHANNEL])
  })

  it('a cancel with the call id aborts that call in main, and only that call', async () => {
    const { ipc, handlers, listeners } = fakeIpc()
    const { handlers: bridgeHandlers, seen } = waitingHandlers()
    wireIpc(ipc, bridgeHandlers)
    const search = handlers.get(ipcChannel('searchIntents'))!
    const cancel = listeners.get(CANCEL_CHANNEL)!
    const first = search(PAGE, { owner: '0x1' }, 'c1') as Promise<unknown>
    const second = search(PAGE, { owner: '0x2' }, 'c2') as Promise<unknown>
    expect(seen.map((s) => s?.aborted)).toEqual([false, false])
    cancel(PAGE, 'c1')
    await expect(first).resolves.toMatchObject({ ok: false, error: { kind: 'Aborted' } })
    expect(seen[0]?.aborted).toBe(true)
    expect(seen[1]?.aborted).toBe(false)
    cancel(PAGE, 'c2')
    await second
  })

  it('ignores a cancel from another window, an untrusted frame or with an id not of the contract’s form', async () => {
    const { ipc, handlers, listeners } = fakeIpc()
    const { handlers: bridgeHandlers, seen } = waitingHandlers()
    wireIpc(ipc, bridgeHandlers)
    const call = handlers.get(ipcChannel('getIntent'))!(PAGE, { intentId: 'x' }, 'c7') as Promise<unknown>
    const cancel = listeners.get(CANCEL_CHANNEL)!
    cancel({ ...PAGE, sender: { id: 2 } }, 'c7')
    cancel({ senderFrame: { url: 'https://evil.example/' }, sender: { id: 1 } }, 'c7')
    cancel(PAGE, { id: 'c7' })
    cancel(PAGE, 'c7; drop')
    expect(seen[0]?.aborted).toBe(false)
    cancel(PAGE, 'c7')
    await expect(call).resolves.toMatchObject({ error: { kind: 'Aborted' } })
  })

  it('a call without a call id (or with one not of the contract’s form) runs without a signal', async () => {
    const { ipc, handlers } = fakeIpc()
    const { handlers: bridgeHandlers, seen } = waitingHandlers()
    wireIpc(ipc, bridgeHandlers)
    await expect(handlers.get(ipcChannel('getChains'))!(PAGE, {})).resolves.toMatchObject({ ok: true })
    await expect(handlers.get(ipcChannel('getChains'))!(PAGE, {}, 'x'.repeat(100))).resolves.toMatchObject({ ok: true })
    expect(seen).toEqual([undefined, undefined])
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
