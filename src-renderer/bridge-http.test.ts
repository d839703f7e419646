import { describe, expect, it, vi } from 'vitest'
import { createHttpBridge } from './bridge-http'

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

describe('HTTP bridge client', () => {
  it('posts the named method with JSON arguments and returns its result', async () => {
    const fetchImpl = vi.fn(async () => json(200, { ok: true, value: { chains: [] } }))
    const bridge = createHttpBridge(fetchImpl as unknown as typeof fetch)
    const r = await bridge.getChains({ routeProvider: 'AUTO' })
    expect(r).toEqual({ ok: true, value: { chains: [] } })
    expect(fetchImpl).toHaveBeenCalledWith('/bridge/getChains', expect.objectContaining({ method: 'POST', body: '{"routeProvider":"AUTO"}' }))
  })

  it('turns a lost host into a Network failure instead of throwing', async () => {
    const bridge = createHttpBridge((async () => {
      throw new TypeError('Failed to fetch')
    }) as unknown as typeof fetch)
    const r = await bridge.getAppInfo(undefined)
    expect(r).toMatchObject({ ok: false, error: { kind: 'Network', operation: 'getAppInfo' } })
  })

  it('says how to recover when the host no longer knows the tab', async () => {
    const bridge = createHttpBridge((async () => new Response('no', { status: 401 })) as unknown as typeof fetch)
    const r = await bridge.getAppInfo(undefined)
    expect(r).toMatchObject({ ok: false, error: { kind: 'Unauthorized' } })
    if (!r.ok) expect(r.error.message).toMatch(/open the URL/)
  })
})
