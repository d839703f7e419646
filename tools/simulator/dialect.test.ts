import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BIG_AMOUNT_INTENT_ID, startSimulator, type RunningSimulator } from './index'
import { post } from './testing'

/**
 * The simulator in a deployed service's form, read as plain JSON text: what the e2e
 * `deployed` project and `npm run doctor` stand on. Independent of the app's client.
 */

const DEPLOYED = { serviceName: 'Orbit', renames: [{ neutral: 'priceFeedId', wire: 'oracleFeedId' }], bigInts: 'string' as const }
const quoteRequest = {
  ownerAddress: `0x${'11'.repeat(20)}`,
  originChainId: 8453,
  originTokenAddress: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
  destinationChainId: 42161,
  destinationTokenAddress: '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
}

let sim: RunningSimulator
beforeAll(async () => {
  sim = await startSimulator({ intents: 100, dialect: DEPLOYED, commitWindowMs: 60_000 })
})
afterAll(() => sim.stop())

const call = async (op: string, body: unknown = {}) => {
  const raw = await post(sim.url, `/rpc/Orbit/${op}`, body)
  return { status: raw.status, text: raw.text, body: JSON.parse(raw.text) }
}

describe('the deployed form', () => {
  it('serves /rpc/<ServiceName>/ and answers the spec’s /rpc/Svc/ with WebrpcBadRoute', async () => {
    expect((await call('GetChains')).status).toBe(200)
    const spec = await post(sim.url, '/rpc/Svc/GetChains', {})
    expect(spec.status).toBe(404)
    expect(JSON.parse(spec.text)).toMatchObject({ error: 'WebrpcBadRoute', code: -2, status: 404 })
  })

  it('names the service-word fields with its name, writes big integers as strings and uint64s as numbers', async () => {
    const { body, text } = await call('GetIntent', { intentId: BIG_AMOUNT_INTENT_ID })
    const intent = body.intent
    expect(text).not.toMatch(/"service|Service[A-Za-z]*":/)
    expect(intent.orbitVersion).toMatch(/^v1/)
    expect(intent.orbitContracts).toHaveProperty('orbitRouterAddress')
    expect(intent.fees.provider).toHaveProperty('quoteProviderWithOrbitFee')
    expect(typeof intent.fees.provider.providerWithOrbitFeeUsd).toBe('number')
    expect(intent.quoteRequest.originTokenAmount).toBe('1234567890123456789012')
    expect(typeof intent.originCalls.calls[0].gasLimit).toBe('string')
    expect(typeof intent.originCalls.nonce).toBe('string')
    expect(intent.originChainId).toBe(1)
    // Plain strings stay strings.
    expect(typeof intent.gasFeeOptions.gasEstimate.gasPrice).toBe('string')
  })

  it('leaves out what the deployed service does not send and adds what it does', async () => {
    const { intent } = (await call('GetIntent', { intentId: BIG_AMOUNT_INTENT_ID })).body
    for (const absent of ['id', 'projectId', 'isTestnet']) expect(intent).not.toHaveProperty(absent)
    expect(['v1', 'v1.5']).toContain(intent.intentProtocol)
    expect(intent.fees.originGas).toHaveProperty('chainGasUsageStatus')
    // GetIntentReceipt answers {intentReceipt} only.
    const answer = (await call('GetIntentReceipt', { intentId: BIG_AMOUNT_INTENT_ID })).body
    expect(Object.keys(answer)).toEqual(['intentReceipt'])
    const receipt = answer.intentReceipt
    expect(receipt).not.toHaveProperty('projectId')
    expect(Object.keys(receipt).filter((k) => k.endsWith('TransactionId'))).toEqual([])
    expect(receipt.depositTransaction).not.toHaveProperty('calldata')
    expect(receipt.depositTransaction).toMatchObject({ status: 'SUCCEEDED', type: 'DEPOSIT', tokenAmount: '1234567890123456789012' })
    expect(typeof receipt.depositTransaction.context).toBe('string')
    expect(typeof receipt.depositTransaction.bridgeGas).toBe('string')
    expect(typeof receipt.depositTransaction.depositIntentEntry.permitDeadline).toBe('string')
    expect(receipt.summary).toMatchObject({ status: 'COMPLETED', tradeType: 'EXACT_INPUT' })
    expect(receipt.createdAt).toMatch(/\.\d{9}Z$/)
    // receiptStates hold each leg's transaction status.
    const { receiptStates } = (await call('WaitIntentReceipt', { intentId: BIG_AMOUNT_INTENT_ID })).body
    expect(receiptStates).toEqual(['SUCCEEDED', 'SUCCEEDED', 'SUCCEEDED', 'UNKNOWN'])
  })

  it('writes an unset moment as the zero time', async () => {
    const { intentId } = (await call('QuoteIntent', { ...quoteRequest, originTokenAmount: '5000000' })).body.intent
    await call('CommitIntent', { intent: (await call('GetIntent', { intentId })).body.intent })
    expect((await call('ExecuteIntent', { intentId })).body).toEqual({ intentId, intentStatus: 'EXECUTING' })
    const { intentReceipt } = (await call('GetIntentReceipt', { intentId })).body
    expect(intentReceipt.summary.finishedAt).toBe('0001-01-01T00:00:00Z')
  })

  it('accepts big integers in requests as numbers or strings', async () => {
    const asString = await call('QuoteIntent', { ...quoteRequest, originTokenAmount: '2500000000' })
    const asNumber = await call('QuoteIntent', { ...quoteRequest, originTokenAmount: 2500000000 })
    expect([asString.status, asNumber.status]).toEqual([200, 200])
    expect(asNumber.body.intent.quoteRequest.originTokenAmount).toBe('2500000000')
  })

  it('uses the deployed catalogue: an unknown intent is NotFound 8000 with HTTP 400', async () => {
    const unknown = await call('GetIntent', { intentId: `0x${'cd'.repeat(32)}` })
    expect(unknown.status).toBe(400)
    expect(unknown.body).toMatchObject({ error: 'NotFound', code: 8000, status: 400 })
  })

  it('renames vendor words, and keeps a market on a non-EVM network', async () => {
    const { body, text } = await call('YieldGetMarkets', { limit: 200 })
    expect(text).toContain('"oracleFeedId":')
    expect(text).not.toContain('"priceFeedId":')
    expect(body.items.some((m: { chainId: string }) => !/^\d+$/.test(m.chainId))).toBe(true)
  })

  it('reads the intent protocol as v1.5', async () => {
    const { body, status } = await call('GetIntentHistory', { byIntentProtocol: 'v1.5', page: { pageSize: 5 } })
    expect(status).toBe(200)
    expect(body.intents.length).toBeGreaterThan(0)
    for (const { intentId } of body.intents as { intentId: string }[])
      expect((await call('GetIntent', { intentId })).body.intent.intentProtocol).toBe('v1.5')
  })
})
