import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { SvcFailure, type SvcError } from '../../src-shared/contract/errors'
import { refusedFieldsOf } from '../../src-shared/contract/service'
import { SvcClient, type SvcClientOptions } from './client'

/**
 * The client against a scripted local HTTP server: what goes over the wire, and how
 * every kind of answer is mapped. The simulator-backed tests cover the real operations.
 */

interface Seen {
  path: string
  headers: IncomingMessage['headers']
  body: unknown
}
type Handler = (req: Seen, res: ServerResponse) => void

let server: Server
let baseUrl: string
let handler: Handler
let seen: Seen[]

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = ''
    req.on('data', (c) => (raw += c))
    req.on('end', () => {
      const s: Seen = { path: req.url ?? '', headers: req.headers, body: raw ? JSON.parse(raw) : undefined }
      seen.push(s)
      handler(s, res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

beforeEach(() => {
  seen = []
  handler = (_req, res) => json(res, 200, { chains: [] })
})

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers })
  res.end(typeof body === 'string' ? body : JSON.stringify(body))
}

const KEY = 'sk-live-7f3a9c2e-very-secret'
const noWait = vi.fn(async () => {})

function client(over: Partial<SvcClientOptions> = {}) {
  return new SvcClient({ baseUrl: `${baseUrl}/`, getAccessKey: () => KEY, retry: { sleep: noWait }, ...over })
}

async function failure(p: Promise<unknown>): Promise<SvcError> {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  )
  expect(e).toBeInstanceOf(SvcFailure)
  return (e as SvcFailure).error
}

describe('requests', () => {
  it('POSTs JSON to {baseUrl}/rpc/Svc/<Operation> with the access key header', async () => {
    await client().getChains({ routeProvider: 'AUTO' })
    expect(seen).toHaveLength(1)
    expect(seen[0].path).toBe('/rpc/Svc/GetChains')
    expect(seen[0].headers['content-type']).toBe('application/json')
    expect(seen[0].headers['x-access-key']).toBe(KEY)
    // The header the published generated clients send, naming this client and its version.
    expect(seen[0].headers.webrpc).toMatch(/^webrpc@v[\d.]+;intent-explorer@v\d+\.\d+\.\d+;intent-service@spec$/)
    expect(seen[0].body).toEqual({ routeProvider: 'AUTO' })
  })

  it('sends no key header when no key is set, and says so on a 401', async () => {
    handler = (_req, res) => json(res, 401, { error: 'Unauthorized', code: 1000, msg: 'missing access key', status: 401 })
    const e = await failure(client({ getAccessKey: () => undefined }).getChains())
    expect(seen[0].headers['x-access-key']).toBeUndefined()
    expect(e).toMatchObject({ kind: 'Unauthorized', status: 401 })
    expect(e.message).toMatch(/none is set for this profile — add one in Settings/)
  })

  it('sends amounts as bare JSON numbers with every digit, and decimal text the spec types as a string as a string', async () => {
    const bodies: string[] = []
    const c = client({
      fetch: (input, init) => {
        bodies.push(String(init.body))
        return fetch(input, init)
      },
    })
    handler = (_req, res) => json(res, 200, { intent: { intentId: 'i-1' } })
    await c.quoteIntent({
      ownerAddress: '0x00000000000000000000000000000000000000aa',
      originChainId: 8453,
      originTokenAddress: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
      destinationChainId: 42161,
      destinationTokenAddress: '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
      originTokenAmount: '1234567890123456789012',
    })
    handler = (_req, res) => json(res, 200, { intentId: 'i-1' })
    await c.commitIntent({
      intent: { intentId: 'i-1', salt: '18446744073709551616', fees: { originGas: { totalFeeUsd: '0.001230' }, totalFeeAmount: '1.5' } },
    })
    expect(bodies[0]).toContain('"originTokenAmount":1234567890123456789012')
    expect(bodies[1]).toBe(
      '{"intent":{"intentId":"i-1","salt":18446744073709551616,"fees":{"originGas":{"totalFeeUsd":"0.001230"},"totalFeeAmount":1.5}}}',
    )
  })
})

describe('answers that are not usable', () => {
  it('maps a schema mismatch to BadResponse naming the operation and field path', async () => {
    handler = (_req, res) => json(res, 200, { chains: { id: 1 } })
    const e = await failure(client().getChains())
    expect(e).toMatchObject({ kind: 'BadResponse', operation: 'GetChains', path: 'chains' })
    expect(e.message).toContain(baseUrl)
  })

  it('drops one unreadable entry of a list, names it, and keeps the others', async () => {
    const chain = { id: 1, name: 'A', nativeCurrency: { name: 'E', symbol: 'E', decimals: 18 } }
    handler = (_req, res) => json(res, 200, { chains: [chain, { id: 'two', name: 'B' }, { ...chain, id: 3 }] })
    const answer = await client().getChains()
    expect(answer.chains.map((c) => c.id)).toEqual([1, 3])
    expect(refusedFieldsOf(answer)).toEqual([{ field: 'chains[1]', reason: expect.stringContaining('"two"') }])
  })

  it('maps non-JSON, empty and cut-off bodies to BadResponse', async () => {
    for (const body of ['<html>proxy login</html>', '', '{"chains":[{"id":1,']) {
      handler = (_req, res) => json(res, 200, body)
      expect(await failure(client().getChains()), body).toMatchObject({ kind: 'BadResponse', operation: 'GetChains' })
    }
  })

  it('maps a connection dropped mid-body to Network', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '1000' })
      res.write('{"chains":[')
      setTimeout(() => res.destroy(), 20)
    }
    const e = await failure(client({ retry: { attempts: 1 } }).getChains())
    expect(e.kind).toBe('Network')
    expect(e.message).toMatch(/dropped while the answer was arriving/)
  })
})

describe('deadlines and cancellation', () => {
  it('times out a call the service does not answer', async () => {
    handler = () => {}
    const started = Date.now()
    const e = await failure(client({ timeoutMs: 150 }).getChains())
    expect(e).toMatchObject({ kind: 'Timeout', operation: 'GetChains' })
    expect(Date.now() - started).toBeLessThan(2000)
    expect(seen).toHaveLength(1)
  })

  it('gives WaitIntentReceipt the long-poll deadline instead', async () => {
    handler = (_req, res) =>
      setTimeout(() => json(res, 200, { intentReceipt: { intentId: 'x' }, receiptStates: [], done: false }), 300)
    const out = await client({ timeoutMs: 100, longPollTimeoutMs: 2000 }).waitIntentReceipt({ intentId: 'x' })
    expect(out.done).toBe(false)
  })

  it('reuses the decoded answer when a long-poll brings back a text it has read before', async () => {
    let status = 'EXECUTING'
    handler = (_req, res) => json(res, 200, { intentReceipt: { intentId: 'x', status }, receiptStates: [1], done: false })
    const c = client()
    const ask = (states?: unknown[]) => c.waitIntentReceipt({ intentId: 'x', ...(states && { lastReceiptStates: states }) })
    const first = await ask()
    // The first re-ask echoes the states, so its request differs; its answer does not.
    expect(await ask([1])).toBe(first)
    expect(await ask([1])).toBe(first)
    status = 'SUCCEEDED'
    const changed = await ask([1])
    expect(changed).not.toBe(first)
    expect(changed.intentReceipt.status).toBe('SUCCEEDED')
    // Other operations are always read afresh.
    const receipt = await c.getIntentReceipt({ intentId: 'x' })
    expect(await c.getIntentReceipt({ intentId: 'x' })).not.toBe(receipt)
  })

  it('reports Aborted, not Timeout, when the caller cancels', async () => {
    handler = () => {}
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 50)
    expect(await failure(client().getChains({}, { signal: controller.signal }))).toMatchObject({ kind: 'Aborted' })
  })

  it('sends nothing when already cancelled', async () => {
    const controller = new AbortController()
    controller.abort()
    expect(await failure(client().getChains({}, { signal: controller.signal }))).toMatchObject({ kind: 'Aborted' })
    expect(seen).toHaveLength(0)
  })
})

describe('retries', () => {
  it('retries a read after a 503 and returns the later answer', async () => {
    let calls = 0
    handler = (_req, res) => (++calls < 3 ? json(res, 503, 'busy') : json(res, 200, { chains: [] }))
    const onRetry = vi.fn()
    await expect(client({ onRetry }).getChains()).resolves.toEqual({ chains: [] })
    expect(calls).toBe(3)
    expect(onRetry).toHaveBeenCalledTimes(2)
  })

  it('never retries CommitIntent', async () => {
    handler = (_req, res) => json(res, 503, { error: 'WebrpcInternalError', code: -7, msg: 'down', status: 503 })
    expect(await failure(client().commitIntent({ intent: { intentId: 'x' } }))).toMatchObject({ kind: 'Unavailable' })
    expect(seen).toHaveLength(1)
  })

  it('does not retry a 4xx other than 429', async () => {
    handler = (_req, res) => json(res, 404, { error: 'NotFound', code: 3000, msg: 'intent x not found', status: 404 })
    expect(await failure(client().getIntent({ intentId: 'x' }))).toMatchObject({ kind: 'NotFound', code: 3000 })
    expect(seen).toHaveLength(1)
  })

  it('waits out Retry-After on a 429', async () => {
    let calls = 0
    handler = (_req, res) =>
      ++calls === 1 ? json(res, 429, { error: 'RateLimited', code: 1201, msg: 'slow', status: 429 }, { 'Retry-After': '2' }) : json(res, 200, { chains: [] })
    const sleep = vi.fn(async () => {})
    await client({ retry: { sleep } }).getChains()
    expect(sleep).toHaveBeenCalledWith(2000, undefined)
  })

  it('asks a service that keeps answering 429 three times in all, then reports RateLimited with its Retry-After', async () => {
    // The renderer does not ask again (Bulk lookup, queries): these three are all a key costs.
    handler = (_req, res) => json(res, 429, { error: 'RateLimited', code: 1201, msg: 'slow', status: 429 }, { 'Retry-After': '3' })
    const e = await failure(client().searchIntents({ byIntentId: '0x' + 'ab'.repeat(32) }))
    expect(e).toMatchObject({ kind: 'RateLimited', retryAfterMs: 3000 })
    expect(seen.filter((s) => s.path.endsWith('/SearchIntents'))).toHaveLength(3)
  })

  it('retries a refused connection, then reports Network with the URL', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`
    await new Promise((resolve) => closed.close(resolve))
    const onRetry = vi.fn()
    const e = await failure(client({ baseUrl: deadUrl, onRetry }).getChains())
    expect(e.kind).toBe('Network')
    expect(e.message).toContain(`Could not reach ${deadUrl} for GetChains: nothing is accepting connections there`)
    expect(onRetry).toHaveBeenCalledTimes(2)
  })
})

describe('key custody', () => {
  it('never puts the key in an error, even when the service echoes it back', async () => {
    const statuses = [400, 401, 403, 404, 409, 422, 429, 500, 503]
    for (const status of statuses) {
      handler = (req, res) =>
        json(res, status, { error: 'X', code: 1, msg: `bad key ${String(req.headers['x-access-key'])}`, cause: KEY, status })
      const e = await client({ retry: { attempts: 1 } })
        .getIntent({ intentId: 'x' })
        .catch((x: unknown) => x)
      expect(e).toBeInstanceOf(SvcFailure)
      const everything = [JSON.stringify((e as SvcFailure).error), (e as Error).message, (e as Error).stack ?? ''].join('\n')
      expect(everything, `HTTP ${status}`).not.toContain(KEY)
      // The echo reached the message (as "[redacted]") wherever the message quotes the service.
      if (status !== 429) expect((e as SvcFailure).error.message, `HTTP ${status}`).toContain('[redacted]')
    }
  })

  it('never puts the key in a BadResponse path or message', async () => {
    handler = (_req, res) => json(res, 200, { chains: KEY })
    const e = await failure(client().getChains())
    expect(JSON.stringify(e)).not.toContain(KEY)
  })
})
