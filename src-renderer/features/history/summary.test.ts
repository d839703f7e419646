import { describe, expect, it } from 'vitest'
import type { IntentHistoryEntry, IntentStatus } from '@contract/service'
import { MAX_CHART_DAYS, SummaryFold, median } from './summary'
import type { PriceKnowledge } from './pricing'
import { balance, makeEntry, USDC, WETH } from './testing/entries'
import { percentile, RouteStatsBuilder } from '../../lib/routeStats'
import { priceKey } from '../../lib/priceSource'

const summarise = (entries: readonly IntentHistoryEntry[], knowledge?: PriceKnowledge) => new SummaryFold().update(entries).summary(knowledge)
const intentsPerDay = (entries: readonly IntentHistoryEntry[], now?: number) => new SummaryFold().update(entries).perDay(now)

const timed = (status: IntentStatus, seconds: number) =>
  makeEntry({ status, startedAt: '2026-11-01T10:00:00.000Z', finishedAt: new Date(Date.parse('2026-11-01T10:00:00.000Z') + seconds * 1000).toISOString() })

describe('percentile and median', () => {
  it('uses nearest rank for percentiles and the middle pair for an even median', () => {
    const xs = Array.from({ length: 20 }, (_, i) => i + 1)
    expect(percentile(xs, 95)).toBe(19)
    expect(percentile(xs, 100)).toBe(20)
    expect(percentile([5], 95)).toBe(5)
    expect(percentile([], 95)).toBeUndefined()
    expect(median([1, 2, 3, 10])).toBe(2.5)
    expect(median([1, 2, 9])).toBe(2)
    expect(median([])).toBeUndefined()
  })
})

describe('summarise', () => {
  it('counts statuses and rates success over finished intents only', () => {
    const s = summarise([
      makeEntry({ status: 'SUCCEEDED' }),
      makeEntry({ status: 'SUCCEEDED' }),
      makeEntry({ status: 'SUCCEEDED' }),
      makeEntry({ status: 'FAILED' }),
      makeEntry({ status: 'EXECUTING' }),
      makeEntry({ status: 'INVALID' }),
    ])
    expect(s.total).toBe(6)
    expect(s.counts).toMatchObject({ SUCCEEDED: 3, FAILED: 1, EXECUTING: 1, INVALID: 1, QUOTED: 0 })
    expect(s.finished).toBe(4)
    expect(s.successRate).toBe(0.75)
  })

  it('has no success rate while nothing has finished', () => {
    expect(summarise([makeEntry({ status: 'QUOTED' })]).successRate).toBeUndefined()
  })

  it('times succeeded entries only, from the receipt summary, skipping entries without both ends', () => {
    const s = summarise([timed('SUCCEEDED', 10), timed('SUCCEEDED', 20), timed('FAILED', 30), timed('SUCCEEDED', 400), makeEntry()])
    expect(s.timedCount).toBe(3)
    expect(s.medianDurationMs).toBe(20_000)
    expect(s.p95DurationMs).toBe(400_000)
  })

  it('agrees with Routes on the same intents: the same finished, succeeded and p95 (one definition in lib/outcomes)', () => {
    const statuses: IntentStatus[] = ['SUCCEEDED', 'SUCCEEDED', 'FAILED', 'INVALID', 'ABORTED', 'REFUNDED', 'EXECUTING', 'SUCCEEDED', 'INVALID']
    const entries = statuses.map((status, i) => timed(status, 30 + i * 17))
    const history = summarise(entries)
    const routes = new RouteStatsBuilder('all', Date.parse('2026-11-02T00:00:00.000Z'))
    routes.add(
      entries.map((e) => ({
        status: e.status as IntentStatus,
        createdAt: Date.parse('2026-11-01T09:00:00.000Z'),
        originChainId: 1,
        destinationChainId: 8453,
        routeProviders: [],
        startedAt: Date.parse(e.receipt!.summary!.startedAt as string),
        finishedAt: Date.parse(e.receipt!.summary!.finishedAt as string),
      })),
    )
    const o = routes.finish().overall
    // INVALID never became an intent: not finished, in either view.
    expect(history.finished).toBe(6)
    expect(o.settled).toBe(history.finished)
    expect(o.successRate).toBe(history.successRate)
    expect(o.p95Ms).toBe(history.p95DurationMs)
    expect(o.durations.length).toBe(history.timedCount)
  })

  it('values succeeded volume at prices the loaded balances report, and says how many it priced', () => {
    const s = summarise([
      // 2.5 WETH sent; a stuck WETH balance elsewhere prices WETH at 3000.
      makeEntry({ status: 'SUCCEEDED', originAmount: '2500000000000000000', originToken: { address: WETH, symbol: 'WETH', decimals: 18 } }),
      makeEntry({ status: 'FAILED', balances: [balance({ token: WETH, symbol: 'WETH', decimals: 18, raw: '1', usd: '0.000000000000003', price: '3000' })] }),
      // USDC has no known price: counted as unpriced.
      makeEntry({ status: 'SUCCEEDED', originAmount: '1500000' }),
    ])
    expect(s.volumeUsd).toBeCloseTo(7500, 6)
    expect(s.pricedCount).toBe(1)
    expect(s.succeededCount).toBe(2)
    expect(s.pricedFrom).toEqual({ quote: 0, balance: 1, service: 0 })
    expect(s.unpriced).toEqual([{ reason: 'USDC has no known price', count: 1 }])
  })

  it('prices succeeded entries from cached quotes and counts the unpriced by reason', () => {
    const DAI = '0x6b175474e89094c44da98b954eedeac495271d0f'
    const usdc = (amount: string) => makeEntry({ status: 'SUCCEEDED', originAmount: amount })
    const dai = () => makeEntry({ status: 'SUCCEEDED', originAmount: '1', originToken: { address: DAI, symbol: 'DAI', decimals: 18 } })
    const priced = [usdc('1500000'), usdc('250000000'), usdc('12345670000')]
    // One cached quote taught USDC on chain 1: 100 USDC quoted at $99.95.
    const intents = [{ intentId: '0xq', originChainId: 1, originTokenAddress: USDC, quote: { fromAmount: '100000000', fromAmountUsd: 99.95 } }]
    // The DAI entries received USDC on chain 8453, which nothing priced.
    const s = summarise([...priced, dai(), dai(), makeEntry({ status: 'FAILED' })], { intents })
    // (1.5 + 250 + 12,345.67) = 12,597.17 USDC x 0.9995 = 12,590.871415
    expect(s.volumeUsd).toBeCloseTo(12_590.871415, 6)
    expect(s.pricedCount).toBe(3)
    expect(s.succeededCount).toBe(5)
    expect(s.pricedFrom).toEqual({ quote: 3, balance: 0, service: 0 })
    expect(s.unpriced).toEqual([{ reason: 'DAI has no known price', count: 2 }])
  })
})

describe('intentsPerDay', () => {
  it('buckets by UTC day and status, filling empty days', () => {
    const { days, leftOut } = intentsPerDay(
      [
        makeEntry({ status: 'SUCCEEDED', createdAt: '2026-11-01T23:59:59.000Z' }),
        makeEntry({ status: 'FAILED', createdAt: '2026-11-01T00:00:00.000Z' }),
        makeEntry({ status: 'SUCCEEDED', createdAt: '2026-11-03T08:00:00.000Z' }),
      ],
      Date.UTC(2026, 10, 27),
    )
    expect(leftOut).toBe(0)
    expect(days.map((d) => d.day)).toEqual(['2026-11-01', '2026-11-02', '2026-11-03'])
    expect(days[0]).toMatchObject({ SUCCEEDED: 1, FAILED: 1 })
    expect(days[1]).toMatchObject({ SUCCEEDED: 0, FAILED: 0 })
    expect(days[2]).toMatchObject({ SUCCEEDED: 1 })
  })

  it('is empty for no entries', () => {
    expect(intentsPerDay([])).toEqual({ days: [], leftOut: 0 })
  })

  it('draws at most ten years of days and leaves far-off dates out, counted (issue 29: 9999-12-31 froze the page)', () => {
    const now = Date.UTC(2026, 10, 27)
    const started = performance.now()
    const { days, leftOut } = intentsPerDay(
      [
        makeEntry({ status: 'SUCCEEDED', createdAt: '2026-11-20T10:00:00.000Z' }),
        makeEntry({ status: 'SUCCEEDED', createdAt: '2010-01-01T10:00:00.000Z' }),
        makeEntry({ status: 'FAILED', createdAt: '9999-12-31T00:00:00.000Z' }),
        makeEntry({ status: 'FAILED', createdAt: '0001-01-02T00:00:00.000Z' }),
        makeEntry({ status: 'FAILED', createdAt: 8.64e15 as unknown as string }),
      ],
      now,
    )
    expect(performance.now() - started).toBeLessThan(500)
    expect(days.length).toBe(MAX_CHART_DAYS)
    expect(days[days.length - 1]).toMatchObject({ day: '2026-11-20', SUCCEEDED: 1 })
    // Before 2009, after tomorrow, unreadable, and the 2010 one more than ten years before the newest day.
    expect(leftOut).toBe(4)
  })
})

describe('SummaryFold (the strip\'s running totals while "load all" grows the list)', () => {
  const NOW = Date.UTC(2026, 10, 27)
  const list = () => {
    const statuses: IntentStatus[] = ['SUCCEEDED', 'FAILED', 'SUCCEEDED', 'EXECUTING', 'SUCCEEDED', 'REFUNDED']
    const entries = statuses.map((status, i) =>
      makeEntry({
        status,
        createdAt: `2026-11-${String(1 + i * 3).padStart(2, '0')}T10:00:00.000Z`,
        startedAt: '2026-11-01T10:00:00.000Z',
        finishedAt: new Date(Date.parse('2026-11-01T10:00:00.000Z') + (90 - i * 13) * 1000).toISOString(),
        originAmount: '2000000000000000000',
        originToken: { address: WETH, symbol: 'WETH', decimals: 18 },
      }),
    )
    // The last page states WETH's price: the first page's succeeded entries are priced by it.
    entries.push(makeEntry({ status: 'FAILED', createdAt: '9999-01-01T00:00:00.000Z', balances: [balance({ token: WETH, symbol: 'WETH', decimals: 18, raw: '1', price: '2500' })] }))
    return entries
  }

  it('folds page after page into the same figures as the whole list at once, a later page pricing earlier entries', () => {
    const all = list()
    const fold = new SummaryFold()
    fold.update(all.slice(0, 2))
    expect(fold.summary().pricedCount).toBe(0)
    fold.update(all.slice(0, 5))
    fold.update(all)
    const whole = summarise(all)
    expect(fold.summary()).toEqual(whole)
    expect(whole.pricedCount).toBe(3)
    expect(whole.volumeUsd).toBeCloseTo(15_000, 6)
    expect(whole.timedCount).toBe(3)
    expect(fold.perDay(NOW)).toEqual(intentsPerDay(all, NOW))
    expect(fold.perDay(NOW).leftOut).toBe(1)
  })

  it('sums the volume of each new page only while prices hold, and sums all again when a price changes', () => {
    const all = list()
    const book = (usd: number) => new Map([[priceKey(1, WETH), { usd, from: 'service' as const, at: 5 }]])
    const fold = new SummaryFold()
    const valued: number[] = []
    for (const end of [2, 4, 6, all.length]) {
      fold.update(all.slice(0, end))
      valued.push(fold.summary({ book: book(3000) }).volumeUsd)
    }
    expect(fold.summary({ book: book(3000) })).toEqual(summarise(all, { book: book(3000) }))
    expect(valued.at(-1)).toBeCloseTo(18_000, 6)
    // Another price for WETH values every entry again, the earlier pages' included.
    expect(fold.summary({ book: book(1000) })).toEqual(summarise(all, { book: book(1000) }))
    expect(fold.summary({ book: book(1000) }).volumeUsd).toBeCloseTo(6_000, 6)
    expect(fold.summary()).toEqual(summarise(all))
  })

  it('does not value an entry again while prices hold (the cost of a page is the page)', () => {
    const all = list()
    const fold = new SummaryFold().update(all.slice(0, 4))
    fold.summary()
    const summed = fold['volume']
    fold.update(all.slice(0, 6))
    expect(fold.summary()).toEqual(summarise(all.slice(0, 6)))
    // The same running sum went on: only the new page's entries were valued.
    expect(fold['volume']).toBe(summed)
    // The last entry states WETH's price for the first time: a changed price sums all again.
    fold.update(all)
    expect(fold.summary()).toEqual(summarise(all))
    const again = fold['volume']
    expect(again).not.toBe(summed)
    const more = [...all, makeEntry({ status: 'SUCCEEDED', originAmount: '1000000000000000000', originToken: { address: WETH, symbol: 'WETH', decimals: 18 } })]
    fold.update(more)
    expect(fold.summary()).toEqual(summarise(more))
    expect(fold.summary().pricedCount).toBe(4)
    expect(fold['volume']).toBe(again)
  })

  it('starts afresh when the list is not the last one extended (a filter changed, a reload)', () => {
    const all = list()
    const other = list()
    const fold = new SummaryFold().update(all)
    // Same length, other objects: nothing of the first list may remain.
    expect(fold.update(other.slice(0, 3)).summary()).toEqual(summarise(other.slice(0, 3)))
    expect(fold.update(other.slice(0, 1)).summary().total).toBe(1)
    expect(fold.update([other[1], other[0]]).summary()).toEqual(summarise([other[1], other[0]]))
  })

  it('reads each entry once however many pages follow it (the cost of a page is the page)', () => {
    const all = list()
    const fold = new SummaryFold().update(all.slice(0, 3))
    // A getter on an entry already folded counts reads of it from here on.
    let reads = 0
    const first = all[0]
    const spied = new Proxy(first, { get: (t, k) => (reads++, Reflect.get(t, k)) })
    all[0] = spied
    // The list no longer extends the folded one (its first entry is another object): afresh.
    fold.update(all)
    expect(reads).toBeGreaterThan(0)
    reads = 0
    fold.update([...all, makeEntry({ status: 'SUCCEEDED' })])
    fold.summary()
    expect(reads).toBe(0)
  })
})
