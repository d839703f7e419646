import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BIG_AMOUNT_INTENT_ID, HEAVY_OWNER_ADDRESS, SIM_EPOCH_MS, startSimulator, type RunningSimulator } from './index'
import { admin, post, rpc } from './testing'

describe('admin surface', () => {
  let sim: RunningSimulator
  beforeAll(async () => {
    sim = await startSimulator({ intents: 200, admin: true })
  })
  afterAll(() => sim.stop())

  it('describes the instance', async () => {
    const { body } = await admin(sim.url, 'info')
    expect(body).toMatchObject({ seed: 1, intents: 200, heavyOwnerAddress: HEAVY_OWNER_ADDRESS, bigAmountIntentId: BIG_AMOUNT_INTENT_ID, faults: '' })
  })

  it('creates an intent in a given state that then stays put', async () => {
    const { status, body } = await admin(sim.url, 'createIntent', { status: 'COMMITTED', ownerAddress: HEAVY_OWNER_ADDRESS, originChainId: 1, originToken: 'USDC', destinationChainId: 8453, originTokenAmount: '5000000' })
    expect(status).toBe(200)
    expect(body).toMatchObject({ status: 'COMMITTED', id: 201, receiptStates: ['intent:COMMITTED'] })
    const intent = (await rpc(sim.url, 'GetIntent', { intentId: body.intentId })).body.intent
    expect(intent).toMatchObject({ ownerAddress: HEAVY_OWNER_ADDRESS, originChainId: 1, destinationChainId: 8453, originTokenAddress: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' })
    expect(intent.quoteRequest.originTokenAmount).toBe(5_000_000)
    await admin(sim.url, 'clock', { advanceMs: 3_600_000 })
    expect((await rpc(sim.url, 'GetIntent', { intentId: body.intentId })).body.intent.status).toBe('COMMITTED')
  })

  it('advances an intent step by step, or straight to a status', async () => {
    const { body: created } = await admin(sim.url, 'createIntent', { status: 'QUOTED' })
    const steps: string[][] = []
    for (let i = 0; i < 5; i++) steps.push((await admin(sim.url, 'advance', { intentId: created.intentId })).body.receiptStates)
    expect(steps[0]).toEqual(['intent:COMMITTED'])
    expect(steps[1]).toEqual(['intent:EXECUTING', 'deposit:PENDING'])
    expect(steps[2]).toEqual(['intent:EXECUTING', 'deposit:MINED', 'origin:PENDING'])
    const jumped = await admin(sim.url, 'advance', { intentId: created.intentId, to: 'REFUNDED', statusReason: 'bridge paused' })
    expect(jumped.body.status).toBe('REFUNDED')
    const receipt = (await rpc(sim.url, 'GetIntentReceipt', { intentId: created.intentId })).body.intentReceipt
    expect(receipt.refundTransaction.txnMinedAt).toBeDefined()
    expect(receipt.originTransaction.statusReason).toBe('bridge paused')
  })

  it('validates its input with webrpc errors', async () => {
    expect((await admin(sim.url, 'createIntent', { status: 'LOST' })).status).toBe(400)
    expect((await admin(sim.url, 'createIntent', { originToken: 'USDC' })).body.msg).toMatch(/chain id/)
    // NotFound comes with HTTP 400 in the deployed catalogue.
    expect((await admin(sim.url, 'advance', { intentId: '0x' + '0'.repeat(64) })).body).toMatchObject({ error: 'NotFound', status: 400 })
    expect((await admin(sim.url, 'teleport')).status).toBe(404)
    expect((await post(sim.url, '/__sim/info', undefined, { method: 'GET', key: null })).status).toBe(405)
  })

  it('moves, offsets and freezes the clock', async () => {
    const set = await admin(sim.url, 'clock', { nowMs: SIM_EPOCH_MS + 86_400_000, frozen: true })
    expect(set.body).toMatchObject({ nowMs: SIM_EPOCH_MS + 86_400_000, frozen: true })
    await new Promise((ok) => setTimeout(ok, 30))
    expect(sim.clock.now()).toBe(SIM_EPOCH_MS + 86_400_000)
    const moved = await admin(sim.url, 'clock', { advanceMs: 500, frozen: false })
    // Running again: a few milliseconds may pass before the answer reads the clock.
    expect(moved.body.nowMs - (SIM_EPOCH_MS + 86_400_500)).toBeGreaterThanOrEqual(0)
    expect(moved.body.nowMs - (SIM_EPOCH_MS + 86_400_500)).toBeLessThan(1000)
    expect(moved.body.frozen).toBe(false)
    expect((await admin(sim.url, 'clock', { nowMs: 1, advanceMs: 1 })).status).toBe(400)
  })

  it('resets to the seeded dataset, clock and no faults', async () => {
    await admin(sim.url, 'createIntent', {})
    await admin(sim.url, 'faults', { spec: 'error500=1@GetChains' })
    const { body } = await admin(sim.url, 'reset')
    expect(body.intents).toBe(200)
    expect(body.nowMs - SIM_EPOCH_MS).toBeLessThan(5_000)
    expect((await rpc(sim.url, 'GetChains')).status).toBe(200)
    expect(sim.dataset.size).toBe(200)
  })
})
