import { describe, expect, it } from 'vitest'
import { MAX_TICKS, timeAxis, valueAxis } from './axes'
import { RouteStatsBuilder } from './routeStats'

/**
 * Charts meet values from cached and imported records that no service check saw.
 * Issue 29: a time in year 9999 made a chart ask for millions of buckets; here the
 * axes and the route trend stay small and finish at once, whatever they are given.
 */

const quick = (f: () => unknown) => {
  const started = performance.now()
  const out = f()
  expect(performance.now() - started).toBeLessThan(500)
  return out
}

describe('axes over values no chart should see', () => {
  it('a value axis over ±1e308 (a span past Infinity) has at most MAX_TICKS ticks', () => {
    const axis = quick(() => valueAxis([-1e308, 1e308])) as ReturnType<typeof valueAxis>
    expect(axis.ticks.length).toBeLessThanOrEqual(MAX_TICKS)
  })

  it('a time axis from now to 8.64e15 ms (year 275760) has at most MAX_TICKS ticks', () => {
    const axis = quick(() => timeAxis([Date.UTC(2026, 10, 1), 8.64e15])) as ReturnType<typeof timeAxis>
    expect(axis.ticks.length).toBeLessThanOrEqual(MAX_TICKS)
    expect(() => axis.ticks.map(axis.format)).not.toThrow()
  })
})

describe('the route trend over hostile times', () => {
  it('counts an intent of year 9999 or NaN but draws no day for it', () => {
    const now = Date.UTC(2026, 10, 27)
    const b = new RouteStatsBuilder('all', now)
    const row = (createdAt: number) => ({ status: 'SUCCEEDED' as const, createdAt, originChainId: 1, destinationChainId: 8453, routeProviders: ['RELAY'] })
    b.add([row(Date.UTC(2026, 10, 20)), row(Date.parse('9999-12-31T00:00:00Z')), row(NaN), row(8.64e15)])
    const stats = quick(() => b.finish()) as ReturnType<RouteStatsBuilder['finish']>
    expect(stats.overall.count).toBe(4)
    expect(stats.overall.byDay.map((d) => d.day)).toEqual(['2026-11-20'])
  })
})
