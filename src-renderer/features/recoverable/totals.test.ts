import { describe, expect, it } from 'vitest'
import type { IntentHistoryEntry } from '@contract/service'
import { FORMULA_ATTACKS, formulaCells, parseCsv } from '@contract/testing'
import { priceKey } from '../../lib/priceSource'
import { recoverableCsv, recoverableTotals } from './totals'

const USDC = '0xaf88d065e77c8cc2239327c5edb3a432268e5831'
const entry = (intentId: string, tokens: Array<{ balance: string; usd?: string; token?: string; chainId?: number }>): IntentHistoryEntry => ({
  intentId,
  status: 'FAILED',
  balances: [{ intentAddress: `0x${intentId}`, chainId: 42161, tokens: tokens.map((t) => ({ contractAddress: t.token ?? USDC, balance: t.balance, balanceUsd: t.usd, decimals: 6, symbol: 'USDC', chainId: t.chainId ?? 42161 })) }],
})

describe('recoverableTotals', () => {
  it('sums each chain and token exactly, beyond 2^53, with the intents behind it, valued at the profile’s one price source', () => {
    // The book's USDC price, not the balances' own USD figures (which say $1 per unit here).
    const book = new Map([[priceKey(42161, USDC), { usd: 0.999, from: 'service' as const, at: Date.UTC(2026, 10, 27, 12, 1) }]])
    const totals = recoverableTotals(
      [
        entry('a', [{ balance: '9007199254740993', usd: '9007199254.74' }]),
        entry('b', [{ balance: '9007199254740993', usd: '9007199254.74' }, { balance: '5', chainId: 8453 }]),
        entry('c', [{ balance: '0', usd: '0' }]),
      ],
      book,
    )
    expect(totals).toHaveLength(2)
    expect(totals[0]).toMatchObject({ chainId: 42161, symbol: 'USDC', total: '18014398509481986', value: { priced: 1, unpriced: [] } })
    expect(totals[0].totalUsd).toBeCloseTo(Number('18014398509.481986') * 0.999, 2)
    expect(totals[0].parts.map((p) => [p.intentId, p.usd])).toEqual([
      ['a', Number('9007199254.740993') * 0.999],
      ['b', Number('9007199254.740993') * 0.999],
    ])
    expect(totals[1]).toMatchObject({ chainId: 8453, total: '5', value: { priced: 0, unpriced: ['USDC has no known price'] }, parts: [{ intentId: 'b', balance: '5' }] })
    const csv = parseCsv(recoverableCsv(totals, Date.UTC(2026, 10, 27, 12, 4)))
    expect(csv[1]).toEqual(expect.arrayContaining(['8998192055.49', expect.stringMatching(/^priced from GetTokenPrices at 2026-11-27 .* \(3 min ago\)$/)]))
    expect(csv[3]).toEqual(expect.arrayContaining(['unpriced: USDC has no known price']))
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
