import { beforeEach, describe, expect, it } from 'vitest'
import type { YieldMarket } from '@contract/service'
import { queryMarkets, readMarket } from './markets'
import { freshDb, source, T0 } from './testing'
import { cacheMarkets } from './writeThrough'

const market = (id: string, o: { name: string; provider: string; chainId: number; network: string; type: string; rate?: number; tvl?: number; symbol: string }): YieldMarket => ({
  id,
  network: o.network,
  chainId: o.chainId,
  providerId: o.provider,
  metadata: { name: o.name },
  token: { symbol: o.symbol },
  mechanics: { type: o.type },
  rewardRate: o.rate === undefined ? undefined : { total: o.rate },
  statistics: o.tvl === undefined ? undefined : { tvlUsd: String(o.tvl) },
})

describe('queryMarkets', () => {
  beforeEach(async () => {
    freshDb()
    await cacheMarkets(source('p1', T0), [
      market('m-a', { name: 'Aave USDC', provider: 'aave', chainId: 1, network: 'ethereum', type: 'lending', rate: 0.04, tvl: 500, symbol: 'USDC' }),
      market('m-b', { name: 'Morpho WETH', provider: 'morpho', chainId: 8453, network: 'base', type: 'vault', rate: 0.07, tvl: 100, symbol: 'WETH' }),
      market('m-c', { name: 'Aave DAI', provider: 'aave', chainId: 8453, network: 'base', type: 'lending', symbol: 'DAI' }),
    ])
    await cacheMarkets(source('p1', T0 + 5000), [
      market('m-d', { name: 'Compound USDC', provider: 'compound', chainId: 1, network: 'ethereum', type: 'lending', rate: 0.05, tvl: 900, symbol: 'USDC' }),
    ])
    await cacheMarkets(source('p2', T0), [market('m-z', { name: 'Elsewhere', provider: 'x', chainId: 1, network: 'ethereum', type: 'vault', symbol: 'X' })])
  })

  const ids = (r: { items: YieldMarket[] }) => r.items.map((m) => m.id)

  it('filters like the service: provider, chain id (or network), type, free text', async () => {
    expect(ids(await queryMarkets('p1', { provider: 'AAVE', limit: 10, offset: 0 }))).toEqual(['m-a', 'm-c'])
    expect(ids(await queryMarkets('p1', { chainId: '8453', limit: 10, offset: 0 }))).toEqual(['m-b', 'm-c'])
    expect(ids(await queryMarkets('p1', { chainId: 'base', type: 'vault', limit: 10, offset: 0 }))).toEqual(['m-b'])
    expect(ids(await queryMarkets('p1', { search: 'usdc', limit: 10, offset: 0 }))).toEqual(['m-a', 'm-d'])
  })

  it('sorts by reward rate with unknown rates last, and pages with a total', async () => {
    const page1 = await queryMarkets('p1', { sort: 'rewardRateDesc', limit: 2, offset: 0 })
    expect(ids(page1)).toEqual(['m-b', 'm-d'])
    expect(page1.total).toBe(4)
    expect(page1.fetchedAt).toBe(T0)
    const page2 = await queryMarkets('p1', { sort: 'rewardRateDesc', limit: 2, offset: 2 })
    expect(ids(page2)).toEqual(['m-a', 'm-c'])
    expect(ids(await queryMarkets('p1', { sort: 'tvlAsc', limit: 10, offset: 0 }))).toEqual(['m-b', 'm-a', 'm-d', 'm-c'])
    expect(ids(await queryMarkets('p1', { sort: 'nameAsc', limit: 10, offset: 0 }))).toEqual(['m-c', 'm-a', 'm-d', 'm-b'])
  })

  it('reports the age of the newest-only page and nothing for an empty one', async () => {
    expect((await queryMarkets('p1', { provider: 'compound', limit: 10, offset: 0 })).fetchedAt).toBe(T0 + 5000)
    expect(await queryMarkets('p3', { limit: 10, offset: 0 })).toEqual({ items: [], total: 0, fetchedAt: undefined })
  })

  it('reads one market', async () => {
    expect((await readMarket('p1', 'm-d'))?.fetchedAt).toBe(T0 + 5000)
    expect(await readMarket('p2', 'm-d')).toBeUndefined()
  })
})
