import { describe, expect, it } from 'vitest'
import { DEFAULT_LIMIT, marketFilters, readMarketFilters, withFilter } from './marketFilters'

const read = (q: string) => readMarketFilters(new URLSearchParams(q))

describe('market filters in the URL', () => {
  it('reads every filter and builds the request the service takes', () => {
    const { problems, request } = read('provider=aave-v3&chain=8453&type=vault&q=usdc&sort=tvlDesc&limit=50&offset=100')
    expect(problems).toEqual({})
    expect(request).toEqual({
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
    const { request } = read('')
    expect(request).toEqual({ sort: 'rewardRateDesc', limit: DEFAULT_LIMIT, offset: 0 })
  })

  it('names each bad value and leaves it out of the request', () => {
    const { problems, request } = read('chain=base&type=staking&limit=0&offset=-20')
    expect(problems.chainId).toMatch(/numeric chain id/)
    expect(problems.type).toMatch(/lending or vault/)
    expect(problems.limit).toBeDefined()
    expect(problems.offset).toBeDefined()
    expect(request).toEqual({ sort: 'rewardRateDesc', limit: DEFAULT_LIMIT, offset: 0 })
  })

  it('starts again at the first page when a filter changes, but not when paging', () => {
    const p = new URLSearchParams('q=eth&offset=40')
    expect(withFilter(p, 'type', 'lending').toString()).toBe('q=eth&type=lending')
    expect(withFilter(p, 'offset', 60).toString()).toBe('q=eth&offset=60')
    expect(withFilter(p, 'limit', 50).get('offset')).toBeNull()
  })

  it('keeps the search text as typed, spaces and all', () => {
    expect(marketFilters.decode(new URLSearchParams('q=%20usd%20')).search).toBe(' usd ')
    expect(read('q=%20usd%20').request).toMatchObject({ search: 'usd' })
  })

  it('keeps default values out of the URL', () => {
    const p = new URLSearchParams('sort=tvlAsc&limit=50&offset=50')
    expect(withFilter(p, 'sort', 'rewardRateDesc').get('sort')).toBeNull()
    expect(withFilter(p, 'limit', DEFAULT_LIMIT).get('limit')).toBeNull()
    expect(withFilter(p, 'offset', 0).get('offset')).toBeNull()
    expect(withFilter(p, 'search', '').toString()).toBe('sort=tvlAsc&limit=50')
  })

  it('reads a saved filter written before the shared codec, and writes it back unchanged', () => {
    const saved = 'provider=aave-v3&chain=8453&type=lending&q=%20usd%20&sort=tvlAsc&limit=50&stable=1&mintvl=1000000&nodeprecated=1&open=1&tag=stablecoin'
    const { filters, problems, request } = read(saved)
    expect(problems).toEqual({})
    expect(filters).toMatchObject({ provider: 'aave-v3', chainId: '8453', type: 'lending', search: ' usd ', sort: 'tvlAsc', limit: 50, offset: 0, stable: true, minTvl: '1000000', hideDeprecated: true, hideClosed: true, tags: 'stablecoin' })
    expect(request).toEqual({ provider: 'aave-v3', chainId: '8453', type: 'lending', search: 'usd', sort: 'tvlAsc', limit: 50, offset: 0 })
    const params = new URLSearchParams(saved)
    expect(marketFilters.encode(marketFilters.decode(params), params).toString()).toBe(params.toString())
  })
})
