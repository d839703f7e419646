import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { mkdtempSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Core } from '../bridge/core'
import { createBridgeHandlers } from '../bridge/handlers'
import { EventHub } from '../events/hub'
import { SvcClient } from '../service/client'
import type { FetchAnswer, FetchLike, FetchRequest } from '../service/transport'
import { startHost, type RunningHost } from './server'

/**
 * Cancelling across main: a tab that closes its bridge request (the page gave the call up)
 * aborts the handler's signal, and the service client abandons its request: the service's
 * fetch sees its signal abort and nothing of an answer is decoded.
 */

const TOKEN = 'cancel-token'
const source = { profileId: 'simulator', baseUrl: 'http://127.0.0.1:1', simulated: true, fetchedAt: 1 }

/** A service whose answers wait until the test releases them, recording each request's signal. */
function slowService() {
  const requests: FetchRequest[] = []
  const release: Array<(a: FetchAnswer) => void> = []
  const fetchImpl: FetchLike = (_url, init) => {
    requests.push(init)
    return new Promise((resolve, reject) => {
      release.push(resolve)
      init.signal.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' })))
    })
  }
  return { requests, release, fetchImpl }
}

function coreWith(client: SvcClient): Core {
  return {
    events: new EventHub(),
    session: () => ({ client, source: () => source }),
    redact: <T>(value: T) => value,
  } as unknown as Core
}

const OWNER = `0x${'1'.repeat(40)}`

describe('a call given up', () => {
  it('aborts the service request when the handler’s signal aborts, and answers Aborted', async () => {
    const svc = slowService()
    const handlers = createBridgeHandlers(coreWith(new SvcClient({ baseUrl: 'http://svc.test', getAccessKey: () => undefined, fetch: svc.fetchImpl })))
    const gone = new AbortController()
    const answer = handlers.searchIntents({ byOwnerAddress: OWNER }, { signal: gone.signal })
    await vi.waitFor(() => expect(svc.requests).toHaveLength(1))
    expect(svc.requests[0].signal.aborted).toBe(false)
    gone.abort()
    await expect(answer).resolves.toMatchObject({ ok: false, error: { kind: 'Aborted', operation: 'SearchIntents' } })
    expect(svc.requests[0].signal.aborted).toBe(true)
  })

  it('does not decode an answer that arrived for a call given up while it was read', async () => {
    const text = vi.fn(async () => '{"intents":[]}')
    const gone = new AbortController()
    const fetchImpl: FetchLike = async () => ({
      status: 200,
      headers: { get: () => null },
      text: async () => {
        gone.abort()
        return text()
      },
    })
    const handlers = createBridgeHandlers(coreWith(new SvcClient({ baseUrl: 'http://svc.test', getAccessKey: () => undefined, fetch: fetchImpl })))
    await expect(handlers.searchIntents({ byOwnerAddress: OWNER }, { signal: gone.signal })).resolves.toMatchObject({ error: { kind: 'Aborted' } })
  })

  it('never gives up a commit once sent', async () => {
    const commitIntent = vi.fn(async () => ({ intentId: 'x' }))
    const core = { ...coreWith({} as SvcClient), session: () => ({ client: { commitIntent }, source: () => source }) } as unknown as Core
    const gone = new AbortController()
    gone.abort()
    const r = await createBridgeHandlers(core).commitIntent({ intent: { intentId: `0x${'ab'.repeat(32)}`, originChainId: 1 } }, { signal: gone.signal })
    expect(r).toMatchObject({ ok: true })
  })
})

describe('the browser host', () => {
  let host: RunningHost
  let session: string
  const svc = slowService()

  beforeAll(async () => {
    const handlers = createBridgeHandlers(coreWith(new SvcClient({ baseUrl: 'http://svc.test', getAccessKey: () => undefined, fetch: svc.fetchImpl })))
    host = await startHost({ port: 0, rendererDir: mkdtempSync(join(tmpdir(), 'host-')), handlers, events: new EventHub(), token: TOKEN })
    const res = await fetch(`http://127.0.0.1:${host.port}/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ launch: TOKEN }) })
    session = ((await res.json()) as { session: string }).session
  })
  afterAll(() => host.stop())

  it('aborts the handler’s work and the service request when the tab closes its request', async () => {
    const req = request({
      host: '127.0.0.1',
      port: host.port,
      path: '/bridge/searchIntents',
      method: 'POST',
      headers: { host: `127.0.0.1:${host.port}`, 'content-type': 'application/json', authorization: `Bearer ${session}` },
    })
    req.on('error', () => {})
    req.end(JSON.stringify({ byOwnerAddress: OWNER }))
    await vi.waitFor(() => expect(svc.requests).toHaveLength(1))
    expect(svc.requests[0].signal.aborted).toBe(false)
    req.destroy()
    await vi.waitFor(() => expect(svc.requests[0].signal.aborted).toBe(true))
  })

  it('answers a call that is kept to its end', async () => {
    const pending = fetch(`http://127.0.0.1:${host.port}/bridge/getChains`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session}` },
      body: '{}',
    })
    await vi.waitFor(() => expect(svc.requests).toHaveLength(2))
    svc.release[1]({ status: 200, headers: { get: () => null }, text: async () => '{"chains":[]}' })
    const r = (await (await pending).json()) as { ok: boolean }
    expect(svc.requests[1].signal.aborted).toBe(false)
    expect(r.ok).toBe(true)
  })
})
