import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UNAVAILABLE_YIELD_ID, startSimulator, type RunningSimulator } from './index'
import { buildCatalog, marketAt, type MarketEntry } from './markets'
import { rpc } from './testing'

const WALLET = '0x2222222222222222222222222222222222222222'

let sim: RunningSimulator
const catalog = buildCatalog(1)
beforeAll(async () => {
  sim = await startSimulator({ intents: 50 })
  sim.clock.freeze()
})
afterAll(() => sim.stop())

/** The catalogue as the (frozen) simulated clock moves it. */
const moved = () => catalog.all.map((m) => marketAt(m, sim.clock.now()))

const marketIds = async (body: Record<string, unknown>) => {
  const res = await rpc(sim.url, 'YieldGetMarkets', body)
  expect(res.status).toBe(200)
  return { ids: (res.body.items as { id: string }[]).map((m) => m.id), total: res.body.total as number, res }
}

describe('YieldGetMarkets', () => {
  it('offers 150+ markets across many networks, each fully described', async () => {
    expect(catalog.all.length).toBeGreaterThanOrEqual(150)
    expect(new Set(catalog.all.map((m) => m.chain.network)).size).toBeGreaterThanOrEqual(12)
    const { res } = await marketIds({ limit: 200 })
    const market = res.body.items.find((m: { id: string }) => m.id === 'ethereum-usdc-morpho-gauntlet-vault')
    expect(market).toMatchObject({ network: 'ethereum', chainId: '1', providerId: 'morpho', curator: { name: 'Gauntlet' }, metadata: { supportedStandards: ['ERC4626'] } })
    expect(market.state.allocations.length).toBeGreaterThan(0)
    expect(market.state.pricePerShareState.price).toBeGreaterThan(1)
    expect(catalog.byId.get('ethereum-usdc-aave-v3-lending')!.market.state.liquidityState).toBeDefined()
    expect(catalog.all.some((m) => m.market.risk)).toBe(true)
    expect(catalog.all.some((m) => m.market.state.concentratedLiquidityPoolState)).toBe(true)
  })

  it('sorts by reward rate descending by default and pages with limit and offset', async () => {
    const byRate = moved().sort((a, b) => b.rewardRate - a.rewardRate || (a.id < b.id ? -1 : 1)).map((m) => m.id)
    const first = await marketIds({})
    expect(first.ids).toEqual(byRate.slice(0, 50))
    expect(first.total).toBe(catalog.all.length)
    expect(first.res.body).toMatchObject({ offset: 0, limit: 50 })
    expect((await marketIds({ offset: 50, limit: 20 })).ids).toEqual(byRate.slice(50, 70))
  })

  it.each([
    ['rewardRateAsc', (a: MarketEntry, b: MarketEntry) => a.rewardRate - b.rewardRate],
    ['tvlDesc', (a: MarketEntry, b: MarketEntry) => b.tvlUsd - a.tvlUsd],
    ['tvlAsc', (a: MarketEntry, b: MarketEntry) => a.tvlUsd - b.tvlUsd],
    ['nameAsc', (a: MarketEntry, b: MarketEntry) => a.name.localeCompare(b.name, 'en')],
  ])('sorts by %s', async (sort, cmp) => {
    const expected = moved().sort((a, b) => cmp(a, b) || (a.id < b.id ? -1 : 1)).map((m) => m.id)
    expect((await marketIds({ sort, limit: 200 })).ids).toEqual(expected.slice(0, 200))
  })

  it('filters by provider, chain, type and search, together', async () => {
    const keep = (m: MarketEntry) => m.provider.id === 'aave-v3' && m.chain.id === 8453 && m.type === 'lending'
    const found = await marketIds({ provider: 'aave-v3', chainId: '8453', type: 'lending', limit: 200 })
    expect(found.ids.sort()).toEqual(catalog.all.filter(keep).map((m) => m.id).sort())
    expect(found.total).toBe(found.ids.length)
    const search = await marketIds({ search: 'WBTC', limit: 200 })
    expect(search.ids.sort()).toEqual(catalog.all.filter((m) => m.token.symbol === 'WBTC').map((m) => m.id).sort())
    const vaults = await marketIds({ type: 'vault', limit: 200 })
    expect(vaults.total).toBe(catalog.all.filter((m) => m.type === 'vault').length)
  })

  it('moves rates, TVL and utilisation with the clock, the same within a minute', async () => {
    const id = 'ethereum-usdc-aave-v3-lending'
    const read = async () => (await rpc(sim.url, 'YieldGetMarkets', { search: id })).body.items[0]
    const before = await read()
    expect(await read()).toEqual(before)
    sim.clock.advance(6 * 3_600_000)
    const later = await read()
    expect(later.rewardRate.total).not.toBe(before.rewardRate.total)
    expect(later.rewardRate.components[0].rate).not.toBe(before.rewardRate.components[0].rate)
    expect(later.statistics.tvlUsd).not.toBe(before.statistics.tvlUsd)
    expect(later.state.liquidityState.utilization).not.toBe(before.state.liquidityState.utilization)
    const base = catalog.byId.get(id)!.market.rewardRate.components[0].rate
    expect(Math.abs(later.rewardRate.components[0].rate / base - 1)).toBeLessThan(0.21)
  })

  it('rejects bad sorts, chain ids and limits', async () => {
    for (const body of [{ sort: 'random' }, { chainId: 'base' }, { limit: 201 }, { limit: 0 }, { offset: -1 }, { type: 'staking' }]) {
      expect((await rpc(sim.url, 'YieldGetMarkets', body)).status).toBe(400)
    }
  })
})

describe('YieldGetAggregateBalances', () => {
  const balances = (queries: unknown[]) => rpc(sim.url, 'YieldGetAggregateBalances', { queries })

  it('accepts 1 to 25 queries', async () => {
    expect((await balances([])).status).toBe(400)
    const many = Array.from({ length: 26 }, () => ({ address: WALLET, network: 'base' }))
    expect((await balances(many)).status).toBe(400)
    expect((await balances(many.slice(0, 25))).status).toBe(200)
    expect((await balances([{ network: 'base' }])).status).toBe(400)
  })

  it('returns positions whose yield ids are market ids, the same for the same wallet', async () => {
    const a = await balances([{ address: WALLET, network: 'ethereum' }])
    const b = await balances([{ address: WALLET.toUpperCase().replace('0X', '0x'), network: 'ethereum' }])
    expect(a.body).toEqual(b.body)
    expect(a.body.items.length).toBeGreaterThan(0)
    for (const item of a.body.items) {
      const m = catalog.byId.get(item.yieldId)!
      expect(m.chain.network).toBe('ethereum')
      expect(item.rewardRate).toEqual(m.market.rewardRate)
      expect(item.balances[0]).toMatchObject({ type: 'active', isEarning: true, address: WALLET })
      expect(item.balances[0].amountRaw).toMatch(/^\d+$/)
    }
    const types = new Set<string>()
    for (const network of ['ethereum', 'base', 'arbitrum', 'polygon', 'binance', 'avalanche-c', 'gnosis'])
      for (let i = 0; i < 6; i++) {
        const res = await balances([{ address: `0x${String(i).repeat(40)}`, network }])
        for (const item of res.body.items) for (const bal of item.balances) types.add(bal.type)
      }
    expect(types).toEqual(new Set(['active', 'entering', 'exiting', 'withdrawable', 'claimable', 'locked']))
  })

  it('reports failing queries in errors', async () => {
    const res = await balances([
      { address: WALLET, network: 'ethereum', yieldId: UNAVAILABLE_YIELD_ID },
      { address: WALLET, network: 'ethereum', yieldId: 'ethereum-doge-nowhere-vault' },
      { address: WALLET, network: 'base', yieldId: 'ethereum-usdc-aave-v3-lending' },
      { address: WALLET, network: 'atlantis' },
      { address: WALLET, network: 'ethereum', yieldId: 'ethereum-usdc-aave-v3-lending' },
    ])
    expect(res.status).toBe(200)
    expect(res.body.errors.map((e: { yieldId: string }) => e.yieldId)).toEqual([UNAVAILABLE_YIELD_ID, 'ethereum-doge-nowhere-vault', 'ethereum-usdc-aave-v3-lending', ''])
    expect(res.body.errors.every((e: { error: string }) => e.error.length > 0)).toBe(true)
    expect(res.body.items.map((i: { yieldId: string }) => i.yieldId)).toEqual(['ethereum-usdc-aave-v3-lending'])
  })

  it('drifts with the clock', async () => {
    const query = [{ address: WALLET, network: 'ethereum' }]
    const before = (await balances(query)).body.items[0].balances[0].amountRaw
    sim.clock.advance(7 * 86_400_000)
    const after = (await balances(query)).body.items[0].balances[0].amountRaw
    expect(BigInt(after)).toBeGreaterThan(BigInt(before))
  })
})

describe('GetEarnPools', () => {
  it('lists 40 pools and filters them', async () => {
    const all = (await rpc(sim.url, 'GetEarnPools', {})).body.pools
    expect(all).toHaveLength(40)
    const res = await rpc(sim.url, 'GetEarnPools', { chainIds: [1, 8453], protocols: ['Aave v3', 'compound-v3'], minTvl: 1_000_000, maxApy: 6 })
    const expected = all.filter(
      (p: { chainId: number; protocol: string; tvl: number; apy: number }) =>
        [1, 8453].includes(p.chainId) && ['Aave v3', 'Compound III'].includes(p.protocol) && p.tvl >= 1_000_000 && p.apy <= 6,
    )
    expect(res.body.pools).toEqual(expected)
  })

  it('says cached on a repeat within the cache time', async () => {
    const body = { chainIds: [42161] }
    const first = await rpc(sim.url, 'GetEarnPools', body)
    const repeat = await rpc(sim.url, 'GetEarnPools', body)
    expect([first.body.cached, repeat.body.cached]).toEqual([false, true])
    expect(repeat.body.timestamp).toBe(first.body.timestamp)
    sim.clock.advance(61_000)
    const later = await rpc(sim.url, 'GetEarnPools', body)
    expect(later.body.cached).toBe(false)
    expect(Date.parse(later.body.timestamp)).toBe(sim.clock.now())
  })
})
