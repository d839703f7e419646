import { describe, expect, it } from 'vitest'
import type { Intent, IntentReceipt } from '@contract/service'
import { makeTokenLookup } from './tokenLookup'

const intent: Intent = {
  originChainId: 1,
  originTokenAddress: '0xAAA',
  depositTransaction: { tokenAddress: '0xAAA', chainId: 1, decimals: 18 },
  gasFeeOptions: { feeOptions: [{ tokenAddress: '0xfee', tokenSymbol: 'FEE', tokenDecimals: 8 }] },
}
const receipt: IntentReceipt = {
  summary: { destinationTokenMetadata: { chainId: 10, tokenAddress: '0xbbb', symbol: 'USDC', decimals: 6 } },
}

describe('makeTokenLookup', () => {
  it('combines what the intent and its receipt say, ignoring address case', () => {
    const learnt = new Map([['1:0xaaa', { symbol: 'WETH', decimals: 18 }]])
    const of = makeTokenLookup(intent, receipt, learnt)
    expect(of(1, '0xaaa')).toMatchObject({ symbol: 'WETH', decimals: 18 })
    expect(of(1, '0xFEE')).toMatchObject({ symbol: 'FEE', decimals: 8 })
    expect(of(10, '0xBBB')).toMatchObject({ symbol: 'USDC', decimals: 6 })
  })

  it('prefers the intent own decimals over learnt ones, and knows nothing of other chains', () => {
    const of = makeTokenLookup(intent, undefined, new Map([['1:0xaaa', { symbol: 'X', decimals: 6 }]]))
    expect(of(1, '0xaaa')).toEqual({ symbol: 'X', decimals: 18 })
    expect(of(2, '0xaaa')).toBeUndefined()
    expect(of(1, undefined)).toBeUndefined()
  })
})
