import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { SvcFailure, type SvcError } from '../../src-shared/contract/errors'
import type { WireDialect } from '../../src-shared/contract/dialect'
import { startSimulator, type RunningSimulator } from '../../tools/simulator'
import { SvcClient } from './client'
import type { FetchLike } from './transport'

/**
 * The client against the deployed service's wire: its own RPC name, renamed fields,
 * big integers as strings, cursors beyond 2^53, and commits that send back the quoted
 * intent's own text.
 */

const DEPLOYED: WireDialect = {
  serviceName: 'Acme',
  renames: [
    { neutral: 'priceFeedId', wire: 'oracleFeedId' },
    { neutral: 'walletFactoryAddress', wire: 'vendorFactoryAddress' },
  ],
  bigInts: 'string',
}

interface Sent {
  url: string
  body: string
}

/** A fetch answering each call with the next scripted text (status 200 unless given). */
function scripted(...answers: Array<string | { status: number; text: string }>) {
  const sent: Sent[] = []
  const fetch: FetchLike = vi.fn(async (url, init) => {
    sent.push({ url, body: init.body })
    const a = answers.shift() ?? '{}'
    const { status, text } = typeof a === 'string' ? { status: 200, text: a } : a
    return { status, headers: new Headers(), text: async () => text }
  })
  return { sent, fetch }
}

const client = (fetch: FetchLike, dialect?: WireDialect) =>
  new SvcClient({ baseUrl: 'https://svc.example.com', getAccessKey: () => 'sk_9f3b2d7e1c4a8f60', fetch, dialect, retry: { sleep: async () => {} } })

const failure = async (p: Promise<unknown>): Promise<SvcError> => {
  try {
    await p
  } catch (e) {
    if (e instanceof SvcFailure) return e.error
  }
  throw new Error('expected a failure')
}

const INTENT_ID = `0x${'ab'.repeat(32)}`

describe('path and names', () => {
  it('posts to /rpc/<ServiceName>/<Op>, and to /rpc/Svc/ by default', async () => {
    const { sent, fetch } = scripted('{"chains":[]}', '{"chains":[]}')
    await client(fetch, DEPLOYED).getChains()
    await client(fetch).getChains()
    expect(sent.map((s) => s.url)).toEqual(['https://svc.example.com/rpc/Acme/GetChains', 'https://svc.example.com/rpc/Svc/GetChains'])
  })

  it('reads service-word fields under the service name, in the same case position', async () => {
    const answer = {
      intent: {
        intentId: INTENT_ID,
        acmeVersion: 'v3',
        acmeContracts: { acmeRouterAddress: '0xr' },
        fees: { acmeFeeTotal: '5', provider: { acmeFee: '1', quoteProviderWithAcmeFee: '2' } },
        quote: { priceImpactDetails: { acmeFeesPriceImpact: { priceImpact: 0.1 } } },
      },
    }
    const { fetch } = scripted(JSON.stringify(answer))
    const { intent } = await client(fetch, DEPLOYED).getIntent({ intentId: INTENT_ID })
    expect(intent.serviceVersion).toBe('v3')
    expect(intent.serviceContracts?.serviceRouterAddress).toBe('0xr')
    expect(intent.fees?.serviceFeeTotal).toBe('5')
    expect(intent.fees?.provider).toMatchObject({ serviceFee: '1', quoteProviderWithServiceFee: '2' })
    expect(intent.quote?.priceImpactDetails?.serviceFeesPriceImpact?.priceImpact).toBe(0.1)
    expect(JSON.stringify(intent)).not.toMatch(/acme/i)
  })

  it('writes renamed fields in requests, service words and vendor words both', async () => {
    const { sent, fetch } = scripted(`{"intent":{"intentId":"${INTENT_ID}"}}`)
    await client(fetch, DEPLOYED).quoteIntent({
      ownerAddress: '0xo',
      originChainId: 1,
      originTokenAddress: '0xa',
      destinationChainId: 10,
      destinationTokenAddress: '0xb',
      originTokenAmount: '1234567890123456789012',
      options: { serviceAddressOverrides: { walletFactoryAddress: '0xf' } },
    })
    const body = JSON.parse(sent[0].body)
    expect(body.options).toEqual({ acmeAddressOverrides: { vendorFactoryAddress: '0xf' } })
    // Big integers as strings on the deployed wire.
    expect(body.originTokenAmount).toBe('1234567890123456789012')
    expect(sent[0].body).not.toMatch(/service|wallet/)
  })

  it('renames vendor words inside a yield payload string', async () => {
    const payload = JSON.stringify([{ id: 'y1', token: { symbol: 'USDC', oracleFeedId: 'usd-coin' } }])
    const { fetch } = scripted(JSON.stringify({ payload }))
    const markets = await client(fetch, DEPLOYED).yieldGetMarkets({})
    expect(markets.items[0].token).toMatchObject({ priceFeedId: 'usd-coin' })
  })
})

describe('big integers', () => {
  it('sends amounts as bare numbers in the spec form', async () => {
    const { sent, fetch } = scripted(`{"intent":{"intentId":"${INTENT_ID}"}}`)
    await client(fetch).quoteIntent({
      ownerAddress: '0xo',
      originChainId: 1,
      originTokenAddress: '0xa',
      destinationChainId: 10,
      destinationTokenAddress: '0xb',
      originTokenAmount: '1234567890123456789012',
    })
    expect(sent[0].body).toContain('"originTokenAmount":1234567890123456789012')
  })

  it.each([
    ['deployed', DEPLOYED],
    ['spec', undefined],
  ] as const)('keeps history cursors beyond 2^53 exact in the %s form, and sends them back as the same bare digits', async (_form, dialect) => {
    const cursor = '18446744073709551557'
    const { sent, fetch } = scripted(`{"intents":[],"nextPage":{"column":"id","after":${cursor},"pageSize":50,"more":true}}`, '{"intents":[]}')
    const c = client(fetch, dialect)
    const first = await c.getIntentHistory({})
    expect(first.nextPage?.after).toBe(cursor)
    await c.getIntentHistory({ page: first.nextPage })
    expect(sent[1].body).toContain(`"after":${cursor}`)
  })
})

describe('CommitIntent', () => {
  // As the deployed service writes it: gasPrice and nativeCost are plain strings, big
  // integers are strings, with spacing the app would never produce.
  const quotedText = `{ "intentId": "${INTENT_ID}", "salt": "123456789012345678901234567890",
    "gasFeeOptions": { "gasEstimate": { "gasPrice": "1000000", "nativeCost": "0.000021", "totalGas": "21000" } },
    "fees": { "acmeFeeTotal": "7" }, "acmeVersion": "v3", "somethingNew": {"x": 1.50} }`

  it('sends back the quoted intent’s original JSON text byte for byte', async () => {
    const { sent, fetch } = scripted(`{"intent": ${quotedText}, "gasFeeOptions": null}`, `{"intentId":"${INTENT_ID}"}`)
    const c = client(fetch, DEPLOYED)
    const quote = await c.quoteIntent({
      ownerAddress: '0xo',
      originChainId: 1,
      originTokenAddress: '0xa',
      destinationChainId: 10,
      destinationTokenAddress: '0xb',
      originTokenAmount: '1',
    })
    // What the app holds inside uses the spec's names and keeps plain strings as strings.
    expect(quote.intent.gasFeeOptions?.gasEstimate).toMatchObject({ gasPrice: '1000000', nativeCost: '0.000021' })
    await c.commitIntent({ intent: structuredClone(quote.intent) })
    expect(sent[1].url).toBe('https://svc.example.com/rpc/Acme/CommitIntent')
    expect(sent[1].body).toBe(`{"intent":${quotedText}}`)
  })

  it('a changed intent is encoded, with plain strings kept strings', async () => {
    const { sent, fetch } = scripted(`{"intent": ${quotedText}}`, `{"intentId":"${INTENT_ID}"}`)
    const c = client(fetch)
    const { intent } = await c.getIntent({ intentId: INTENT_ID })
    await c.commitIntent({ intent: { ...intent, serviceVersion: 'v4' } })
    const body = JSON.parse(sent[1].body)
    expect(body.intent.gasFeeOptions.gasEstimate).toMatchObject({ gasPrice: '1000000', nativeCost: '0.000021' })
    expect(body.intent.serviceVersion).toBe('v4')
  })
})

describe('errors by name and code', () => {
  const webrpc = (error: string, code: number, status: number, msg = 'said so') => ({
    status,
    text: JSON.stringify({ error, code, msg, status }),
  })

  it.each([
    ['NotFound', 8000, 400, 'NotFound'],
    ['QuoteExpired', 7001, 400, 'Conflict'],
    ['Unavailable', 2002, 400, 'Unavailable'],
    ['QueryFailed', 2003, 400, 'Unavailable'],
    ['IntentsDisabled', 9000, 400, 'Unavailable'],
    ['AccessKeyNotFound', 1101, 401, 'Unauthorized'],
    ['AccessKeyMismatch', 1102, 409, 'Unauthorized'],
    ['IntentStatus', 2004, 422, 'Conflict'],
    ['UnsupportedNetwork', 8008, 422, 'InvalidArgument'],
    ['ClientOutdated', 8009, 422, 'InvalidArgument'],
    ['RateLimited', 1007, 429, 'RateLimited'],
    ['QuotaRateLimit', 1201, 429, 'RateLimited'],
    ['Unexpected', 2001, 500, 'Unavailable'],
    ['WebrpcBadRoute', -2, 404, 'NotFound'],
    ['WebrpcBadMethod', -3, 405, 'NotFound'],
    ['WebrpcBadRequest', -4, 400, 'InvalidArgument'],
  ] as const)('%s %i (HTTP %i) is %s', async (name, code, status, kind) => {
    const { fetch } = scripted(webrpc(name, code, status), webrpc(name, code, status), webrpc(name, code, status))
    const e = await failure(client(fetch, DEPLOYED).executeIntent({ intentId: INTENT_ID }))
    expect(e).toMatchObject({ kind, code, name, status })
  })

  it('an unknown intent is not "invalid request"', async () => {
    const { fetch } = scripted(webrpc('NotFound', 8000, 400, 'intent not found'))
    const e = await failure(client(fetch).executeIntent({ intentId: INTENT_ID }))
    expect(e.kind).toBe('NotFound')
    expect(e.message).not.toMatch(/invalid/)
    expect(e.message).toMatch(/intent not found/)
  })

  it('classifies by code when the name is unfamiliar', async () => {
    const { fetch } = scripted(webrpc('SomethingRenamed', 7001, 400))
    expect((await failure(client(fetch).executeIntent({ intentId: INTENT_ID }))).kind).toBe('Conflict')
  })

  it('an unknown code falls back to the HTTP status and keeps the service’s message', async () => {
    const { fetch } = scripted(webrpc('BrandNewError', 4242, 418, 'the teapot is out of tea'))
    const e = await failure(client(fetch).executeIntent({ intentId: INTENT_ID }))
    expect(e).toMatchObject({ kind: 'InvalidArgument', code: 4242, name: 'BrandNewError' })
    expect(e.message).toMatch(/the teapot is out of tea/)
  })

  it('retries outages sent with HTTP 400, but not a switched-off service', async () => {
    const outage = scripted(webrpc('Unavailable', 2002, 400), webrpc('QueryFailed', 2003, 400), '{"chains":[]}')
    await expect(client(outage.fetch).getChains()).resolves.toEqual({ chains: [] })
    expect(outage.sent).toHaveLength(3)
    const disabled = scripted(webrpc('IntentsDisabled', 9000, 400), '{"chains":[]}')
    await failure(client(disabled.fetch).getChains())
    expect(disabled.sent).toHaveLength(1)
  })
})

describe('forward-compatible decoding', () => {
  it('keeps an unknown intent status, provider or transaction status instead of refusing the answer', async () => {
    const answer = {
      intents: [
        { intentId: INTENT_ID, status: 'PAUSED_FOR_REVIEW', quote: { routeProviders: ['NEW_BRIDGE'] } },
        { intentId: `0x${'cd'.repeat(32)}`, status: 'SUCCEEDED' },
      ],
    }
    const { fetch } = scripted(JSON.stringify(answer))
    const { intents } = await client(fetch).searchIntents({ byIntentId: INTENT_ID })
    expect(intents.map((i) => i.status)).toEqual(['PAUSED_FOR_REVIEW', 'SUCCEEDED'])
    expect(intents[0].quote?.routeProviders).toEqual(['NEW_BRIDGE'])
  })

  it('reads each leg’s own status, the summary’s extra fields and the intent protocol', async () => {
    const receipt = {
      intentId: INTENT_ID,
      status: 'EXECUTING',
      originTransaction: { txnHash: '0x1', status: 'PENDING', type: 'ORIGIN', context: 'relay', txnMinedAt: '0001-01-01T00:00:00Z' },
      summary: { status: 'IN_PROGRESS', mode: 'EDGE', tradeType: 'EXACT_INPUT', startedAt: '2026-11-20T10:02:11.123456789Z', finishedAt: '0001-01-01T00:00:00Z' },
    }
    const { fetch } = scripted(JSON.stringify({ intentReceipt: receipt }))
    const { intentReceipt } = await client(fetch, DEPLOYED).getIntentReceipt({ intentId: INTENT_ID })
    expect(intentReceipt.originTransaction).toMatchObject({ status: 'PENDING', type: 'ORIGIN', context: 'relay' })
    // The zero time means "not yet"; nanoseconds are kept as sent.
    expect(intentReceipt.originTransaction?.txnMinedAt).toBeUndefined()
    expect(intentReceipt.summary).toMatchObject({ status: 'IN_PROGRESS', mode: 'EDGE', tradeType: 'EXACT_INPUT', startedAt: '2026-11-20T10:02:11.123456789Z' })
    expect(intentReceipt.summary?.finishedAt).toBeUndefined()
    expect(Date.parse(intentReceipt.summary!.startedAt!)).toBe(Date.parse('2026-11-20T10:02:11.123Z'))
  })

  it('keeps a leg status it does not know, the intent protocol and the gas usage status', async () => {
    const intent = { intentId: INTENT_ID, intentProtocol: 'v1.5', fees: { originGas: { chainId: 1, chainGasUsageStatus: 'CONGESTED' } } }
    const got = await client(scripted(JSON.stringify({ intent })).fetch, DEPLOYED).getIntent({ intentId: INTENT_ID })
    expect(got.intent).toMatchObject({ intentProtocol: 'v1.5', fees: { originGas: { chainGasUsageStatus: 'CONGESTED' } } })
    const receipt = { intentId: INTENT_ID, originTransaction: { txnHash: '0x1', status: 'HELD_FOR_REVIEW', type: 'BRAND_NEW_KIND' } }
    const { intentReceipt } = await client(scripted(JSON.stringify({ intentReceipt: receipt })).fetch, DEPLOYED).getIntentReceipt({ intentId: INTENT_ID })
    expect(intentReceipt.originTransaction).toMatchObject({ status: 'HELD_FOR_REVIEW', type: 'BRAND_NEW_KIND' })
  })

  it('reads ExecuteIntent’s {intentId, intentStatus}', async () => {
    const { fetch } = scripted(`{"intentId":"${INTENT_ID}","intentStatus":"EXECUTING"}`)
    expect(await client(fetch, DEPLOYED).executeIntent({ intentId: INTENT_ID })).toEqual({ intentId: INTENT_ID, status: 'EXECUTING' })
  })

  it('echoes transaction-status receiptStates back untouched', async () => {
    const states = ['PENDING', 'UNKNOWN', { leg: 'origin', s: 'PENDING' }]
    const { sent, fetch } = scripted(JSON.stringify({ intentReceipt: { intentId: INTENT_ID }, receiptStates: states, done: false }), '{"intentReceipt":{},"receiptStates":[],"done":true}')
    const c = client(fetch, DEPLOYED)
    const first = await c.waitIntentReceipt({ intentId: INTENT_ID })
    await c.waitIntentReceipt({ intentId: INTENT_ID, lastReceiptStates: first.receiptStates })
    expect(JSON.parse(sent[1].body).lastReceiptStates).toEqual(states)
  })

  it('a market on a non-EVM network does not empty the list', async () => {
    const items = [{ id: 'a', chainId: '8453' }, { id: 'sol', chainId: 'solana' }, { id: 'b', chainId: 10 }]
    const { fetch } = scripted(JSON.stringify({ items, total: 3, offset: 0, limit: 50 }))
    const markets = await client(fetch, DEPLOYED).yieldGetMarkets({})
    expect(markets.items.map((m) => [m.id, m.chainId, m.network])).toEqual([
      ['a', 8453, undefined],
      ['sol', undefined, 'solana'],
      ['b', 10, undefined],
    ])
  })

  it('sends the intent protocol as v1.5 on the deployed wire and v1_5 in the spec form', async () => {
    const { sent, fetch } = scripted('{"intents":[]}', '{"intents":[]}')
    await client(fetch, DEPLOYED).getIntentHistory({ byIntentProtocol: 'v1_5' })
    await client(fetch).getIntentHistory({ byIntentProtocol: 'v1_5' })
    expect(sent.map((s) => JSON.parse(s.body).byIntentProtocol)).toEqual(['v1.5', 'v1_5'])
  })
})

describe('CommitIntent against the simulator in the deployed form', () => {
  let sim: RunningSimulator
  beforeAll(async () => {
    sim = await startSimulator({ intents: 50, dialect: DEPLOYED })
  })
  afterAll(() => sim.stop())

  const live = () => new SvcClient({ baseUrl: sim.url, getAccessKey: () => 'demo-key', dialect: DEPLOYED, retry: { sleep: async () => {} } })
  const quote = (c: SvcClient) =>
    c.quoteIntent({
      ownerAddress: `0x${'7c'.repeat(20)}`,
      originChainId: 8453,
      originTokenAddress: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
      originTokenAmount: '50000000',
      destinationChainId: 42161,
      destinationTokenAddress: '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
    })

  // A client that never received the quote (the app restarted, the intent was pasted)
  // encodes it from its values: every big integer (gas limits and wallet nonces
  // included) must go out in the form the service wrote it, or the service refuses it.
  it('an intent the client never received commits from its values', async () => {
    const { intent } = await quote(live())
    await expect(live().commitIntent({ intent })).resolves.toEqual({ intentId: intent.intentId })
  })

  it('a changed one is refused naming the changed field, not a field whose JSON type differs', async () => {
    const { intent } = await quote(live())
    const changed = { ...intent, quote: { ...intent.quote, toAmount: `${intent.quote!.toAmount}1` } }
    const e = await failure(live().commitIntent({ intent: changed }))
    expect(e).toMatchObject({ kind: 'InvalidArgument', name: 'WebrpcBadRequest', code: -4 })
    expect(e.message).toMatch(/differs from the quoted intent at quote\.toAmount/)
  })
})
