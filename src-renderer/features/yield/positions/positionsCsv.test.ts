import { describe, expect, it } from 'vitest'
import { toCsv } from '@contract/csv'
import { FORMULA_ATTACKS, formulaCells, parseCsv } from '@contract/testing'
import { groupByMarket, POSITION_CSV_COLUMNS, positionCsvRows } from './positionsModel'

describe('positions CSV', () => {
  it('writes one line per balance with exact amounts, then the failed lookups', () => {
    const groups = groupByMarket(
      [
        {
          yieldId: 'y1',
          balances: [
            {
              type: 'active',
              address: '0xabc',
              amount: '1234567.890123456789012',
              amountRaw: '1234567890123456789012',
              amountUsd: '1234567.89',
              token: { symbol: 'WETH', decimals: 15, network: 'ethereum' },
              pendingActions: [{ type: 'WITHDRAW' }, { type: 'CLAIM_REWARDS' }],
              validators: [{ name: 'Kiln' }, { address: '0xval' }],
            },
          ],
        },
      ],
      () => 'Market, "one"',
    )
    const rows = parseCsv(toCsv(positionCsvRows(groups, [{ yieldId: 'bad', error: 'yield provider temporarily unavailable' }]), POSITION_CSV_COLUMNS))
    const header = rows[0]
    const line = Object.fromEntries(header.map((h, i) => [h, rows[1][i]]))
    expect(line).toMatchObject({
      yieldId: 'y1',
      market: 'Market, "one"',
      type: 'active',
      network: 'ethereum',
      amount: '1234567.890123456789012',
      amountRaw: '1234567890123456789012',
      amountUsd: '1234567.89',
      pendingActions: 'WITHDRAW; CLAIM_REWARDS',
      validators: 'Kiln; 0xval',
      error: '',
    })
    const failed = Object.fromEntries(header.map((h, i) => [h, rows[2][i]]))
    expect(failed).toMatchObject({ yieldId: 'bad', amount: '', error: 'yield provider temporarily unavailable' })
  })

  it('writes market names, symbols and lookup errors that start like formulas as inert text', () => {
    const groups = groupByMarket(
      FORMULA_ATTACKS.map((attack, n) => ({ yieldId: `y${n}`, balances: [{ type: 'active', address: attack, amount: '-1.5', token: { symbol: attack, network: attack } }] })),
      () => '=HYPERLINK("https://evil.example")',
    )
    const csv = toCsv(positionCsvRows(groups, FORMULA_ATTACKS.map((error) => ({ yieldId: '@bad', error }))), POSITION_CSV_COLUMNS)
    expect(parseCsv(csv)).toHaveLength(2 * FORMULA_ATTACKS.length + 1)
    expect(formulaCells(csv)).toEqual([])
    expect(csv).toContain(',-1.5,')
  })
})
