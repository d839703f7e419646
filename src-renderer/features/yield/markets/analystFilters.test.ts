import { describe, expect, it } from 'vitest'
import { marketFixture } from '../testing'
import { analystFiltersOf, isStablecoinMarket, matchesAnalystFilters, needsLocalFiltering } from './analystFilters'
import { readMarketFilters, withFilter } from './marketFilters'

const read = (q: string) => readMarketFilters(new URLSearchParams(q))

describe('analyst filters', () => {
  it('reads several providers and chains, stablecoins, a minimum TVL, hidden states and tags from the URL', () => {
    const { filters, problems, request } = read('provider=p1,p2&chain=1,8453&stable=1&mintvl=2500000&nodeprecated=1&open=1&tag=lending')
    expect(problems).toEqual({})
    const a = analystFiltersOf(filters)
    expect(a).toEqual({ providers: ['p1', 'p2'], chains: ['1', '8453'], stablecoinOnly: true, minTvlUsd: 2_500_000, hideDeprecated: true, hideClosed: true, tags: ['lending'] })
    expect(needsLocalFiltering(a)).toBe(true)
    // The service takes one provider and one chain: several are left to the view.
    expect(request).toEqual({ sort: 'rewardRateDesc', limit: 20, offset: 0 })
    expect(needsLocalFiltering(analystFiltersOf(read('provider=p1&chain=1').filters))).toBe(false)
    expect(read('provider=p1&chain=1').request).toMatchObject({ provider: 'p1', chainId: '1' })
  })

  it('names a bad minimum TVL or chain list, and writes flags as 1', () => {
    expect(read('mintvl=lots').problems.minTvl).toMatch(/number of US dollars/)
    expect(read('chain=1,base').problems.chainId).toMatch(/numeric chain ids/)
    expect(withFilter(new URLSearchParams('offset=40'), 'stable', '1').toString()).toBe('stable=1')
    expect(withFilter(new URLSearchParams('stable=1'), 'stable', '').toString()).toBe('')
  })

  it('keeps a market only when it passes every filter', () => {
    const a = analystFiltersOf(read('provider=p2,p4&stable=1&mintvl=2500000&open=1&tag=lending').filters)
    // p2: $2M TVL (below the minimum); p4: $4M, open to entry (even n), stablecoin-tagged.
    expect(matchesAnalystFilters(marketFixture(2), a)).toBe(false)
    expect(matchesAnalystFilters(marketFixture(4), a)).toBe(true)
    expect(matchesAnalystFilters(marketFixture(4, { status: { enter: false, exit: true } }), a)).toBe(false)
    expect(matchesAnalystFilters(marketFixture(6), a)).toBe(false)
    const noDeprecated = analystFiltersOf(read('nodeprecated=1').filters)
    expect(matchesAnalystFilters(marketFixture(1, { metadata: { name: 'Old', deprecated: true } }), noDeprecated)).toBe(false)
  })

  it('tells a stablecoin market by its tag or by its tokens', () => {
    expect(isStablecoinMarket({ tags: ['Stablecoin'] })).toBe(true)
    expect(isStablecoinMarket({ tags: [], token: { symbol: 'usdt' } })).toBe(true)
    expect(isStablecoinMarket({ tags: ['blue-chip'], token: { symbol: 'WETH' } })).toBe(false)
    expect(isStablecoinMarket({})).toBe(false)
  })
})
