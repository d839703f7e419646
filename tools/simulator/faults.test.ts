import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { Faults, FaultSpecError, mangleTypes, parseFaults } from './faults'
import { startSimulator, type RunningSimulator } from './index'
import { OPERATION_NAMES } from './ops'
import { admin, post, rpc } from './testing'

describe('fault spec grammar', () => {
  it('parses kinds, parameters and scopes', () => {
    const rules = parseFaults(' latency=5000@GetIntent ; error500=0.3; rate429=1:retry=2:burst=3 ; reset=0.2@GetIntentHistory,SearchIntents;wrongTypes=1@*', OPERATION_NAMES)
    expect(rules.map((r) => [r.kind, r.value, r.params, r.ops && [...r.ops]])).toEqual([
      ['latency', 5000, {}, ['GetIntent']],
      ['error500', 0.3, {}, null],
      ['rate429', 1, { retry: 2, burst: 3 }, null],
      ['reset', 0.2, {}, ['GetIntentHistory', 'SearchIntents']],
      ['wrongTypes', 1, {}, null],
    ])
  })

  it.each([
    ['slow=1', /unknown fault "slow"/],
    ['error500=2', /rate between 0 and 1/],
    ['error500=lots', /non-negative number/],
    ['rate429=1:wait=2', /no parameter "wait"/],
    ['reset=1@GetEverything', /unknown operation "GetEverything"/],
  ])('rejects %s with a clear message', (spec, message) => {
    expect(() => parseFaults(spec, OPERATION_NAMES)).toThrow(FaultSpecError)
    expect(() => parseFaults(spec, OPERATION_NAMES)).toThrow(message)
  })

  it('draws the same faults for the same seed and request sequence', () => {
    const run = () => {
      const f = new Faults(9, OPERATION_NAMES)
      f.set('error500=0.5;latency=10:jitter=40:rate=0.5')
      return Array.from({ length: 50 }, () => f.plan('GetIntent'))
    }
    const a = run()
    expect(run()).toEqual(a)
    expect(a.some((p) => p.outcome === 'error500')).toBe(true)
    expect(a.some((p) => p.outcome === null)).toBe(true)
  })

  it('limits a whole burst once a 429 fires', () => {
    const f = new Faults(1, OPERATION_NAMES)
    f.set('rate429=0:burst=3')
    expect(f.plan('GetIntent').outcome).toBeNull()
    f.set('rate429=1:burst=3:retry=7;error500=1')
    expect([f.plan('GetIntent'), f.plan('GetIntent')].map((p) => [p.outcome, p.retryAfterSec])).toEqual([
      ['rate429', 7],
      ['rate429', 7],
    ])
  })

  it('changes the JSON type of every other field', () => {
    const mangled = mangleTypes({ a: 'x', b: { c: 1, d: true }, e: [1], f: null }) as Record<string, unknown>
    expect(mangled).toEqual({ a: 12345, b: { c: 'not a number', d: true }, e: { length: 1 }, f: null })
  })
})

describe('faults on the wire', () => {
  let sim: RunningSimulator
  beforeAll(async () => {
    sim = await startSimulator({ intents: 100, admin: true })
  })
  beforeEach(() => sim.setFaults(''))
  afterAll(() => sim.stop())

  it('answers 500 in the webrpc form', async () => {
    sim.setFaults('error500=1')
    const res = await rpc(sim.url, 'GetChains')
    expect(res.status).toBe(500)
    expect(res.body).toMatchObject({ error: 'Unexpected', code: 2001, status: 500 })
  })

  it('answers 429 bursts with Retry-After, then recovers', async () => {
    sim.setFaults('rate429=1:retry=2:burst=2')
    const first = await rpc(sim.url, 'GetChains')
    expect(first.status).toBe(429)
    expect(first.headers.get('retry-after')).toBe('2')
    expect(first.body).toMatchObject({ error: 'RateLimited', status: 429 })
    expect((await rpc(sim.url, 'GetChains')).status).toBe(429)
  })

  it('adds latency only to the scoped operation', async () => {
    sim.setFaults('latency=300@GetIntentHistory')
    let t = performance.now()
    await rpc(sim.url, 'GetIntentHistory', { page: { pageSize: 1 } })
    expect(performance.now() - t).toBeGreaterThanOrEqual(290)
    t = performance.now()
    await rpc(sim.url, 'GetChains')
    expect(performance.now() - t).toBeLessThan(250)
  })

  it('resets the connection mid-answer', async () => {
    sim.setFaults('reset=1@GetIntentHistory')
    await expect(post(sim.url, '/rpc/Svc/GetIntentHistory', {})).rejects.toThrow()
    expect((await rpc(sim.url, 'GetChains')).status).toBe(200)
  })

  it('sends truncated JSON as a complete answer', async () => {
    sim.setFaults('truncate=1')
    const res = await post(sim.url, '/rpc/Svc/GetChains', {})
    expect(res.status).toBe(200)
    expect(Number(res.headers.get('content-length'))).toBe(res.text.length)
    expect(() => JSON.parse(res.text)).toThrow()
  })

  it('never answers until the client gives up', async () => {
    sim.setFaults('neverAnswer=1@WaitIntentReceipt')
    const r = sim.dataset.records[0]
    const t = performance.now()
    await expect(post(sim.url, '/rpc/Svc/WaitIntentReceipt', { intentId: r.intentId }, { signal: AbortSignal.timeout(400) })).rejects.toThrow()
    expect(performance.now() - t).toBeGreaterThanOrEqual(380)
  })

  it('sends fields of the wrong types', async () => {
    sim.setFaults('wrongTypes=1@GetChains')
    const res = await rpc(sim.url, 'GetChains')
    expect(res.status).toBe(200)
    expect(Array.isArray(res.body.chains)).toBe(false)
  })

  it('is set and checked through the admin surface', async () => {
    const ok = await admin(sim.url, 'faults', { spec: 'error500=1@GetEarnPools' })
    expect(ok.body).toEqual({ spec: 'error500=1@GetEarnPools' })
    expect((await rpc(sim.url, 'GetEarnPools')).status).toBe(500)
    const bad = await admin(sim.url, 'faults', { spec: 'explode=1' })
    expect(bad.status).toBe(400)
    expect(bad.body.msg).toMatch(/unknown fault "explode"/)
    expect((await rpc(sim.url, 'GetEarnPools')).status).toBe(500)
  })

  it('rejects an invalid spec at start-up', async () => {
    await expect(startSimulator({ faults: 'error500=3' })).rejects.toThrow(FaultSpecError)
  })
})
