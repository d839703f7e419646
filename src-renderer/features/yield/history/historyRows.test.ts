import { describe, expect, it } from 'vitest'
import { FORMULA_ATTACKS, formulaCells, parseCsv } from '@contract/testing'
import { historiesCsv } from './historyRows'

describe('market history CSV', () => {
  it('writes a market id that starts like a formula as inert text, and negative rates as numbers', () => {
    const point = { t: Date.UTC(2026, 10, 1), base: -0.012, baseUnit: 'APY' as const, rewards: null, rewardsUnit: null, tvl: 5, tvlUsd: 5, utilization: 0.5, enter: true, exit: true }
    for (const attack of FORMULA_ATTACKS) {
      const csv = historiesCsv([{ marketId: attack, points: [point] }])
      const [header, row] = parseCsv(csv)
      expect(formulaCells(csv)).toEqual([])
      expect(row[header.indexOf('market_id')]).toBe(`'${attack}`)
      expect(row[header.indexOf('base_rate')]).toBe('-0.012')
    }
  })
})
