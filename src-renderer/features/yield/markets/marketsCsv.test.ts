import { describe, expect, it } from 'vitest'
import type { YieldMarket } from '@contract/service'
import { toCsv } from '@contract/csv'
import { FORMULA_ATTACKS, formulaCells, parseCsv } from '@contract/testing'
import { marketCsvColumns } from './marketsCsv'

describe('markets CSV', () => {
  it('writes names, providers, tags and token symbols that start like formulas as inert text', () => {
    const markets = FORMULA_ATTACKS.map(
      (attack, n): YieldMarket => ({ id: `m${n}`, name: attack, providerId: attack, network: attack, tags: [attack], token: { symbol: attack, address: attack } }) as YieldMarket,
    )
    const csv = toCsv(markets, marketCsvColumns(new Map()))
    expect(parseCsv(csv)).toHaveLength(FORMULA_ATTACKS.length + 1)
    expect(formulaCells(csv)).toEqual([])
  })
})
