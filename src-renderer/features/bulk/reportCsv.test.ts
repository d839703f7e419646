import { describe, expect, it } from 'vitest'
import { toCsv } from '@contract/csv'
import { FORMULA_ATTACKS, formulaCells, parseCsv } from '@contract/testing'
import { keyCsvColumns, type KeyRow } from './report'

describe('Bulk lookup CSV and formula injection', () => {
  it('writes reasons, token addresses and pasted lines that start like formulas as inert text', () => {
    const rows: KeyRow[] = FORMULA_ATTACKS.map((attack, n) => ({
      line: n + 1,
      input: attack,
      outcome: 'matched',
      matches: [{ key: attack, intentId: attack, status: 'FAILED', originTokenAddress: attack, originTokenAmount: '-5', reason: attack }],
    }))
    const csv = toCsv(rows, keyCsvColumns(new Map()))
    const [header, ...lines] = parseCsv(csv)
    expect(lines).toHaveLength(FORMULA_ATTACKS.length)
    expect(formulaCells(csv)).toEqual([])
    expect(lines.map((l) => l[header.indexOf('reason')])).toEqual(FORMULA_ATTACKS.map((a) => `'${a}`))
    expect(lines[0][header.indexOf('originAmount')]).toBe('-5')
  })
})
