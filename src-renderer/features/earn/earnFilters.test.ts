import { describe, expect, it } from 'vitest'
import type { EarnPool } from '@contract/service'
import { earnFilters, filterEarnPools, formatApy } from './earnFilters'

const { decode, encode, toRequest } = earnFilters

describe('earn pool filters', () => {
  it('round-trips through the URL and builds the request', () => {
    const draft = { chainIds: ['1', '8453'], protocols: ' Aave v3 ,, Compound III ', minTvl: '1_000_000', maxApy: '5.5' }
    const params = encode(draft, new URLSearchParams('tab=pools&minTvl=9'))
    expect(params.toString()).toBe('tab=pools&minTvl=1_000_000&chains=1%2C8453&protocols=Aave+v3%2C+Compound+III&maxApy=5.5')
    expect(toRequest(decode(params))).toEqual({
      request: { chainIds: [1, 8453], protocols: ['Aave v3', 'Compound III'], minTvl: 1_000_000, maxApy: 5.5 },
      problems: {},
    })
  })

  it('reads links written before the shared codec', () => {
    const old = decode(new URLSearchParams('chains=1,%2010&protocols=Aave%20v3,%20Morpho&minTvl=250000&maxApy=&other=x'))
    expect(old).toEqual({ chainIds: ['1', '10'], protocols: 'Aave v3, Morpho', minTvl: '250000', maxApy: '' })
    expect(toRequest(old).request).toEqual({ chainIds: [1, 10], protocols: ['Aave v3', 'Morpho'], minTvl: 250_000 })
  })

  it('sends nothing for empty filters', () => {
    expect(toRequest(decode(new URLSearchParams()))).toEqual({ request: {}, problems: {} })
  })

  it('names each bad number and chain id', () => {
    const draft = { chainIds: ['base', '10'], protocols: '', minTvl: '-5', maxApy: '4%' }
    // A bad field is left out of the request whole.
    expect(toRequest(draft).request).toEqual({})
    expect(toRequest(draft).problems).toEqual({
      chainIds: '“base” is not a chain id',
      minTvl: 'Minimum TVL must be a number, 0 or more (e.g. 1000000)',
      maxApy: 'Maximum APY must be a number, 0 or more (e.g. 12.5)',
    })
  })

  it('applies the same filters to cached pools', () => {
    const pools: EarnPool[] = [
      { id: 'a', protocol: 'Aave v3', chainId: 1, apy: 4.5, tvl: 2_000_000 },
      { id: 'b', protocol: 'Compound III', chainId: 8453, apy: 7, tvl: 500_000 },
      { id: 'c', protocol: 'aave V3', chainId: 8453, apy: 3, tvl: 9_000_000 },
    ]
    const ids = (r: Parameters<typeof filterEarnPools>[1]) => filterEarnPools(pools, r).map((p) => p.id)
    expect(ids({ protocols: ['AAVE v3'] })).toEqual(['a', 'c'])
    expect(ids({ chainIds: [8453], maxApy: 5 })).toEqual(['c'])
    expect(ids({ minTvl: 1_000_000 })).toEqual(['a', 'c'])
    expect(ids({})).toEqual(['a', 'b', 'c'])
  })

  it('shows APY as the percentage it already is', () => {
    expect(formatApy(4.52)).toBe('4.52%')
    expect(formatApy(undefined)).toBe('—')
  })
})
