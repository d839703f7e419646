import { beforeAll, describe, expect, it, vi } from 'vitest'
import { BRIDGE_METHOD_NAMES, CANCEL_CHANNEL, EVENT_CHANNEL, ipcChannel } from '../../src-shared/contract/channels'

const exposed = new Map<string, Record<string, (...a: unknown[]) => unknown>>()
const invoke = vi.fn()
const send = vi.fn()
const listeners = new Map<string, Set<(...a: unknown[]) => void>>()

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: Record<string, (...a: unknown[]) => unknown>) => exposed.set(key, api) },
  ipcRenderer: {
    invoke: (...a: unknown[]) => invoke(...a),
    send: (...a: unknown[]) => send(...a),
    on: (channel: string, l: (...a: unknown[]) => void) => listeners.set(channel, (listeners.get(channel) ?? new Set()).add(l)),
    removeListener: (channel: string, l: (...a: unknown[]) => void) => listeners.get(channel)?.delete(l),
  },
}))

describe('preload', () => {
  let svc: Record<string, (...a: unknown[]) => unknown>
  beforeAll(async () => {
    await import('./index')
    svc = exposed.get('svc')!
  })

  it('exposes exactly the contract’s methods and subscribe, frozen, and nothing else', () => {
    expect([...exposed.keys()]).toEqual(['svc'])
    expect(Object.keys(svc).sort()).toEqual([...BRIDGE_METHOD_NAMES, 'cancel', 'subscribe'].sort())
    expect(Object.isFrozen(svc)).toBe(true)
  })

  it('sends each method on its own channel', async () => {
    invoke.mockResolvedValueOnce({ ok: true, value: 1 })
    await expect(svc.getChains({ routeProvider: 'AUTO' })).resolves.toEqual({ ok: true, value: 1 })
    expect(invoke).toHaveBeenCalledWith(ipcChannel('getChains'), { routeProvider: 'AUTO' })
  })

  it('passes a call id along with the arguments, and cancel sends it on the cancel channel', async () => {
    invoke.mockResolvedValueOnce({ ok: true, value: 2 })
    await svc.searchIntents({ owner: '0x1' }, 'c12')
    expect(invoke).toHaveBeenLastCalledWith(ipcChannel('searchIntents'), { owner: '0x1' }, 'c12')
    svc.cancel('c12')
    expect(send).toHaveBeenCalledWith(CANCEL_CHANNEL, 'c12')
  })

  it('drops a call id or a cancel that is not of the contract’s form', async () => {
    invoke.mockResolvedValueOnce({ ok: true, value: 3 })
    await svc.getChains({}, { toString: () => 'c1' })
    expect(invoke).toHaveBeenLastCalledWith(ipcChannel('getChains'), {})
    send.mockClear()
    svc.cancel('svc:getChains')
    svc.cancel(12)
    expect(send).not.toHaveBeenCalled()
  })

  it('resolves to a typed failure when IPC cannot carry the call, never rejects', async () => {
    invoke.mockRejectedValueOnce(new Error('An object could not be cloned.'))
    await expect(svc.getIntent({ intentId: () => 1 })).resolves.toMatchObject({ ok: false, error: { kind: 'Internal', operation: 'getIntent' } })
    invoke.mockImplementationOnce(() => {
      throw new Error('sync failure')
    })
    await expect(svc.getChains({})).resolves.toMatchObject({ ok: false, error: { kind: 'Internal' } })
  })

  it('hands listeners the payload only, never the IPC event, and unsubscribes', () => {
    const seen: unknown[] = []
    const off = svc.subscribe((e: unknown) => seen.push(e)) as () => void
    const [relay] = listeners.get(EVENT_CHANNEL)!
    relay({ sender: { send() {} }, ports: [] }, { type: 'appInfo' })
    expect(seen).toEqual([{ type: 'appInfo' }])
    off()
    expect(listeners.get(EVENT_CHANNEL)!.size).toBe(0)
  })
})
