import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { SvcFailure, type SvcError } from '../../src-shared/contract/errors'
import type { ChainInfo } from '../../src-shared/contract/service'
import {
  BIG_AMOUNT_INTENT_ID,
  HEAVY_OWNER_ADDRESS,
  UNAVAILABLE_YIELD_ID,
  startSimulator,
  type RunningSimulator,
  type SimulatorOptions,
} from '../../tools/simulator'
import { SvcClient, type SvcClientOptions } from './client'

/** The client against the real simulator over HTTP. */

const KEY = 'sk-sim-3b1f9d7e-custody-check'
const BIG = '1234567890123456789012'
const USDC_BASE = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'
const USDC_ARBITRUM = '0xaf88d065e77c8cc2239327c5edb3a432268e5831'

interface Sim {
  sim: RunningSimulator
  /** Operation names of the RPC requests the simulator received, in order. */
  requests: string[]
  client(over?: Partial<SvcClientOptions>): SvcClient
}

const running: RunningSimulator[] = []

async function simulator(opts: SimulatorOptions = {}): Promise<Sim> {
  const requests: string[] = []
  const sim = await startSimulator({
    port: 0,
    seed: 1,
    intents: 500,
    admin: true,
    accessKeys: [KEY],
    waitTimeoutMs: 400,
    verbose: true,
    log: (line) => {
      const m = /^POST \/rpc\/Svc\/(\w+)/.exec(line)
      if (m) requests.push(m[1])
    },
    ...opts,
  })
  running.push(sim)
  return {
    sim,
    requests,
    client: (over = {}) => new SvcClient({ baseUrl: sim.url, getAccessKey: () => KEY, retry: { sleep: async () => {} }, ...over }),
  }
}

afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()))
})

async function failure(p: Promise<unknown>): Promise<SvcError> {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  )
  expect(e).toBeInstanceOf(SvcFailure)
  return (e as SvcFailure).error
}

const quoteRequest = {
  ownerAddress: HEAVY_OWNER_ADDRESS,
  originChainId: 8453,
  originTokenAddress: USDC_BASE,
  destinationChainId: 42161,
  destinationTokenAddress: USDC_ARBITRUM,
  originTokenAmount: '25000000',
}

describe('every operation, response-shape answers', () => {
  let s: Sim
  beforeAll(async () => {
    s = await simulator()
  })

  it('GetIntent keeps every digit of a 22-digit amount', async () => {
    const { intent } = await s.client().getIntent({ intentId: BIG_AMOUNT_INTENT_ID })
    expect(intent.intentId).toBe(BIG_AMOUNT_INTENT_ID)
    expect(intent.quote?.fromAmount).toBe(BIG)
    expect(intent.depositTransaction?.amount).toBe(BIG)
    expect(intent.status).toBe('SUCCEEDED')
  })

  it('GetIntentReceipt and WaitIntentReceipt carry the same amounts; a finished intent answers at once', async () => {
    const c = s.client()
    const { intentReceipt } = await c.getIntentReceipt({ intentId: BIG_AMOUNT_INTENT_ID })
    expect(intentReceipt.summary?.originTokenAmount).toBe(BIG)
    const started = Date.now()
    const waited = await c.waitIntentReceipt({ intentId: BIG_AMOUNT_INTENT_ID, lastReceiptStates: [] })
    expect(waited.done).toBe(true)
    expect(waited.intentReceipt.depositTransaction?.tokenAmount).toBe(BIG)
    expect(Date.now() - started).toBeLessThan(400)
  })

  it('WaitIntentReceipt holds while nothing changes and answers done: false', async () => {
    const { intentId } = s.sim.createIntent({ status: 'EXECUTING' })
    const c = s.client()
    const first = await c.waitIntentReceipt({ intentId })
    expect(first.done).toBe(false)
    const started = Date.now()
    const second = await c.waitIntentReceipt({ intentId, lastReceiptStates: first.receiptStates })
    expect(second.done).toBe(false)
    expect(Date.now() - started).toBeGreaterThanOrEqual(350)
  })

  it('SearchIntents finds a wallet’s intents; GetIntentHistory pages and walks', async () => {
    const c = s.client()
    const { intents } = await c.searchIntents({ byOwnerAddress: HEAVY_OWNER_ADDRESS })
    expect(intents.length).toBeGreaterThan(0)
    expect(intents.every((i) => i.ownerAddress === HEAVY_OWNER_ADDRESS)).toBe(true)

    const page = await c.getIntentHistory({ byOwnerAddress: HEAVY_OWNER_ADDRESS, page: { pageSize: 30 } })
    expect(page.intents).toHaveLength(30)
    expect(page.nextPage?.more).toBe(true)

    const onPage = vi.fn()
    const walked = await c.walkIntentHistory({ byOwnerAddress: HEAVY_OWNER_ADDRESS, page: { pageSize: 30 } }, { onPage })
    expect(walked.complete).toBe(true)
    expect(walked.intents).toHaveLength(intents.length)
    expect(new Set(walked.intents.map((e) => e.intentId)).size).toBe(intents.length)
    expect(onPage).toHaveBeenCalledTimes(Math.ceil(intents.length / 30))

    const all = await c.walkIntentHistory({ page: { pageSize: 100 } })
    expect(all.intents).toHaveLength(s.sim.dataset.size)
    const big = all.intents.find((e) => e.intentId === BIG_AMOUNT_INTENT_ID)
    expect(big?.receipt?.summary?.originTokenAmount).toBe(BIG)
  })

  it('QuoteIntent, then CommitIntent with the unmodified intent, then ExecuteIntent', async () => {
    const c = s.client()
    const quoted = await c.quoteIntent(quoteRequest)
    expect(quoted.intent.status).toBe('QUOTED')
    expect(quoted.intent.quote?.fromAmount).toBe('25000000')
    const intentId = quoted.intent.intentId!
    await expect(c.commitIntent({ intent: quoted.intent })).resolves.toEqual({ intentId })
    await expect(c.executeIntent({ intentId })).resolves.toMatchObject({ intentId, status: 'EXECUTING' })
  })

  it('GetChains, YieldGetMarkets, YieldGetAggregateBalances and GetEarnPools', async () => {
    const c = s.client()
    const { chains } = await c.getChains()
    expect(chains.find((ch) => ch.id === 8453)?.nativeCurrency.symbol).toBe('ETH')

    const markets = await c.yieldGetMarkets({ chainId: '8453', limit: 5 })
    expect(markets.items.length).toBeGreaterThan(0)
    expect(markets.items.every((m) => m.chainId === 8453)).toBe(true)
    expect(markets).toMatchObject({ offset: 0, limit: 5, total: expect.any(Number) })

    const balances = await c.yieldGetAggregateBalances({ queries: [{ address: HEAVY_OWNER_ADDRESS, network: 'base' }] })
    expect(balances.items.length).toBeGreaterThan(0)
    expect(balances.items[0].balances?.[0].amount).toMatch(/^\d+(\.\d+)?$/)

    const pools = await c.getEarnPools({ chainIds: [42161] })
    expect(pools.pools.every((p) => p.chainId === 42161)).toBe(true)
    expect(typeof pools.cached).toBe('boolean')
  })

  it('splits 60 balance queries into batches of 25 and merges items and errors in query order', async () => {
    const markets = (await s.client().yieldGetMarkets({ chainId: '8453', limit: 200 })).items
    const queries = Array.from({ length: 60 }, (_, i) =>
      i % 20 === 7
        ? { address: HEAVY_OWNER_ADDRESS, network: 'ethereum', yieldId: UNAVAILABLE_YIELD_ID }
        : { address: HEAVY_OWNER_ADDRESS, network: 'base', yieldId: markets[i % markets.length].id },
    )
    s.requests.length = 0
    const merged = await s.client().yieldGetAggregateBalances({ queries })
    expect(s.requests).toEqual(Array(3).fill('YieldGetAggregateBalances'))
    expect(merged.errors).toHaveLength(3)
    expect(merged.errors.every((e) => e.yieldId === UNAVAILABLE_YIELD_ID)).toBe(true)
    expect(merged.items.map((i) => i.yieldId)).toEqual(queries.filter((q) => q.yieldId !== UNAVAILABLE_YIELD_ID).map((q) => q.yieldId))
  })
})

describe('the spec’s other answer forms (payload shape, prose ChainInfo)', () => {
  let spec: Sim
  let payload: Sim
  beforeAll(async () => {
    ;[spec, payload] = await Promise.all([simulator(), simulator({ shape: 'payload' })])
    // Positions accrue over simulated time: stop both clocks at the same moment.
    const at = spec.sim.clock.now()
    for (const { sim } of [spec, payload]) {
      sim.clock.freeze()
      sim.clock.set(at)
    }
  })

  it('GetChains: the prose field set normalises to the same chains', async () => {
    const [a, b] = await Promise.all([spec.client().getChains(), payload.client().getChains()])
    const core = (c: ChainInfo) => ({ id: c.id, name: c.name, nativeCurrency: c.nativeCurrency, url: c.blockExplorer?.url })
    expect(b.chains.map(core)).toEqual(a.chains.map(core))
    expect(b.chains.every((c) => typeof c.isTestnet === 'boolean' && typeof c.supportsBridging === 'boolean')).toBe(true)
  })

  it('YieldGetMarkets: the payload string gives the same markets, paging from the request', async () => {
    const req = { limit: 7, offset: 3, sort: 'tvlDesc' }
    const [a, b] = await Promise.all([spec.client().yieldGetMarkets(req), payload.client().yieldGetMarkets(req)])
    expect(b.items).toEqual(a.items)
    expect(b).toMatchObject({ offset: 3, limit: 7 })
    expect(b.total).toBeUndefined()
  })

  it('YieldGetAggregateBalances: payload records group into the same positions', async () => {
    const queries = [
      { address: HEAVY_OWNER_ADDRESS, network: 'base' },
      { address: HEAVY_OWNER_ADDRESS, network: 'ethereum', yieldId: UNAVAILABLE_YIELD_ID },
    ]
    const [a, b] = await Promise.all([
      spec.client().yieldGetAggregateBalances({ queries }),
      payload.client().yieldGetAggregateBalances({ queries }),
    ])
    expect(b.errors).toEqual(a.errors)
    const held = a.items.filter((i) => (i.balances?.length ?? 0) > 0)
    expect(b.items.map((i) => i.yieldId)).toEqual(held.map((i) => i.yieldId))
    expect(b.items.map((i) => i.balances?.[0].amount)).toEqual(held.map((i) => i.balances?.[0].amount))
    expect(b.items[0].balances?.[0]).toMatchObject({ network: 'base', address: HEAVY_OWNER_ADDRESS })
  })
})

describe('error kinds', () => {
  let s: Sim
  beforeAll(async () => {
    s = await simulator()
  })

  it('Unauthorized: a rejected key, and no key', async () => {
    const wrong = await failure(s.client({ getAccessKey: () => 'not-the-key' }).getChains())
    expect(wrong).toMatchObject({ kind: 'Unauthorized', status: 401 })
    expect(wrong.message).toContain(`The access key was rejected by ${s.sim.url} — check it in Settings`)
    expect(wrong.message).not.toContain('not-the-key')
    const none = await failure(s.client({ getAccessKey: () => undefined }).getChains())
    expect(none.message).toMatch(/none is set for this profile/)
  })

  it('NotFound: an unknown intent, and a URL that does not serve the operation', async () => {
    const missing = await failure(s.client().getIntent({ intentId: `0x${'ab'.repeat(32)}` }))
    // The deployed catalogue sends NotFound (8000) with HTTP 400: the name decides.
    expect(missing).toMatchObject({ kind: 'NotFound', status: 400, code: 8000, operation: 'GetIntent' })
    expect(missing.message).toMatch(/found nothing matching/)
    const wrongBase = await failure(s.client({ baseUrl: `${s.sim.url}/api` }).getChains())
    expect(wrongBase).toMatchObject({ kind: 'NotFound', status: 404 })
    expect(wrongBase.message).toMatch(/does not support GetChains/)
  })

  it('InvalidArgument: a request the service refuses', async () => {
    const e = await failure(s.client().getIntentHistory({ page: { pageSize: 5000 } }))
    expect(e).toMatchObject({ kind: 'InvalidArgument', status: 400, operation: 'GetIntentHistory' })
    expect(e.message).toContain(s.sim.url)
  })

  it('committing a modified intent is refused naming the field, and committing twice is a Conflict', async () => {
    const c = s.client()
    const { intent } = await c.quoteIntent(quoteRequest)
    const modified = await failure(c.commitIntent({ intent: { ...intent, quote: { ...intent.quote, toAmount: '1' } } }))
    expect(modified).toMatchObject({ kind: 'InvalidArgument', status: 400, name: 'WebrpcBadRequest' })
    expect(modified.message).toMatch(/quote\.toAmount/)
    await c.commitIntent({ intent })
    expect(await failure(c.commitIntent({ intent }))).toMatchObject({ kind: 'Conflict', status: 422, name: 'IntentStatus' })
  })
})

describe('faults, retries and cancellation', () => {
  let s: Sim
  beforeAll(async () => {
    s = await simulator()
  })
  const withFaults = (spec: string) => {
    s.sim.setFaults(spec)
    s.requests.length = 0
  }
  /** Requests of one operation: the log line comes when an answer ends, so count per operation. */
  const sent = (op: string) => s.requests.filter((r) => r === op).length

  it('retries a read through 429s, waiting Retry-After', async () => {
    withFaults('rate429=1:retry=1@GetChains')
    // The service stops limiting during the second wait.
    const sleep = vi.fn(async (_ms: number) => {
      if (sleep.mock.calls.length === 2) s.sim.setFaults('')
    })
    const { chains } = await s.client({ retry: { sleep } }).getChains()
    expect(chains.length).toBeGreaterThan(0)
    expect(sent('GetChains')).toBe(3)
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([1000, 1000])
  })

  it('RateLimited: a Retry-After too long to wait goes to the user with its time', async () => {
    withFaults('rate429=1:retry=120@GetChains')
    const e = await failure(s.client().getChains())
    expect(e).toMatchObject({ kind: 'RateLimited', status: 429, retryAfterMs: 120_000 })
    expect(sent('GetChains')).toBe(1)
  })

  it('Unavailable: 5xx retried up to the limit for reads, never for CommitIntent', async () => {
    withFaults('error500=1')
    expect(await failure(s.client().getIntent({ intentId: BIG_AMOUNT_INTENT_ID }))).toMatchObject({
      kind: 'Unavailable',
      status: 500,
    })
    expect(sent('GetIntent')).toBe(3)

    withFaults('error500=1@CommitIntent')
    const { intent } = await s.client().quoteIntent(quoteRequest)
    s.requests.length = 0
    expect(await failure(s.client().commitIntent({ intent }))).toMatchObject({ kind: 'Unavailable' })
    expect(sent('CommitIntent')).toBe(1)
  })

  it('Network: a connection reset mid-answer, retried for reads', async () => {
    withFaults('reset=1@GetChains')
    const e = await failure(s.client().getChains())
    expect(e.kind).toBe('Network')
    expect(e.message).toContain(s.sim.url)
    expect(sent('GetChains')).toBe(3)
  })

  it('BadResponse: a cut-off body and fields of the wrong types', async () => {
    withFaults('truncate=1@GetIntent')
    expect(await failure(s.client().getIntent({ intentId: BIG_AMOUNT_INTENT_ID }))).toMatchObject({
      kind: 'BadResponse',
      operation: 'GetIntent',
    })
    expect(sent('GetIntent')).toBe(1)

    withFaults('wrongTypes=1@GetIntentHistory')
    const e = await failure(s.client().getIntentHistory({ page: { pageSize: 3 } }))
    expect(e).toMatchObject({ kind: 'BadResponse', operation: 'GetIntentHistory', path: expect.stringMatching(/^intents/) })
    expect(e.message).toContain(e.path)
  })

  it('Timeout: a service that never answers', async () => {
    withFaults('neverAnswer=1@GetChains')
    const e = await failure(s.client({ timeoutMs: 300 }).getChains())
    expect(e).toMatchObject({ kind: 'Timeout', operation: 'GetChains' })
    await vi.waitFor(() => expect(sent('GetChains')).toBe(1))
  })

  it('Aborted: cancelling a held long-poll ends it at once', async () => {
    withFaults('')
    const { intentId } = s.sim.createIntent({ status: 'EXECUTING' })
    const c = s.client({ longPollTimeoutMs: 10_000 })
    const { receiptStates } = await c.waitIntentReceipt({ intentId })
    const controller = new AbortController()
    const started = Date.now()
    setTimeout(() => controller.abort(), 50)
    const e = await failure(c.waitIntentReceipt({ intentId, lastReceiptStates: receiptStates }, { signal: controller.signal }))
    expect(e.kind).toBe('Aborted')
    expect(Date.now() - started).toBeLessThan(300)
  })

  it('Aborted: cancelling stops a retry wait', async () => {
    withFaults('error500=1@GetChains')
    const controller = new AbortController()
    const sleep = vi.fn(async () => controller.abort())
    expect(await failure(s.client({ retry: { sleep } }).getChains({}, { signal: controller.signal }))).toMatchObject({
      kind: 'Aborted',
    })
    expect(sent('GetChains')).toBe(1)
  })
})

it('the access key appears in nothing the client returns or throws', async () => {
  const s = await simulator({ faults: 'error500=0.2;truncate=0.1;wrongTypes=0.1' })
  const c = s.client({ retry: { attempts: 1 } })
  const outcomes: unknown[] = []
  const record = (p: Promise<unknown>) =>
    p.then(
      (v) => outcomes.push(v),
      (e: unknown) => outcomes.push(e instanceof Error ? { message: e.message, stack: e.stack, error: (e as SvcFailure).error } : e),
    )
  for (let i = 0; i < 3; i++) {
    await record(c.getChains())
    await record(c.getIntent({ intentId: BIG_AMOUNT_INTENT_ID }))
    await record(c.getIntentHistory({ page: { pageSize: 5 } }))
    await record(c.searchIntents({ byOwnerAddress: HEAVY_OWNER_ADDRESS }))
    await record(c.yieldGetMarkets({ limit: 3 }))
    await record(c.getIntent({ intentId: 'missing' }))
    await record(s.client({ getAccessKey: () => `${KEY}-wrong` }).getChains())
  }
  expect(outcomes.some((o) => (o as { error?: SvcError }).error)).toBe(true)
  expect(outcomes.some((o) => !(o as { error?: SvcError }).error)).toBe(true)
  const everything = JSON.stringify(outcomes)
  expect(everything).not.toContain(KEY)
})
