import { describe, expect, it } from 'vitest'
import { pricingText, type KnownPrice } from './priceSource'

describe('pricingText', () => {
  const now = Date.UTC(2026, 10, 27, 12, 10)
  const balance: KnownPrice = { usd: 1, from: 'balance', at: now - 3 * 60_000 }

  it('names each price once, then what is unpriced', () => {
    const sum = { usd: 2, priced: 2, prices: [balance, balance], unpriced: ['WETH has no known price', 'DAI has no known price'] }
    expect(pricingText(sum, now)).toBe('priced from balances (3 min ago); unpriced: WETH has no known price, DAI has no known price')
  })

  it('says nothing for no sum, or a sum with neither prices nor reasons', () => {
    expect(pricingText(undefined, now)).toBeUndefined()
    expect(pricingText({ usd: 0, priced: 0, prices: [], unpriced: [] }, now)).toBeUndefined()
  })
})
