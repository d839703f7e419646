import { describe, expect, it } from 'vitest'
import { DEFAULT_LIMIT, readFilters, toRequest, validateFilters, writeFilters } from './marketFilters'

const read = (q: string) => validateFilters(readFilters(new URLSearchParams(q)))

describe('market filters in the URL', () => {
  it('reads every filter and builds the request the service takes', () => {
    const { filters, problems } = read('provider=aave-v3&chain=8453&type=vault&q=usdc&sort=tvlDesc&limit=50&offset=100')
    expect(problems).toEqual({})
    expect(toRequest(filters, problems)).toEqual({
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
    expect(toRequest(filters)).toEqual({ sort: 'rewardRateDesc', limit: DEFAULT_LIMIT, offset: 0 })
  })

  it('names each bad value and leaves it out of the request', () => {
    const { filters, problems } = read('chain=base&type=staking&limit=0&offset=-20')
    expect(problems.chainId).toMatch(/numeric chain id/)
    expect(problems.type).toMatch(/lending or vault/)
    expect(problems.limit).toBeDefined()
    expect(problems.offset).toBeDefined()
    expect(toRequest(filters, problems)).toEqual({ sort: 'rewardRateDesc', limit: DEFAULT_LIMIT, offset: 0 })
  })

  it('starts again at the first page when a filter changes, but not when paging', () => {
    const p = new URLSearchParams('q=eth&offset=40')
    expect(writeFilters(p, 'type', 'lending').toString()).toBe('q=eth&type=lending')
    expect(writeFilters(p, 'offset', 60).toString()).toBe('q=eth&offset=60')
    expect(writeFilters(p, 'limit', 50).get('offset')).toBeNull()
  })

  it('keeps the search text as typed, spaces and all', () => {
    expect(readFilters(new URLSearchParams('q=%20usd%20')).search).toBe(' usd ')
    expect(toRequest(read('q=%20usd%20').filters)).toMatchObject({ search: 'usd' })
  })

  it('keeps default values out of the URL', () => {
    const p = new URLSearchParams('sort=tvlAsc&limit=50&offset=50')
    expect(writeFilters(p, 'sort', 'rewardRateDesc').get('sort')).toBeNull()
    expect(writeFilters(p, 'limit', DEFAULT_LIMIT).get('limit')).toBeNull()
    expect(writeFilters(p, 'offset', 0).get('offset')).toBeNull()
    expect(writeFilters(p, 'search', '').toString()).toBe('sort=tvlAsc&limit=50')
  })
})
