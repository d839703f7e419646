import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSimulator, type RunningSimulator } from '../../tools/simulator'
import { SvcClient } from './client'
import { checksSummaryLine } from '../../src-shared/contract/checks'
import { clockSkewText } from '../../src-shared/contract/time'
import { formatChecks, missingReceipts, runConnectionChecks } from './connectionChecks'
import { CapabilityCache, stateOfProbe } from './capabilities'

let sim: RunningSimulator
let bare: RunningSimulator
beforeAll(async () => {
  ;[sim, bare] = await Promise.all([startSimulator({ intents: 120, admin: true, waitTimeoutMs: 200, startAt: Date.now() }), startSimulator({ intents: 50, extras: false, waitTimeoutMs: 200 })])
})
afterAll(() => Promise.all([sim.stop(), bare.stop()]))

const client = (s: RunningSimulator) => new SvcClient({ baseUrl: s.url, getAccessKey: () => 'demo-key', retry: { attempts: 1 } })
const faults = (spec: string) =>
  fetch(`${sim.url}/__sim/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ spec }) }).then((r) => expect(r.status).toBe(200))
const byOp = (checks: Awaited<ReturnType<typeof runConnectionChecks>>) => Object.fromEntries(checks.map((c) => [c.operation, c]))
const noWait = async () => {}

describe('connection checks', () => {
  it('list the optional operations the service answers, with Ping, RuntimeStatus and the clock', async () => {
    const checks = byOp(await runConnectionChecks(client(sim), { sleep: noWait }))
    expect(checks['Optional operations'].detail).toBe(
      'available: Ping, RuntimeStatus, Clock, GetTokenPrices, AbortIntent, GetIntentTransactionHistory, GetExactInputRoutes, GetExactOutputRoutes',
    )
    expect(checks.Ping).toMatchObject({ ok: true, outcome: 'passed' })
    expect(checks.RuntimeStatus.detail).toMatch(/healthy, version simulator/)
    expect(checks.Clock.detail).toMatch(/agrees|ahead|behind/)
  })

  it('a service without them: each is absent, nothing fails', async () => {
    const checks = await runConnectionChecks(client(bare), { sleep: noWait })
    const o = byOp(checks)
    expect(o['Optional operations'].detail).toMatch(/^available: none; absent: Ping, RuntimeStatus, Clock, GetTokenPrices, AbortIntent/)
    for (const op of ['Ping', 'RuntimeStatus', 'Clock']) expect(o[op]).toMatchObject({ ok: true, outcome: 'absent' })
    expect(checks.every((c) => c.ok)).toBe(true)
    expect(formatChecks(checks)).toContain('ABSENT Ping: not offered by this service (optional)')
  })

  it('a rate-limited call is tried again within the budget and passes', async () => {
    await faults('rate429=1:retry=1@WaitIntentReceipt')
    const waits: number[] = []
    // The limit lifts while the run waits out the first Retry-After.
    const checks = byOp(await runConnectionChecks(client(sim), { sleep: async (ms) => (waits.push(ms), faults('')) }))
    expect(checks.WaitIntentReceipt).toMatchObject({ ok: true, outcome: 'passed' })
    expect(waits).toEqual([1000])
  })

  it('past the budget it is reported as rate-limited, apart from failures, and so are the checks that needed it', async () => {
    await faults('rate429=1:retry=5@GetIntentHistory')
    const checks = await runConnectionChecks(client(sim), { sleep: noWait, rateLimitBudgetMs: 0 })
    await faults('')
    const o = byOp(checks)
    expect(o.GetIntentHistory).toMatchObject({ ok: false, outcome: 'rateLimited' })
    for (const op of ['GetIntent', 'GetIntentReceipt', 'SearchIntents', 'WaitIntentReceipt']) expect(o[op]).toMatchObject({ outcome: 'rateLimited' })
    expect(checksSummaryLine(checks)).toMatch(/^\d+ passed, 0 failed, 6 rate-limited/)
    expect(checks.filter((c) => c.outcome === 'failed')).toEqual([])
  })

  it('the doctor’s filter checks name a filter the service ignores', async () => {
    await faults('ignoreFilter=1:originChainId=1@GetIntentHistory')
    const checks = byOp(await runConnectionChecks(client(sim), { sleep: noWait, filters: true }))
    await faults('')
    expect(checks['filter originChainId']).toMatchObject({ ok: true, outcome: 'warning' })
    expect(checks['filter originChainId'].detail).toMatch(/ignored it/)
    expect(checks['filter byStatus']).toMatchObject({ outcome: 'passed' })
  })
})

it('says when history entries came without a receipt', () => {
  expect(missingReceipts([{ intentId: 'a' }, { intentId: 'b', receipt: {} }])).toBe('1 of 2 entries came without a receipt (their route, amounts and chains are unknown)')
  expect(missingReceipts([{ intentId: 'b', receipt: {} }])).toBeUndefined()
})

it('words the clock skew', () => {
  expect(clockSkewText(300)).toMatch(/agrees/)
  expect(clockSkewText(2500)).toBe('the service’s clock is 2.5 s ahead of this machine’s')
  expect(clockSkewText(-7 * 86_400_000)).toBe('the service’s clock is 168 h behind this machine’s')
})

it('a probe that found no such route is absent; a refused request means the operation exists', () => {
  expect(stateOfProbe({ kind: 'NotFound', message: '', name: 'WebrpcBadRoute', status: 404 })).toBe('absent')
  expect(stateOfProbe({ kind: 'NotFound', message: '', status: 404 })).toBe('absent')
  expect(stateOfProbe({ kind: 'InvalidArgument', message: '', name: 'WebrpcBadRequest' })).toBe('available')
  expect(stateOfProbe({ kind: 'Network', message: '' })).toBe('unknown')
  expect(stateOfProbe(undefined)).toBe('available')
})

it('capabilities are probed once per profile and again on refresh', async () => {
  const cache = new CapabilityCache()
  let calls = 0
  const c = client(sim)
  const real = c.extra.bind(c)
  c.extra = ((...a: Parameters<typeof real>) => (calls++, real(...a))) as typeof c.extra
  const first = await cache.get('p', c)
  expect(first.operations.Clock).toBe('available')
  await cache.get('p', c)
  expect(calls).toBe(8)
  await cache.get('p', c, true)
  expect(calls).toBe(16)
})
