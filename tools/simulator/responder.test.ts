import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BIG_AMOUNT_INTENT_ID, createResponder, startSimulator, type RunningSimulator, type SimResponder } from './index'

/**
 * The simulator without a socket answers exactly what its HTTP server answers: the
 * server runs the very same responder, so two simulators of the same seed agree on
 * every status, header that matters and body, errors and faults included.
 */
const OPTIONS = { seed: 7, intents: 200, accessKeys: ['demo-key'] }

let http: RunningSimulator
let local: SimResponder
beforeAll(async () => {
  http = await startSimulator(OPTIONS)
  local = createResponder(OPTIONS)
})
afterAll(async () => {
  local.stop()
  await http.stop()
})

interface Asked {
  method?: string
  path: string
  key?: string | null
  body?: string
}

async function both({ method = 'POST', path, key = 'demo-key', body = '{}' }: Asked) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' }
  if (key !== null) headers['X-Access-Key'] = key
  const res = await fetch(`${http.url}${path}`, { method, headers, body: method === 'GET' ? undefined : body })
  const viaHttp = { status: res.status, retryAfter: res.headers.get('retry-after') ?? undefined, body: await res.text() }
  const ac = new AbortController()
  const answer = await local.respond({ method, path, header: (n) => (n === 'x-access-key' && key !== null ? key : undefined), body: async () => body, signal: ac.signal })
  return { viaHttp, inProcess: { status: answer.status, retryAfter: answer.headers['Retry-After'], body: answer.body } }
}

describe('the in-process responder', () => {
  it.each<[string, Asked]>([
    ['an answer', { path: '/rpc/Svc/GetIntent', body: JSON.stringify({ intentId: BIG_AMOUNT_INTENT_ID }) }],
    ['a list', { path: '/rpc/Svc/GetChains' }],
    ['a missing key', { path: '/rpc/Svc/GetChains', key: null }],
    ['an unknown key', { path: '/rpc/Svc/GetChains', key: 'nope' }],
    ['an unknown operation', { path: '/rpc/Svc/DeleteEverything' }],
    ['an unknown path', { path: '/elsewhere' }],
    ['another method', { method: 'GET', path: '/rpc/Svc/GetChains' }],
    ['a body that is not JSON', { path: '/rpc/Svc/GetIntent', body: '{' }],
    ['a bad argument', { path: '/rpc/Svc/GetIntent', body: '{"intentId":5}' }],
  ])('answers %s as the HTTP server does', async (_, asked) => {
    const { viaHttp, inProcess } = await both(asked)
    expect(inProcess).toEqual(viaHttp)
  })

  it('injects the same faults, a rate limit with its Retry-After included', async () => {
    http.setFaults('rate429=1:retry=4@GetChains')
    const faulty = createResponder({ ...OPTIONS, faults: 'rate429=1:retry=4@GetChains' })
    try {
      const res = await fetch(`${http.url}/rpc/Svc/GetChains`, { method: 'POST', headers: { 'X-Access-Key': 'demo-key' }, body: '{}' })
      const answer = await faulty.respond({ method: 'POST', path: '/rpc/Svc/GetChains', header: () => 'demo-key', body: async () => '{}', signal: new AbortController().signal })
      expect(res.status).toBe(429)
      expect(answer).toMatchObject({ status: 429, headers: { 'Retry-After': res.headers.get('retry-after') }, body: await res.text() })
    } finally {
      faulty.stop()
      http.setFaults('')
    }
  })

  it('ends a request it holds as dropped when the asker hangs up, or when it stops', async () => {
    const holding = createResponder({ ...OPTIONS, faults: 'neverAnswer=1@GetChains' })
    const ask = (signal: AbortSignal) =>
      holding.respond({ method: 'POST', path: '/rpc/Svc/GetChains', header: () => 'demo-key', body: async () => '{}', signal })
    const ac = new AbortController()
    const first = ask(ac.signal)
    setTimeout(() => ac.abort(), 20)
    expect(await first).toMatchObject({ cut: 'drop' })
    const second = ask(new AbortController().signal)
    setTimeout(() => holding.stop(), 20)
    expect(await second).toMatchObject({ cut: 'drop' })
  })
})
