import { describe, expect, it } from 'vitest'
import type { IntentHistoryEntry } from '@contract/service'
import { FORMULA_ATTACKS, formulaCells, parseCsv } from '@contract/testing'
import { recoverableCsv, recoverableTotals } from './totals'

const USDC = '0xaf88d065e77c8cc2239327c5edb3a432268e5831'
const entry = (intentId: string, tokens: Array<{ balance: string; usd?: string; token?: string; chainId?: number }>): IntentHistoryEntry => ({
  intentId,
  status: 'FAILED',
  balances: [{ intentAddress: `0x${intentId}`, chainId: 42161, tokens: tokens.map((t) => ({ contractAddress: t.token ?? USDC, balance: t.balance, balanceUsd: t.usd, decimals: 6, symbol: 'USDC', chainId: t.chainId ?? 42161 })) }],
})

describe('recoverableTotals', () => {
  it('sums each chain and token exactly, beyond 2^53, with the intents behind it', () => {
    const totals = recoverableTotals([
      entry('a', [{ balance: '9007199254740993', usd: '9007199254.74' }]),
      entry('b', [{ balance: '9007199254740993', usd: '9007199254.74' }, { balance: '5', chainId: 8453 }]),
      entry('c', [{ balance: '0', usd: '0' }]),
    ])
    expect(totals).toHaveLength(2)
    expect(totals[0]).toMatchObject({ chainId: 42161, symbol: 'USDC', total: '18014398509481986', unpriced: 0 })
    expect(totals[0].totalUsd).toBeCloseTo(18014398509.48, 2)
    expect(totals[0].parts.map((p) => p.intentId)).toEqual(['a', 'b'])
    expect(totals[1]).toMatchObject({ chainId: 8453, total: '5', unpriced: 1, parts: [{ intentId: 'b', balance: '5' }] })
  })

  it('refuses to round a balance that is not whole base units', () => {
    const [t] = recoverableTotals([entry('a', [{ balance: '1.5' }]), entry('b', [{ balance: '2' }])])
    expect(t.total).toBe('2 (not exact)')
    expect(t.parts).toHaveLength(2)
  })

  it('exports symbols and addresses that start like formulas as inert text', () => {
    const totals = recoverableTotals(
      FORMULA_ATTACKS.map((attack, n): IntentHistoryEntry => ({
        intentId: `i${n}`,
        status: 'FAILED',
        balances: [{ intentAddress: attack, chainId: 1, tokens: [{ contractAddress: attack, balance: '7', decimals: 6, symbol: attack, chainId: 1 }] }],
      })),
    )
    const csv = recoverableCsv(totals)
    expect(parseCsv(csv).length).toBeGreaterThan(1)
    expect(formulaCells(csv)).toEqual([])
  })
})
