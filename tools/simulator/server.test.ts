import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BIG_AMOUNT_INTENT_ID, CHAINS, HEAVY_OWNER_ADDRESS, startSimulator, type RunningSimulator } from './index'
import { post, rpc } from './testing'

describe('HTTP surface', () => {
  let sim: RunningSimulator
  const lines: string[] = []
  beforeAll(async () => {
    sim = await startSimulator({ intents: 500, accessKeys: ['demo-key', 'second-key'], verbose: true, log: (l) => lines.push(l) })
  })
  afterAll(() => sim.stop())

  it('listens on the loopback address it reports', () => {
    expect(sim.url).toBe(`http://127.0.0.1:${sim.port}`)
  })

  it('requires a known access key on every operation', async () => {
    const missing = await rpc(sim.url, 'GetChains', {}, { key: null })
    expect(missing.status).toBe(401)
    expect(missing.body).toEqual({ error: 'AccessKeyNotFound', code: 1101, msg: expect.stringContaining('X-Access-Key'), status: 401 })
    const unknown = await rpc(sim.url, 'GetIntent', { intentId: BIG_AMOUNT_INTENT_ID }, { key: 'nope' })
    expect(unknown.status).toBe(401)
    expect(unknown.body).toMatchObject({ error: 'AccessKeyNotFound', code: 1101, status: 401 })
    expect((await rpc(sim.url, 'GetChains', {}, { key: 'second-key' })).status).toBe(200)
  })

  it('answers unknown operations and paths with 404 and other methods with 405', async () => {
    const op = await rpc(sim.url, 'DeleteEverything')
    expect(op.status).toBe(404)
    expect(op.body).toMatchObject({ error: 'WebrpcBadRoute', code: -2, status: 404 })
    expect((await post(sim.url, '/elsewhere', {})).status).toBe(404)
    const get = await post(sim.url, '/rpc/Svc/GetChains', undefined, { method: 'GET' })
    expect(get.status).toBe(405)
    expect(JSON.parse(get.text)).toMatchObject({ error: 'WebrpcBadMethod', code: -3, status: 405 })
  })

  it('keeps the admin surface off unless asked', async () => {
    expect((await post(sim.url, '/__sim/info', {}, { key: null })).status).toBe(404)
  })

  it('answers malformed bodies with 400', async () => {
    for (const rawBody of ['{"intentId": ', '[1,2]', '"text"']) {
      const res = await post(sim.url, '/rpc/Svc/GetIntent', undefined, { rawBody })
      expect(res.status).toBe(400)
      expect(JSON.parse(res.text).status).toBe(400)
    }
    expect(JSON.parse((await post(sim.url, '/rpc/Svc/GetIntent', undefined, { rawBody: '{' })).text).error).toBe('WebrpcBadRequest')
    const wrongType = await rpc(sim.url, 'GetIntentHistory', { byProjectId: '1' })
    expect(wrongType.body).toMatchObject({ error: 'WebrpcBadRequest', cause: 'byProjectId' })
  })

  it('sends amounts beyond 2^53 as bare JSON numbers', async () => {
    const res = await post(sim.url, '/rpc/Svc/GetIntent', { intentId: BIG_AMOUNT_INTENT_ID })
    expect(res.text).toContain('"originTokenAmount":1234567890123456789012')
    expect(res.text).not.toContain('\\u0000')
  })

  it('logs one line per request with method, status and duration', async () => {
    lines.length = 0
    await rpc(sim.url, 'GetChains')
    await rpc(sim.url, 'GetChains', {}, { key: null })
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatch(/^POST \/rpc\/Svc\/GetChains 200 \d+ms$/)
    expect(lines[1]).toMatch(/^POST \/rpc\/Svc\/GetChains 401 \d+ms$/)
  })

  it('lists chains, filtered by route provider', async () => {
    const all = (await rpc(sim.url, 'GetChains', {})).body.chains
    expect(all).toHaveLength(CHAINS.length)
    expect(all[0]).toEqual({ id: 1, name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, logoUri: expect.any(String), blockExplorer: { name: 'Etherscan', url: 'https://etherscan.io' } })
    const hop = (await rpc(sim.url, 'GetChains', { routeProvider: 'HOP' })).body.chains.map((c: { id: number }) => c.id)
    expect(hop).toEqual([1, 10, 100, 137, 8453, 42161, 59144])
    expect((await rpc(sim.url, 'GetChains', { routeProvider: 'AUTO' })).body.chains).toHaveLength(CHAINS.length)
    expect((await rpc(sim.url, 'GetChains', { routeProvider: 'NOBODY' })).status).toBe(400)
  })
})

describe('the payload shape', () => {
  let sim: RunningSimulator
  beforeAll(async () => {
    sim = await startSimulator({ intents: 50, shape: 'payload' })
  })
  afterAll(() => sim.stop())

  it('sends markets and balances as JSON strings and chains with the prose fields', async () => {
    const markets = await rpc(sim.url, 'YieldGetMarkets', { limit: 5 })
    expect(Object.keys(markets.body)).toEqual(['payload'])
    const list = JSON.parse(markets.body.payload)
    expect(list).toHaveLength(5)
    expect(list[0].rewardRate.total).toBeLessThan(1)

    const balances = await rpc(sim.url, 'YieldGetAggregateBalances', { queries: [{ address: HEAVY_OWNER_ADDRESS, network: 'ethereum' }] })
    const records = JSON.parse(balances.body.payload)
    expect(records.length).toBeGreaterThan(0)
    expect(Object.keys(records[0]).sort()).toEqual(['address', 'amount', 'amountUsd', 'network', 'yieldId'])
    expect(balances.body.errors).toEqual([])

    const chains = (await rpc(sim.url, 'GetChains')).body.chains
    expect(chains.find((c: { id: number }) => c.id === 84532)).toEqual({
      id: 84532,
      name: 'Base Sepolia',
      tokenName: 'Sepolia Ether',
      tokenSymbol: 'ETH',
      tokenDecimals: 18,
      isTestnet: true,
      supportsBridging: true,
      logoUri: expect.any(String),
      blockExplorerUrl: 'https://sepolia.basescan.org',
    })
  })
})

describe('determinism', () => {
  it('serves identical answers from two runs with the same seed, and different ones for another seed', async () => {
    const requests: [string, unknown][] = [
      ['GetIntentHistory', { page: { pageSize: 50 }, includeBalances: true }],
      ['GetIntentHistory', { byOwnerAddress: HEAVY_OWNER_ADDRESS, page: { pageSize: 50, column: 'createdAt', sort: [{ column: 'createdAt', order: 'ASC' }] } }],
      ['SearchIntents', { byProjectId: 7 }],
      ['GetIntent', { intentId: BIG_AMOUNT_INTENT_ID }],
      ['YieldGetMarkets', { limit: 200 }],
      ['YieldGetAggregateBalances', { queries: [{ address: HEAVY_OWNER_ADDRESS, network: 'base' }] }],
      ['GetEarnPools', {}],
    ]
    const answers = async (seed: number) => {
      const sim = await startSimulator({ intents: 1500, seed })
      sim.clock.freeze()
      sim.clock.set(Date.UTC(2026, 10, 20, 12, 5))
      try {
        return await Promise.all(requests.map(async ([op, body]) => (await post(sim.url, `/rpc/Svc/${op}`, body)).text))
      } finally {
        await sim.stop()
      }
    }
    const [a, b, c] = await Promise.all([answers(3), answers(3), answers(4)])
    expect(a).toEqual(b)
    expect(c[0]).not.toEqual(a[0])
    expect(c[4]).not.toEqual(a[4])
  })
})

describe('going down and coming back', () => {
  it('drops held long-polls, refuses connections while down, and answers again on the same URL with the same data', async () => {
    const sim = await startSimulator({ intents: 200, waitTimeoutMs: 60_000 })
    try {
      const created = sim.createIntent({ status: 'EXECUTING' })
      const first = await rpc(sim.url, 'WaitIntentReceipt', { intentId: created.intentId })
      const held = rpc(sim.url, 'WaitIntentReceipt', { intentId: created.intentId, lastReceiptStates: (first.body as { receiptStates: unknown }).receiptStates })
      await new Promise((r) => setTimeout(r, 100))
      await sim.stopListening()
      await expect(held).rejects.toThrow()
      await expect(rpc(sim.url, 'GetChains', {})).rejects.toThrow()

      await sim.startListening()
      const again = await rpc(sim.url, 'GetIntent', { intentId: created.intentId })
      expect(again.status).toBe(200)
      expect(again.body.intent.intentId).toBe(created.intentId)
      expect(sim.url).toBe(`http://127.0.0.1:${sim.port}`)
    } finally {
      await sim.stop()
    }
  })
})
