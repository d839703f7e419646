import { describe, expect, it } from 'vitest'
import { balanceLines, stuckFunds } from './balances'
import { balance, makeEntry, OWNER, WETH } from './testing/entries'

describe('stuckFunds', () => {
  it('lists non-zero balances largest first and totals their USD value', () => {
    const big = makeEntry({ status: 'FAILED', hasBalance: true, balances: [balance({ raw: '250000000', usd: '250.00', price: '1' })] })
    const weth = makeEntry({
      status: 'ABORTED',
      hasBalance: true,
      balances: [balance({ token: WETH, symbol: 'WETH', decimals: 18, raw: '1234567890123456789012', usd: '3703703.67', price: '3000' })],
    })
    const empty = makeEntry({ status: 'FAILED', hasBalance: false, balances: [balance({ raw: '0', usd: '0' })] })
    const unpriced = makeEntry({ status: 'FAILED', hasBalance: true, balances: [balance({ raw: '5' })] })
    const s = stuckFunds([big, weth, empty, unpriced])
    expect(s.lines.map((l) => l.balance)).toEqual(['1234567890123456789012', '250000000', '5'])
    expect(s.totalUsd).toBeCloseTo(3703953.67, 2)
    expect(s.unpriced).toBe(1)
    expect(s.intents).toBe(3)
  })

  it('carries the entry and the token through to each line', () => {
    const [line] = balanceLines(makeEntry({ intentId: '0xabc', status: 'FAILED', balances: [balance({ chainId: 10, raw: '7', usd: '0.01' })] }))
    expect(line).toMatchObject({ intentId: '0xabc', owner: OWNER, chainId: 10, symbol: 'USDC', decimals: 6, balance: '7', balanceUsd: '0.01' })
  })
})
