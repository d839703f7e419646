import { describe, expect, it } from 'vitest'
import { isGap } from '../../src-shared/contract/marketHistory'
import { inRange, thin, timeline, withGaps } from './series'
import { marketStats } from './stats'
import { obs } from './testing'

const MIN = 60_000
const T0 = Date.UTC(2026, 10, 1)
const rec = (t: number, base: number | null, gone = false) => ({ ...obs(t, base), gone })
const snaps = (...ts: number[]) => ts.map((t) => ({ t, intervalMs: 15 * MIN }))

describe('a market history', () => {
  it('carries an unchanged market through the full snapshots that listed it', () => {
    const line = timeline([rec(T0, 0.05), rec(T0 + 30 * MIN, 0.06)], snaps(T0, T0 + 15 * MIN, T0 + 30 * MIN, T0 + 45 * MIN))
    expect(line.map((l) => [l.obs?.t, l.obs?.base])).toEqual([
      [T0, 0.05],
      [T0 + 15 * MIN, 0.05],
      [T0 + 30 * MIN, 0.06],
      [T0 + 45 * MIN, 0.06],
    ])
  })

  it('breaks the line where the recording stopped for more than twice the interval, and where the market left the list', () => {
    const points = withGaps(timeline([rec(T0, 0.05), rec(T0 + 3 * 3_600_000, 0.06), rec(T0 + 4 * 3_600_000, null, true), rec(T0 + 5 * 3_600_000, 0.07)], snaps(T0, T0 + 15 * MIN)))
    expect(points.map((p) => (isGap(p) ? 'gap' : p.base))).toEqual([0.05, 0.05, 'gap', 0.06, 'gap', 0.07])
    const steady = withGaps(timeline([rec(T0, 0.05)], snaps(T0, T0 + 15 * MIN, T0 + 30 * MIN)))
    expect(steady.some(isGap)).toBe(false)
  })

  it('keeps the points of a range, and thins a long one to real observations per round bucket', () => {
    const many = Array.from({ length: 3000 }, (_, i) => obs(T0 + i * 15 * MIN, i))
    expect(inRange(many, '24h', T0 + 2999 * 15 * MIN)).toHaveLength(97)
    const { points, minutes } = thin(many, 1500)
    expect(minutes).toBe(30)
    expect(points.length).toBeLessThanOrEqual(1500)
    expect(points.every((p) => !isGap(p) && Number.isInteger(p.base))).toBe(true)
  })
})

describe('the figures beside the charts', () => {
  const DAY = 86_400_000
  it('gives 1, 7 and 30 day changes, the 30-day mean and σ, and flags an outlier past 3 σ', () => {
    const calm = Array.from({ length: 40 }, (_, i) => obs(T0 + i * DAY, 0.05 + (i % 2 ? 0.001 : -0.001)))
    const stats = marketStats([...calm, obs(T0 + 40 * DAY, 0.09)])
    expect(stats.change1d).toBeCloseTo(0.09 - 0.051, 9)
    expect(stats.change7d).toBeCloseTo(0.09 - 0.051, 9)
    expect(stats.change30d).toBeCloseTo(0.09 - 0.049, 9)
    expect(stats.mean30d).toBeCloseTo(0.05, 3)
    expect(stats.sd30d).toBeCloseTo(0.001, 4)
    expect(stats.samples30d).toBe(30)
    expect(stats.outlier).toBe(true)
    expect(marketStats([...calm, obs(T0 + 40 * DAY, 0.0515)]).outlier).toBe(false)
  })

  it('says nothing it cannot know: no change without a point that old, no flag on a short record', () => {
    const stats = marketStats([obs(T0, 0.05), obs(T0 + 3_600_000, 0.5)])
    expect(stats).toMatchObject({ change1d: null, change7d: null, outlier: false, samples30d: 1 })
    expect(marketStats([])).toMatchObject({ present: null, mean30d: null, outlier: false })
  })
})
