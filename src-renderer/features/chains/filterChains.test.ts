import { describe, expect, it } from 'vitest'
import type { ChainInfo } from '@contract/service'
import { filterChains } from './ChainsView'

const chain = (id: number, name: string): ChainInfo => ({ id, name, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } })
const chains = [chain(1, 'Ethereum'), chain(42161, 'Arbitrum One'), chain(421614, 'Arbitrum Sepolia'), chain(11155111, 'Sepolia')]

describe('chain search', () => {
  it('matches names in any case and ids by prefix', () => {
    expect(filterChains(chains, 'SEPOLIA').map((c) => c.id)).toEqual([421614, 11155111])
    expect(filterChains(chains, '4216').map((c) => c.id)).toEqual([42161, 421614])
    expect(filterChains(chains, '1').map((c) => c.id)).toEqual([1, 11155111])
    expect(filterChains(chains, '  ')).toHaveLength(4)
    expect(filterChains(chains, 'solana')).toEqual([])
  })
})
