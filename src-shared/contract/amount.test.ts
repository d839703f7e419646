import { describe, expect, it } from 'vitest'
import { amountText, formatUnitsExact, groupDecimal, intentAmounts, parseDecimalInput, tokenUnits } from './amount'

describe('the one amount formatter', () => {
  it('writes every amount the same way: exact, grouped, with token, chain and role', () => {
    expect(amountText({ raw: '22226712833', decimals: 6, symbol: 'USDC' })).toBe('22,226.712833 USDC')
    expect(amountText({ raw: '61908799749', decimals: 6, symbol: 'USDT', chain: 'Arbitrum One', role: 'quoted' })).toBe('61,908.799749 USDT on Arbitrum One (quoted)')
    expect(amountText({ raw: '25841000121643304', decimals: 18, symbol: 'WETH', role: 'received' })).toBe('0.025841000121643304 WETH (received)')
    expect(amountText({ raw: '58983963000000000000', decimals: 18, symbol: 'ETH' })).toBe('58.983963 ETH')
  })

  it('says base units, and which token, when the decimals are unknown', () => {
    expect(amountText({ raw: '22226712833', tokenAddress: '0xaf88d065e77c8cc2239327c5edb3a432268e5831' })).toBe('22226712833 base units of 0xaf88d065e77c8cc2239327c5edb3a432268e5831')
    expect(amountText({ raw: '5' })).toBe('5 base units')
  })

  it('keeps every digit of huge amounts and negative ones', () => {
    expect(groupDecimal(formatUnitsExact('1234567890123456789012', 18))).toBe('1,234.567890123456789012')
    expect(amountText({ raw: '-1500000', decimals: 6, symbol: 'USDC' })).toBe('-1.5 USDC')
  })

  it('gives a CSV its token-units column: exact, ungrouped, empty without decimals', () => {
    expect(tokenUnits('22226712833', 6)).toBe('22226.712833')
    expect(tokenUnits('22226712833', undefined)).toBeUndefined()
    expect(tokenUnits(undefined, 6)).toBeUndefined()
  })

  it("reads back the app's own display form", () => {
    expect(parseDecimalInput('1,250.50')).toBe('1250.50')
    expect(parseDecimalInput('22,226.712833')).toBe('22226.712833')
    expect(parseDecimalInput('1250.5')).toBe('1250.5')
    expect(parseDecimalInput('.5')).toBe('0.5')
    expect(parseDecimalInput('1,25.5')).toBeUndefined()
    expect(parseDecimalInput('1.250,50')).toBeUndefined()
    expect(parseDecimalInput('')).toBeUndefined()
  })
})

describe('intentAmounts', () => {
  it("reads the quote's amounts first, then what was asked, then the deposit's", () => {
    const request = { originTokenAmount: '100', destinationTokenAmount: '90' }
    expect(intentAmounts({ quote: { fromAmount: '101', toAmount: '95' }, quoteRequest: request })).toEqual({ origin: '101', destination: '95' })
    expect(intentAmounts({ quoteRequest: request, depositTransaction: { amount: '102' } })).toEqual({ origin: '100', destination: '90' })
    expect(intentAmounts({ depositTransaction: { amount: '102' } })).toEqual({ origin: '102', destination: undefined })
  })

  it('takes an asked 0 for no amount: whatever the other side comes to', () => {
    expect(intentAmounts({ quoteRequest: { originTokenAmount: '0', destinationTokenAmount: '0' }, depositTransaction: { amount: '7' } })).toEqual({ origin: '7', destination: undefined })
  })
})
