import { describe, expect, it } from 'vitest'
import type { ChainInfo } from '@contract/service'
import { findToken, NATIVE_TOKEN_ADDRESS, tokenChoicesOn } from './knownTokens'

const BASE: ChainInfo = { id: 8453, name: 'Base', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }
const USDC_BASE = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'

describe('tokenChoicesOn', () => {
  it('offers the native coin first, then well-known and learnt tokens by symbol', () => {
    const learnt = new Map([
      ['8453:0x' + 'ab'.repeat(20), { symbol: 'AERO', decimals: 18 }],
      ['8453:0x' + 'cd'.repeat(20), { symbol: 'NODEC' }],
      ['1:0x' + 'ef'.repeat(20), { symbol: 'ELSEWHERE', decimals: 6 }],
    ])
    const choices = tokenChoicesOn(8453, BASE, learnt)
    expect(choices.map((t) => t.symbol)).toEqual(['ETH', 'AERO', 'USDC', 'WETH'])
    expect(choices[0]).toEqual({ chainId: 8453, address: NATIVE_TOKEN_ADDRESS, name: 'Ether', symbol: 'ETH', decimals: 18, native: true })
  })

  it('lets what the service taught win over the built-in label, and works before the chain list is known', () => {
    const learnt = new Map([[`8453:${USDC_BASE}`, { symbol: 'USDC.e', decimals: 6 }]])
    expect(tokenChoicesOn(8453, undefined, learnt).map((t) => t.symbol)).toEqual(['USDC.e', 'WETH'])
    expect(findToken(8453, USDC_BASE.toUpperCase().replace('0X', '0x'), new Map([[8453, BASE]]), new Map())).toMatchObject({ symbol: 'USDC', decimals: 6 })
    expect(findToken(8453, '0x' + '99'.repeat(20), new Map(), new Map())).toBeUndefined()
  })
})
