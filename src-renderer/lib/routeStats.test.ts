import { describe, expect, it } from 'vitest'
import { MIN_P95_SAMPLES } from './outcomes'
import { MIN_SAMPLES, percentile, routeExpectation, RouteStatsBuilder, shareBelow, type StatsRow } from './routeStats'

const NOW = Date.UTC(2026, 10, 20, 12)
const DAY = 86_400_000

const row = (over: Partial<StatsRow>): StatsRow => ({ createdAt: NOW - 3_600_000, originChainId: 1, destinationChainId: 8453, routeProviders: ['RELAY'], ...over })
const succeeded = (seconds: number, over: Partial<StatsRow> = {}) =>
  row({ status: 'SUCCEEDED', startedAt: NOW - 3_000_000, finishedAt: NOW - 3_000_000 + seconds * 1000, ...over })

describe('percentile and shareBelow', () => {
  it('use the nearest rank and count strictly smaller values', () => {
    const sorted = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100]
    expect(percentile(sorted, 50)).toBe(50)
    expect(percentile(sorted, 95)).toBe(100)
    expect(percentile([], 50)).toBeUndefined()
    expect(shareBelow(sorted, 55)).toBe(0.5)
    expect(shareBelow(sorted, 10)).toBe(0)
    expect(shareBelow(sorted, 1000)).toBe(1)
  })
})

describe('RouteStatsBuilder', () => {
  it('counts, rates and times per route, per provider and overall, across batches', () => {
    const b = new RouteStatsBuilder('all', NOW)
    b.add([succeeded(30), succeeded(60), row({ status: 'REFUNDED' })])
    b.add([row({ status: 'FAILED', routeProviders: ['LIFI'] }), row({ status: 'EXECUTING' }), succeeded(120, { originChainId: 10, routeProviders: [] })])
    const s = b.finish()
    expect(s.rows).toBe(6)
    const main = s.routes.find((r) => r.key === '1->8453')!
    expect(main).toMatchObject({ count: 5, succeeded: 2, refunded: 1, failed: 1, settled: 4, successRate: 0.5, refundRate: 0.25, p50Ms: 30_000, p95Ms: 60_000 })
    expect(s.routes.find((r) => r.key === '10->8453')).toMatchObject({ count: 1, successRate: 1, p50Ms: 120_000 })
    expect(s.providers.map((p) => [p.provider, p.count])).toEqual([['RELAY', 4], ['AUTO', 1], ['LIFI', 1]])
    expect(s.overall).toMatchObject({ count: 6, succeeded: 3 })
    expect(Array.from(s.overall.durations)).toEqual([30_000, 60_000, 120_000])
  })

  it('does not count INVALID as finished: it never became an intent', () => {
    const b = new RouteStatsBuilder('all', NOW)
    b.add([succeeded(30), succeeded(40), succeeded(50), row({ status: 'FAILED' }), row({ status: 'INVALID' }), row({ status: 'INVALID' })])
    expect(b.finish().overall).toMatchObject({ count: 6, succeeded: 3, failed: 1, settled: 4, successRate: 0.75 })
  })

  it('keeps only the window and buckets by UTC day', () => {
    const b = new RouteStatsBuilder('7d', NOW)
    b.add([succeeded(30, { createdAt: NOW - 8 * DAY }), succeeded(40, { createdAt: NOW - 2 * DAY }), succeeded(50, { createdAt: NOW - 2 * DAY + 1000 }), row({ status: 'FAILED', createdAt: NOW - DAY })])
    const s = b.finish()
    expect(s.rows).toBe(3)
    expect(s.from).toBe(NOW - 7 * DAY)
    expect(s.overall.byDay).toEqual([
      { day: '2026-11-18', count: 2, succeeded: 2, failed: 0, refunded: 0, p50Ms: 40_000 },
      { day: '2026-11-19', count: 1, succeeded: 0, failed: 1, refunded: 0, p50Ms: undefined },
    ])
  })

  it('ignores times that run backwards and intents that did not succeed', () => {
    const b = new RouteStatsBuilder('all', NOW)
    b.add([row({ status: 'SUCCEEDED', startedAt: NOW, finishedAt: NOW - 1 }), row({ status: 'FAILED', startedAt: NOW - 5000, finishedAt: NOW })])
    expect(b.finish().overall.durations).toHaveLength(0)
  })
})

describe('routeExpectation', () => {
  const stats = (() => {
    const b = new RouteStatsBuilder('all', NOW)
    b.add(Array.from({ length: 100 }, (_, i) => succeeded(i + 1)))
    b.add([succeeded(10, { originChainId: 56 })])
    return b.finish()
  })()

  it('gives the route median, p95 and how much slower an elapsed time is', () => {
    expect(routeExpectation(stats, 1, 8453, 99_500)).toEqual({ typicalMs: 50_000, lateAfterMs: 95_000, slowerThan: 0.99, basis: 'route', samples: 100 })
  })

  it('draws nothing from a route with too few finished intents, or an unknown one', () => {
    expect(routeExpectation(stats, 56, 8453, 1000)).toBeUndefined()
    expect(routeExpectation(stats, 2, 3)).toBeUndefined()
    expect(routeExpectation(undefined, 1, 8453)).toBeUndefined()
  })

  it('needs as many timed intents as the definition module asks of a p95 (no "usually finish in" from fewer)', () => {
    expect(MIN_SAMPLES).toBe(MIN_P95_SAMPLES)
    const of = (n: number) => {
      const b = new RouteStatsBuilder('all', NOW)
      b.add(Array.from({ length: n }, (_, i) => succeeded(i + 1, { originChainId: 10 })))
      return b.finish()
    }
    expect(routeExpectation(of(MIN_P95_SAMPLES - 1), 10, 8453)).toBeUndefined()
    expect(routeExpectation(of(MIN_P95_SAMPLES), 10, 8453)).toMatchObject({ basis: 'route', samples: MIN_P95_SAMPLES })
  })
})
