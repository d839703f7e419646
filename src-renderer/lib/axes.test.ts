import { afterEach, describe, expect, it } from 'vitest'
import { niceStep, percentTickFormat, stepDecimals, timeAxis, usdTickFormat, valueAxis } from './axes'
import { setShowUtc } from './format'

afterEach(() => setShowUtc(false))

describe('niceStep', () => {
  it('rounds up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceStep(0.013)).toBe(0.02)
    expect(niceStep(1201)).toBe(2000)
    expect(niceStep(2.2)).toBe(2.5)
    expect(niceStep(7)).toBe(10)
    expect(niceStep(0)).toBe(1)
    expect(stepDecimals(0.25)).toBe(2)
    expect(stepDecimals(500)).toBe(0)
  })
})

describe('valueAxis', () => {
  it('draws a flat value flat: a 2-cent wobble on $300,440 gets a range of thousands', () => {
    const axis = valueAxis([300_440.56, 300_440.57, 300_440.58], { minStep: 0.01 })
    expect(axis.ticks).toEqual([296_000, 298_000, 300_000, 302_000, 304_000])
    expect(axis.domain).toEqual([296_000, 304_000])
    const labels = axis.ticks.map(usdTickFormat(axis.step))
    expect(labels[0]).toBe('$296,000')
    expect(new Set(labels).size).toBe(labels.length)
  })

  it('follows a real move with round, distinct ticks covering every value', () => {
    const values = [1_204.5, 1_390.25, 1_310]
    const axis = valueAxis(values, { minStep: 0.01 })
    expect(axis.ticks).toEqual([1_200, 1_250, 1_300, 1_350, 1_400])
    expect(Math.min(...values)).toBeGreaterThanOrEqual(axis.domain[0])
    expect(Math.max(...values)).toBeLessThanOrEqual(axis.domain[1])
  })

  it('never repeats a cent label, even for values a fraction of a cent apart', () => {
    const axis = valueAxis([0.01, 0.011], { minStep: 0.01 })
    const labels = axis.ticks.map(usdTickFormat(axis.step))
    expect(new Set(labels).size).toBe(labels.length)
    expect(axis.ticks.length).toBeGreaterThanOrEqual(2)
  })

  it('starts bars at zero and gives them several ticks', () => {
    const axis = valueAxis([2_817_282.55, 310_000], { fromZero: true })
    expect(axis.ticks).toEqual([0, 1_000_000, 2_000_000, 3_000_000])
    const weights = valueAxis([0.62, 0.38], { fromZero: true })
    expect(weights.ticks.map(percentTickFormat(weights.step))).toEqual(['0%', '20%', '40%', '60%', '80%'])
  })

  it('keeps a flat zero and a single value on a sensible axis', () => {
    expect(valueAxis([0, 0], { minStep: 0.01 }).ticks).toEqual([0, 0.01, 0.02, 0.03, 0.04, 0.05])
    expect(valueAxis([]).ticks.length).toBeGreaterThanOrEqual(2)
  })
})

describe('timeAxis', () => {
  const at = (iso: string) => Date.parse(iso)

  it('gives fetches within one minute second-level ticks with distinct labels', () => {
    setShowUtc(true)
    const axis = timeAxis([at('2026-11-25T11:48:03Z'), at('2026-11-25T11:48:21Z'), at('2026-11-25T11:48:52Z')])
    expect(axis.step).toBe(10_000)
    const labels = axis.ticks.map(axis.format)
    expect(labels[0]).toBe('11:48:00')
    expect(labels.at(-1)).toBe('11:49:00')
    expect(new Set(labels).size).toBe(labels.length)
  })

  it('puts the date in labels when the axis spans days, and days alone at day steps', () => {
    setShowUtc(true)
    const hours = timeAxis([at('2026-11-24T20:00:00Z'), at('2026-11-25T09:30:00Z')])
    expect(hours.step).toBe(3 * 3_600_000)
    expect(hours.ticks.map(hours.format)).toEqual(['11-24 18:00', '11-24 21:00', '11-25 00:00', '11-25 03:00', '11-25 06:00', '11-25 09:00', '11-25 12:00'])
    const days = timeAxis([at('2026-11-01T00:00:00Z'), at('2026-11-09T12:00:00Z')])
    expect(days.ticks.map(days.format)).toEqual(['11-01', '11-03', '11-05', '11-07', '11-09', '11-11'])
  })

  it('has distinct labels at every span from seconds to years', () => {
    const start = at('2026-01-01T00:00:00Z')
    for (const span of [900, 40_000, 3_600_000, 86_400_000, 30 * 86_400_000, 900 * 86_400_000]) {
      const axis = timeAxis([start, start + span])
      const labels = axis.ticks.map(axis.format)
      expect(new Set(labels).size, `span ${span}`).toBe(labels.length)
      expect(axis.ticks.length).toBeGreaterThanOrEqual(2)
    }
  })
})
