import { describe, expect, it, vi } from 'vitest'
import { createHttpBridge } from './bridgeHttp'
import { obtainHostSession } from './hostSession'

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

  it('aborts the request of a call given up and resolves it as Aborted, its answer unread', async () => {
    let sent: RequestInit | undefined
    const fetchImpl = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          sent = init
          init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')))
        }),
    )
    const bridge = createHttpBridge(fetchImpl as unknown as typeof fetch, Promise.resolve('S'))
    const controller = new AbortController()
    const pending = bridge.searchIntents({ byOwnerAddress: `0x${'1'.repeat(40)}` }, { signal: controller.signal })
    await vi.waitFor(() => expect(fetchImpl).toHaveBeenCalledTimes(1))
    expect(sent?.signal?.aborted).toBe(false)
    controller.abort()
    await expect(pending).resolves.toMatchObject({ ok: false, error: { kind: 'Aborted', operation: 'searchIntents' } })
    expect(sent?.signal?.aborted).toBe(true)
  })

  it('sends nothing for a call given up before it left, and drops an answer that came after the abort', async () => {
    const json200 = vi.fn(async () => json(200, { ok: true, value: 1 }))
    const bridge = createHttpBridge(json200 as unknown as typeof fetch, Promise.resolve(undefined))
    await expect(bridge.getChains({}, { signal: AbortSignal.abort() })).resolves.toMatchObject({ error: { kind: 'Aborted' } })
    expect(json200).not.toHaveBeenCalled()
    const controller = new AbortController()
    const late = createHttpBridge((async () => {
      controller.abort()
      return json(200, { ok: true, value: 1 })
    }) as unknown as typeof fetch, Promise.resolve(undefined))
    await expect(late.getChains({}, { signal: controller.signal })).resolves.toMatchObject({ error: { kind: 'Aborted' } })
  })

  it('says how to recover when the host no longer knows the tab', async () => {
    const bridge = createHttpBridge((async () => new Response('no', { status: 401 })) as unknown as typeof fetch)
    const r = await bridge.getAppInfo(undefined)
    expect(r).toMatchObject({ ok: false, error: { kind: 'Unauthorized' } })
    if (!r.ok) expect(r.error.message).toMatch(/open the link/)
  })
})

describe('the host session', () => {
  const env = (search: string, fetchImpl: typeof fetch) => {
    const stored = new Map<string, string>()
    const replaced: string[] = []
    return {
      stored,
      replaced,
      env: {
        location: { search, pathname: '/', hash: '#/history?owner=0xab' },
        history: { state: null, replaceState: (_s: unknown, _t: string, url?: string | URL | null) => void replaced.push(String(url)) },
        storage: { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v) },
        fetch: fetchImpl,
      },
    }
  }

  it('takes the launch secret out of the address bar, trades it once, and sends the session as a header, never a cookie', async () => {
    const exchange = vi.fn(async (_url: string, _init: RequestInit) => json(200, { session: 'S-1' }))
    const { env: e, replaced, stored } = env('?token=L-1', exchange as unknown as typeof fetch)
    const session = await obtainHostSession(e)
    expect(session).toBe('S-1')
    expect(replaced).toEqual(['/#/history?owner=0xab'])
    expect(exchange).toHaveBeenCalledTimes(1)
    expect(exchange.mock.calls[0][0]).toBe('/session')
    expect(exchange.mock.calls[0][1]).toMatchObject({ method: 'POST', credentials: 'omit', body: '{"launch":"L-1"}' })
    expect([...stored.values()]).toEqual(['S-1'])

    const calls = vi.fn(async (_url: string, _init: RequestInit) => json(200, { ok: true, value: {} }))
    await createHttpBridge(calls as unknown as typeof fetch, Promise.resolve(session)).getAppInfo(undefined)
    expect(calls.mock.calls[0][1]).toMatchObject({ credentials: 'omit', headers: { Authorization: 'Bearer S-1' } })
  })

  it('falls back to the credential this origin already holds when the link was used before', async () => {
    const { env: e, stored } = env('?token=used', (async () => new Response('used', { status: 401 })) as unknown as typeof fetch)
    stored.set('intent-explorer.host-session', 'S-0')
    expect(await obtainHostSession(e)).toBe('S-0')
  })

  it('works without storage: a fresh credential is still used, and a refused read is no credential', async () => {
    const refuse = () => {
      throw new DOMException('storage is disabled', 'SecurityError')
    }
    const { env: fresh } = env('?token=L-2', (async () => json(200, { session: 'S-2' })) as unknown as typeof fetch)
    expect(await obtainHostSession({ ...fresh, storage: { getItem: refuse, setItem: refuse } })).toBe('S-2')
    const { env: used } = env('?token=used', (async () => new Response('used', { status: 401 })) as unknown as typeof fetch)
    expect(await obtainHostSession({ ...used, storage: { getItem: refuse, setItem: refuse } })).toBeUndefined()
  })
})
