import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startSimulator, type RunningSimulator } from './index'
import { parseJson } from './wire'
import { rpc } from './testing'

const OWNER = '0x1111111111111111111111111111111111111111'
const BASE_USDC = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'
const ARB_USDC = '0xaf88d065e77c8cc2239327c5edb3a432268e5831'
const quoteRequest = { ownerAddress: OWNER, originChainId: 8453, originTokenAddress: BASE_USDC, destinationChainId: 42161, destinationTokenAddress: ARB_USDC, originTokenAmount: '2500000000' }

let sim: RunningSimulator
beforeEach(async () => {
  sim = await startSimulator({ intents: 300, waitTimeoutMs: 300, commitWindowMs: 60_000, admin: true })
})
afterEach(() => sim.stop())

/** QuoteIntent, returning the intent exactly as the wire carried it (big integers intact). */
async function quote(overrides: Record<string, unknown> = {}) {
  const res = await rpc(sim.url, 'QuoteIntent', { ...quoteRequest, ...overrides })
  expect(res.status).toBe(200)
  return res.body.intent as Record<string, any>
}

describe('quote, commit, execute', () => {
  it('quotes an intent with gas fee options, status QUOTED', async () => {
    const res = await rpc(sim.url, 'QuoteIntent', quoteRequest)
    expect(res.body.intent).toMatchObject({ status: 'QUOTED', ownerAddress: OWNER, originChainId: 8453, destinationChainId: 42161, originTokenAddress: BASE_USDC, isTestnet: false })
    expect(res.body.intent.quoteRequest.originTokenAmount).toBe(2_500_000_000)
    expect(res.body.gasFeeOptions).toEqual(res.body.intent.gasFeeOptions)
    expect(res.body.gasFeeOptions.feeOptions.length).toBeGreaterThan(0)
    const got = await rpc(sim.url, 'GetIntent', { intentId: res.body.intent.intentId })
    expect(got.body.intent).toEqual(res.body.intent)
  })

  it('rejects quotes for unknown chains, foreign tokens and mixed networks', async () => {
    for (const bad of [{ originChainId: 999 }, { originTokenAddress: ARB_USDC }, { destinationChainId: 11155111, destinationTokenAddress: '0x1c7d4b196cb0c7b01d743fbc6116a902379c7238' }, { originTokenAmount: '0' }, { ownerAddress: 'me' }]) {
      const res = await rpc(sim.url, 'QuoteIntent', { ...quoteRequest, ...bad })
      // An unknown chain is UnsupportedNetwork (422); the rest are malformed requests (400).
      expect(res.status).toBe('originChainId' in bad ? 422 : 400)
      expect(res.body.error).toBe('originChainId' in bad ? 'UnsupportedNetwork' : 'WebrpcBadRequest')
    }
  })

  it('drives an intent from quote to a final receipt', async () => {
    const intent = await quote()
    const commit = await rpc(sim.url, 'CommitIntent', { intent })
    expect(commit.status).toBe(200)
    expect(commit.body).toEqual({ intentId: intent.intentId })
    expect((await rpc(sim.url, 'GetIntent', { intentId: intent.intentId })).body.intent.status).toBe('COMMITTED')

    const exec = await rpc(sim.url, 'ExecuteIntent', { intentId: intent.intentId })
    expect(exec.body).toEqual({ intentId: intent.intentId, status: 'EXECUTING' })

    let states: unknown[] | undefined
    const seen: string[] = []
    for (let i = 0; i < 20; i++) {
      const res = await rpc(sim.url, 'WaitIntentReceipt', { intentId: intent.intentId, lastReceiptStates: states })
      states = res.body.receiptStates
      seen.push(res.body.intentReceipt.status)
      if (res.body.done) {
        expect(['SUCCEEDED', 'FAILED', 'REFUNDED']).toContain(res.body.intentReceipt.status)
        if (res.body.intentReceipt.status !== 'SUCCEEDED') expect(res.body.intentReceipt.originTransaction.statusReason).toBeTruthy()
        expect(res.body.intentReceipt.depositTransaction.txnHash).toMatch(/^0x[0-9a-f]{64}$/)
        return
      }
      sim.clock.advance(60_000)
    }
    throw new Error(`never finished: ${seen.join(' ')}`)
  })

  it('accepts amounts echoed as decimal strings but rejects any changed field', async () => {
    const intent = await quote()
    const asStrings = { ...intent, quoteRequest: { ...intent.quoteRequest, originTokenAmount: String(intent.quoteRequest.originTokenAmount) } }
    const changed = { ...intent, quote: { ...intent.quote, toAmountMin: BigInt(intent.quote.toAmountMin) + 1n } }
    const mismatch = await rpc(sim.url, 'CommitIntent', { intent: changed })
    expect(mismatch.status).toBe(400)
    expect(mismatch.body).toMatchObject({ error: 'WebrpcBadRequest', code: -4, status: 400, cause: 'quote.toAmountMin' })
    const extra = await rpc(sim.url, 'CommitIntent', { intent: { ...intent, note: 'hi' } })
    expect(extra.body.cause).toBe('note')
    const { salt: _salt, ...missing } = intent
    expect((await rpc(sim.url, 'CommitIntent', { intent: missing })).body.cause).toBe('salt')
    expect((await rpc(sim.url, 'CommitIntent', { intent: asStrings })).status).toBe(200)
  })

  it('compares big integers digit for digit', async () => {
    const intent = await quote({ originChainId: 1, originTokenAddress: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2', originTokenAmount: '1234567890123456789012' })
    // A client that parsed the amount into a double sends back a rounded number.
    const lossy = parseJson(JSON.stringify({ ...intent, quoteRequest: { ...intent.quoteRequest, originTokenAmount: Number(intent.quoteRequest.originTokenAmount) } }, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)))
    expect((await rpc(sim.url, 'CommitIntent', { intent: lossy })).body.cause).toBe('quoteRequest.originTokenAmount')
    const exact = await rpc(sim.url, 'CommitIntent', {}, { rawBody: `{"intent":${JSON.stringify(intent, (_k, v) => (typeof v === 'bigint' ? `#${v}#` : v)).replace(/"#(\d+)#"/g, '$1')}}` })
    expect(exact.status).toBe(200)
  })

  it('commits only QUOTED intents, once, before the quote expires', async () => {
    const intent = await quote()
    expect((await rpc(sim.url, 'CommitIntent', { intent })).status).toBe(200)
    const again = await rpc(sim.url, 'CommitIntent', { intent })
    expect(again.status).toBe(422)
    expect(again.body.error).toBe('IntentStatus')

    const late = await quote()
    sim.clock.advance(61_000)
    const expired = await rpc(sim.url, 'CommitIntent', { intent: late })
    expect(expired.status).toBe(400)
    expect(expired.body.error).toBe('QuoteExpired')
  })

  it('refuses to execute outside the commit window or before a commit', async () => {
    const early = await quote()
    const notCommitted = await rpc(sim.url, 'ExecuteIntent', { intentId: early.intentId })
    expect(notCommitted.status).toBe(422)
    expect(notCommitted.body.error).toBe('IntentStatus')

    await rpc(sim.url, 'CommitIntent', { intent: early })
    sim.clock.advance(60_001)
    const late = await rpc(sim.url, 'ExecuteIntent', { intentId: early.intentId })
    expect(late.status).toBe(400)
    expect(late.body).toMatchObject({ error: 'QuoteExpired', code: 7001 })
    expect((await rpc(sim.url, 'GetIntent', { intentId: early.intentId })).body.intent.status).toBe('ABORTED')
  })

  it('answers unknown intents with NotFound and malformed ids with WebrpcBadRequest', async () => {
    const unknown = await rpc(sim.url, 'GetIntent', { intentId: '0x' + 'ab'.repeat(32) })
    expect(unknown.status).toBe(400)
    expect(unknown.body).toMatchObject({ error: 'NotFound', code: 8000, status: 400 })
    expect((await rpc(sim.url, 'GetIntentReceipt', { intentId: '0x' + 'cd'.repeat(32) })).body.error).toBe('NotFound')
    expect((await rpc(sim.url, 'ExecuteIntent', { intentId: '0x' + 'ef'.repeat(32) })).body.error).toBe('NotFound')
    expect((await rpc(sim.url, 'GetIntent', { intentId: 'abc' })).body.error).toBe('WebrpcBadRequest')
  })
})

describe('WaitIntentReceipt', () => {
  const held = () => sim.createIntent({ status: 'EXECUTING' })

  it('answers at once for final intents', async () => {
    const done = sim.createIntent({ status: 'SUCCEEDED' })
    const t = performance.now()
    const res = await rpc(sim.url, 'WaitIntentReceipt', { intentId: done.intentId, lastReceiptStates: ['intent:SUCCEEDED'] })
    expect(performance.now() - t).toBeLessThan(250)
    expect(res.body).toMatchObject({ done: true, intentReceipt: { status: 'SUCCEEDED' } })
  })

  it('answers at once without lastReceiptStates, then holds until the timeout', async () => {
    const r = held()
    const first = await rpc(sim.url, 'WaitIntentReceipt', { intentId: r.intentId })
    expect(first.body.done).toBe(false)
    expect(first.body.receiptStates).toEqual(['intent:EXECUTING', 'deposit:PENDING'])
    const t = performance.now()
    const second = await rpc(sim.url, 'WaitIntentReceipt', { intentId: r.intentId, lastReceiptStates: first.body.receiptStates })
    const waited = performance.now() - t
    expect(waited).toBeGreaterThanOrEqual(280)
    expect(waited).toBeLessThan(1500)
    expect(second.body).toMatchObject({ done: false, receiptStates: first.body.receiptStates })
  })

  it('answers as soon as the receipt changes', async () => {
    sim = await restart({ waitTimeoutMs: 5000 })
    const r = held()
    const states = (await rpc(sim.url, 'GetIntentReceipt', { intentId: r.intentId })).body.receiptStates
    const t = performance.now()
    const pending = rpc(sim.url, 'WaitIntentReceipt', { intentId: r.intentId, lastReceiptStates: states })
    setTimeout(() => sim.advance(r.intentId), 150)
    const res = await pending
    expect(performance.now() - t).toBeLessThan(2000)
    expect(res.body.receiptStates).toEqual(['intent:EXECUTING', 'deposit:MINED', 'origin:PENDING'])
    expect(res.body.done).toBe(false)
  })

  it('wakes with done when the intent fails, with the reason on the origin transaction', async () => {
    sim = await restart({ waitTimeoutMs: 5000 })
    const r = held()
    const states = (await rpc(sim.url, 'GetIntentReceipt', { intentId: r.intentId })).body.receiptStates
    const pending = rpc(sim.url, 'WaitIntentReceipt', { intentId: r.intentId, lastReceiptStates: states })
    setTimeout(() => sim.advance(r.intentId, { to: 'FAILED', statusReason: 'slippage tolerance exceeded' }), 100)
    const res = await pending
    expect(res.body.done).toBe(true)
    expect(res.body.intentReceipt.originTransaction.statusReason).toBe('slippage tolerance exceeded')
  })

  it('answers held long-polls when the simulator is reset', async () => {
    sim = await restart({ waitTimeoutMs: 60_000 })
    const r = held()
    const states = (await rpc(sim.url, 'GetIntentReceipt', { intentId: r.intentId })).body.receiptStates
    const pending = rpc(sim.url, 'WaitIntentReceipt', { intentId: r.intentId, lastReceiptStates: states })
    await new Promise((ok) => setTimeout(ok, 100))
    const t = performance.now()
    sim.reset()
    expect((await pending).status).toBe(200)
    expect(performance.now() - t).toBeLessThan(1000)
  })

  it('lets stop() end held long-polls promptly', async () => {
    sim = await restart({ waitTimeoutMs: 60_000 })
    const r = held()
    const states = (await rpc(sim.url, 'GetIntentReceipt', { intentId: r.intentId })).body.receiptStates
    const pending = rpc(sim.url, 'WaitIntentReceipt', { intentId: r.intentId, lastReceiptStates: states }).then(
      () => 'answered',
      () => 'closed',
    )
    await new Promise((ok) => setTimeout(ok, 100))
    const t = performance.now()
    await sim.stop()
    expect(await pending).toBe('closed')
    expect(performance.now() - t).toBeLessThan(1000)
  })
})

describe('time', () => {
  it('finishes every seeded in-flight intent as the clock moves on', async () => {
    const inFlight = sim.dataset.records.filter((r) => ['QUOTED', 'COMMITTED', 'EXECUTING'].includes(r.status) && r.createdAt > sim.clock.now() - 3_600_000)
    expect(inFlight.some((r) => r.status === 'EXECUTING')).toBe(true)
    sim.clock.advance(2 * 3_600_000)
    await rpc(sim.url, 'GetChains')
    for (const r of inFlight) expect(['QUOTED', 'SUCCEEDED', 'FAILED', 'REFUNDED', 'ABORTED']).toContain(r.status)
    expect(inFlight.some((r) => r.status === 'SUCCEEDED')).toBe(true)
  })

  it('stamps steps with their scripted times even when the clock jumps', async () => {
    const r = sim.createIntent({ status: 'EXECUTING', auto: true })
    const started = r.executedAt
    sim.clock.advance(3_600_000)
    const receipt = (await rpc(sim.url, 'GetIntentReceipt', { intentId: r.intentId })).body.intentReceipt
    const mined = Date.parse(receipt.depositTransaction.txnMinedAt)
    expect(mined - started).toBeGreaterThanOrEqual(3_000)
    expect(mined - started).toBeLessThanOrEqual(9_000)
    expect(Date.parse(receipt.updatedAt)).toBeLessThan(sim.clock.now())
  })

  it('takes a step on its own when the clock is moved to just before it', async () => {
    // Past every seeded step, so the commit window's end is the only step ahead.
    sim.clock.advance(2 * 3_600_000)
    const intent = await quote()
    await rpc(sim.url, 'CommitIntent', { intent })
    const r = sim.dataset.records.find((x) => x.intentId === intent.intentId)!
    // The commit window (60 s) now ends 200 ms from now; no request comes to tick it.
    sim.clock.advance(60_000 - 200)
    expect(r.status).toBe('COMMITTED')
    await new Promise((ok) => setTimeout(ok, 1_500))
    expect(r.status).toBe('ABORTED')
  })
})

async function restart(opts: { waitTimeoutMs: number }) {
  await sim.stop()
  return startSimulator({ intents: 300, commitWindowMs: 60_000, admin: true, ...opts })
}
