import { describe, expect, it } from 'vitest'
import { DEFAULT_LIMIT, readMarketFilters, toMarketsRequest, writeMarketFilter } from './marketFilters'

const read = (q: string) => readMarketFilters(new URLSearchParams(q))

describe('market filters in the URL', () => {
  it('reads every filter and builds the request the service takes', () => {
    const { filters, problems } = read('provider=aave-v3&chain=8453&type=vault&q=usdc&sort=tvlDesc&limit=50&offset=100')
    expect(problems).toEqual({})
    expect(toMarketsRequest(filters, problems)).toEqual({
      provider: 'aave-v3',
      chainId: '8453',
      type: 'vault',
      search: 'usdc',
      sort: 'tvlDesc',
      limit: 50,
      offset: 100,
    })
  })

  it('defaults to reward rate descending, the first page and the default page size', () => {
    const { filters } = read('')
    expect(toMarketsRequest(filters)).toEqual({ sort: 'rewardRateDesc', limit: DEFAULT_LIMIT, offset: 0 })
  })

  it('names each bad value and leaves it out of the request', () => {
    const { filters, problems } = read('chain=base&type=staking&limit=0&offset=-20')
    expect(problems.chainId).toMatch(/numeric chain id/)
    expect(problems.type).toMatch(/lending or vault/)
    expect(problems.limit).toBeDefined()
    expect(problems.offset).toBeDefined()
    expect(toMarketsRequest(filters, problems)).toEqual({ sort: 'rewardRateDesc', limit: DEFAULT_LIMIT, offset: 0 })
  })

  it('starts again at the first page when a filter changes, but not when paging', () => {
    const p = new URLSearchParams('q=eth&offset=40')
    expect(writeMarketFilter(p, 'type', 'lending').toString()).toBe('q=eth&type=lending')
    expect(writeMarketFilter(p, 'offset', 60).toString()).toBe('q=eth&offset=60')
    expect(writeMarketFilter(p, 'limit', 50).get('offset')).toBeNull()
  })

  it('keeps default values out of the URL', () => {
    const p = new URLSearchParams('sort=tvlAsc&limit=50&offset=50')
    expect(writeMarketFilter(p, 'sort', 'rewardRateDesc').get('sort')).toBeNull()
    expect(writeMarketFilter(p, 'limit', DEFAULT_LIMIT).get('limit')).toBeNull()
    expect(writeMarketFilter(p, 'offset', 0).get('offset')).toBeNull()
    expect(writeMarketFilter(p, 'search', '').toString()).toBe('sort=tvlAsc&limit=50')
  })
})
