import { describe, expect, it } from 'vitest'
import { balanceLines, stuckFunds } from './balances'
import { priceKey } from '../../lib/priceSource'
import { balance, makeEntry, OWNER, USDC, WETH } from './testing/entries'

const DAI = '0x6b175474e89094c44da98b954eedeac495271d0f'

describe('stuckFunds', () => {
  it('lists non-zero balances largest first and totals their USD value', () => {
    const big = makeEntry({ status: 'FAILED', hasBalance: true, balances: [balance({ raw: '250000000', usd: '250.00', price: '1' })] })
    const weth = makeEntry({
      status: 'ABORTED',
      hasBalance: true,
      balances: [balance({ token: WETH, symbol: 'WETH', decimals: 18, raw: '1234567890123456789012', usd: '3703703.67', price: '3000' })],
    })
    const unpricedEntry = makeEntry({ status: 'FAILED', hasBalance: true, balances: [balance({ token: DAI, symbol: 'DAI', raw: '5' })] })
    // The profile's one price source prices USDC and WETH; the lines' own USD figures are not what is shown.
    const book = new Map([
      [priceKey(1, USDC), { usd: 1, from: 'balance' as const, at: 1 }],
      [priceKey(1, WETH), { usd: 2900, from: 'service' as const, at: 2 }],
    ])
    const s = stuckFunds([big, weth, makeEntry({ status: 'FAILED', hasBalance: false, balances: [balance({ raw: '0', usd: '0' })] }), unpricedEntry], book)
    expect(s.lines.map((l) => l.balance)).toEqual(['1234567890123456789012', '250000000', '5'])
    expect(s.totalUsd).toBeCloseTo(Number('1234.567890123456789012') * 2900 + 250, 2)
    expect(s.unpriced).toBe(1)
    expect(s.value.unpriced).toEqual(['DAI has no known price'])
    expect(s.value.prices.map((p) => p.from).sort()).toEqual(['balance', 'service'])
    expect(s.intents).toBe(3)
    // With an empty book nothing is priced, whatever the service's balanceUsd says.
    expect(stuckFunds([big]).totalUsd).toBe(0)
  })

  it('carries the entry and the token through to each line', () => {
    const [line] = balanceLines(makeEntry({ intentId: '0xabc', status: 'FAILED', balances: [balance({ chainId: 10, raw: '7', usd: '0.01' })] }))
    expect(line).toMatchObject({ intentId: '0xabc', owner: OWNER, chainId: 10, symbol: 'USDC', decimals: 6, balance: '7', balanceUsd: '0.01' })
  })
})
