import type { IntentStatus } from '@contract/service'
import { isSaneTime } from '@contract/service/bounds'
import { firstAtOrAfter } from '@contract/sorted'
import { durationMs, isFinished, MIN_P95_SAMPLES } from './outcomes'

/**
 * Route statistics: per route (origin chain → destination chain) and per provider, how
 * many intents, how often they succeed or are refunded, how long they take, by day.
 * Pure and incremental (rows are added in batches as the cache is read), so a worker
 * can compute them over 100,000 cached intents without holding the UI.
 */

export const STATS_WINDOWS = ['24h', '7d', '30d', '90d', 'all'] as const
export type StatsWindow = (typeof STATS_WINDOWS)[number]
const DAY = 86_400_000
export const WINDOW_MS: Record<StatsWindow, number | undefined> = { '24h': DAY, '7d': 7 * DAY, '30d': 30 * DAY, '90d': 90 * DAY, all: undefined }
export const WINDOW_LABEL: Record<StatsWindow, string> = { '24h': 'Last 24 hours', '7d': 'Last 7 days', '30d': 'Last 30 days', '90d': 'Last 90 days', all: 'Everything cached' }

/**
 * Fewer timed intents than this and a route's percentiles say little: no expectation is
 * drawn from them ("baseline incomplete"). The definition module's minimum for a p95, so a
 * verdict against a route's p95 never rests on a p95 that module would caveat.
 */
export const MIN_SAMPLES = MIN_P95_SAMPLES

/** The fields of a cached intent row the statistics read. */
export interface StatsRow {
  status?: IntentStatus
  /** epoch ms */
  createdAt: number
  originChainId?: number
  destinationChainId?: number
  routeProviders: readonly string[]
  startedAt?: number
  finishedAt?: number
}

export interface DayPoint {
  /** UTC day, YYYY-MM-DD */
  day: string
  count: number
  succeeded: number
  refunded: number
  failed: number
  p50Ms?: number
}

/** What identifies a group and how its intents ended. */
interface GroupCounts {
  key: string
  originChainId?: number
  destinationChainId?: number
  provider?: string
  count: number
  succeeded: number
  /** FAILED or ABORTED (refunds counted apart; INVALID is not finished, see lib/outcomes.ts) */
  failed: number
  refunded: number
}

export interface GroupStats extends GroupCounts {
  /** Finished intents (the rates' denominator, `isFinished` in lib/outcomes.ts): succeeded + failed + refunded. */
  settled: number
  successRate?: number
  refundRate?: number
  /** Durations (`durationMs` in lib/outcomes.ts), sorted ascending, ms. Typed, so sorting and handing it from the worker stay cheap. */
  durations: Float64Array
  p50Ms?: number
  p95Ms?: number
  byDay: DayPoint[]
}

export interface RouteStats {
  window: StatsWindow
  /** epoch ms; the window's start (undefined for everything) and the time it was computed */
  from?: number
  computedAt: number
  rows: number
  overall: GroupStats
  routes: GroupStats[]
  providers: GroupStats[]
}

interface Acc extends GroupCounts {
  durations: number[]
  /** By UTC day number (ms / day): a number key is cheap; it becomes a date only at the end. */
  days: Map<number, Tally>
}

/** Counts and durations of some intents: a group's, or one day's of it. */
type Tally = Pick<Acc, 'count' | 'succeeded' | 'failed' | 'refunded' | 'durations'>

const AUTO: readonly string[] = ['AUTO']
const routeKey = (origin: number | undefined, destination: number | undefined) => `${origin ?? '?'}->${destination ?? '?'}`
const dayText = (day: number) => new Date(day * DAY).toISOString().slice(0, 10)
/** Finished, and neither succeeded nor refunded: FAILED or ABORTED. */
const failedLike = (s: IntentStatus | undefined): boolean => isFinished(s) && s !== 'SUCCEEDED' && s !== 'REFUNDED'

/** Nearest-rank percentile of an ascending array: the smallest value with at least p% at or below it (routes and the History summary). */
export function percentile(sorted: ArrayLike<number>, p: number): number | undefined {
  if (!sorted.length) return undefined
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]
}

/** Share of the sorted values strictly below `value`, 0–1. */
export function shareBelow(sorted: ArrayLike<number>, value: number): number {
  return sorted.length ? firstAtOrAfter(sorted.length, (i) => sorted[i], value) / sorted.length : 0
}

function tally(t: Tally, s: IntentStatus | undefined, duration: number | undefined): void {
  t.count++
  if (s === 'SUCCEEDED') t.succeeded++
  else if (s === 'REFUNDED') t.refunded++
  else if (failedLike(s)) t.failed++
  if (duration !== undefined) t.durations.push(duration)
}

function addTo(acc: Acc, row: StatsRow, duration: number | undefined, day: number | undefined): void {
  tally(acc, row.status, duration)
  if (day === undefined) return
  let d = acc.days.get(day)
  if (!d) acc.days.set(day, (d = { count: 0, succeeded: 0, failed: 0, refunded: 0, durations: [] }))
  tally(d, row.status, duration)
}

/** Numbers sorted ascending by the typed array's native numeric sort (no comparator calls). */
const sortedOf = (values: number[]) => Float64Array.from(values).sort()

function finishGroup({ days, durations: unsorted, ...counts }: Acc): GroupStats {
  const durations = sortedOf(unsorted)
  const settled = counts.succeeded + counts.failed + counts.refunded
  const byDay = [...days.entries()]
    .sort(([a], [b]) => a - b)
    .map(([day, d]): DayPoint => ({ day: dayText(day), count: d.count, succeeded: d.succeeded, failed: d.failed, refunded: d.refunded, p50Ms: percentile(sortedOf(d.durations), 50) }))
  return {
    ...counts,
    settled,
    successRate: settled ? counts.succeeded / settled : undefined,
    refundRate: settled ? counts.refunded / settled : undefined,
    durations,
    p50Ms: percentile(durations, 50),
    p95Ms: percentile(durations, 95),
    byDay,
  }
}

const newAcc = (key: string, extra: Partial<Acc> = {}): Acc => ({ key, count: 0, succeeded: 0, failed: 0, refunded: 0, durations: [], days: new Map(), ...extra })

/** The group of `key`, made (with `extra`) on first use. */
const groupOf = (groups: Map<string, Acc>, key: string, extra: () => Partial<Acc>): Acc => groups.get(key) ?? groups.set(key, newAcc(key, extra())).get(key)!

/** Collects rows (in any order, in any number of batches) and then yields the statistics. */
export class RouteStatsBuilder {
  private readonly overall = newAcc('all')
  private readonly routes = new Map<string, Acc>()
  private readonly providers = new Map<string, Acc>()
  private rows = 0

  constructor(
    readonly window: StatsWindow,
    readonly now: number,
  ) {}

  /** The window's first moment (epoch ms), or undefined for everything. */
  get from(): number | undefined {
    const span = WINDOW_MS[this.window]
    return span === undefined ? undefined : this.now - span
  }

  add(rows: readonly StatsRow[]): void {
    const from = this.from
    for (const row of rows) {
      if (from !== undefined && row.createdAt < from) continue
      this.rows++
      const duration = durationMs(row.status, row.startedAt, row.finishedAt)
      // A time no intent can have (year 9999, NaN from an old cache) counts, but draws no day: the trend spans real days only.
      const day = row.createdAt && isSaneTime(row.createdAt, this.now) ? Math.floor(row.createdAt / DAY) : undefined
      addTo(this.overall, row, duration, day)
      const route = { originChainId: row.originChainId, destinationChainId: row.destinationChainId }
      addTo(groupOf(this.routes, routeKey(route.originChainId, route.destinationChainId), () => route), row, duration, day)
      // A provider named twice on one intent counts once.
      for (const p of new Set(row.routeProviders.length ? row.routeProviders : AUTO)) addTo(groupOf(this.providers, p, () => ({ provider: p })), row, duration, day)
    }
  }

  finish(): RouteStats {
    const byCount = (a: GroupStats, b: GroupStats) => b.count - a.count || a.key.localeCompare(b.key)
    return {
      window: this.window,
      from: this.from,
      computedAt: this.now,
      rows: this.rows,
      overall: finishGroup(this.overall),
      routes: [...this.routes.values()].map(finishGroup).sort(byCount),
      providers: [...this.providers.values()].map(finishGroup).sort(byCount),
    }
  }
}

/** How long a route usually takes, for SLA timers and the customer answer. */
export interface Expectation {
  /** Typical time to finish (the route's median, or the quote's estimate). */
  typicalMs: number
  /** Past this the intent counts as late (the route's p95, or twice the quote's estimate). */
  lateAfterMs: number
  /** Share of the route's finished intents that took less than this one has run, 0–1. */
  slowerThan?: number
  basis: 'route' | 'quote'
  /** Finished intents behind a route expectation. */
  samples?: number
}

const routeOf = (stats: RouteStats | undefined, origin: number | undefined, destination: number | undefined) =>
  stats?.routes.find((r) => r.key === routeKey(origin, destination))

/** How many durations the route's baseline rests on (0 for a route the statistics do not know). */
export const routeSamples = (stats: RouteStats | undefined, origin: number | undefined, destination: number | undefined): number =>
  routeOf(stats, origin, destination)?.durations.length ?? 0

/** The route's expectation for an intent that has run `elapsedMs`, when the route has enough history. */
export function routeExpectation(stats: RouteStats | undefined, origin: number | undefined, destination: number | undefined, elapsedMs?: number): Expectation | undefined {
  const route = routeOf(stats, origin, destination)
  if (!route || route.durations.length < MIN_SAMPLES || route.p50Ms === undefined || route.p95Ms === undefined) return undefined
  return {
    typicalMs: route.p50Ms,
    lateAfterMs: route.p95Ms,
    slowerThan: elapsedMs === undefined ? undefined : shareBelow(route.durations, elapsedMs),
    basis: 'route',
    samples: route.durations.length,
  }
}
