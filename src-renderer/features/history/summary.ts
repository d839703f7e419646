import type { IntentHistoryEntry, IntentStatus } from '@contract/service'
import { INTENT_STATUSES, knownStatus } from '@contract/service/constants'
import { EARLIEST_TIME_MS } from '@contract/service/bounds'
import { parseTime } from '../../lib/format'
import { learnPrices, tokenInfo, valueOfEntry, type PriceKnowledge, type PriceSource } from './pricing'
import { durationMs, isFinished } from '../../lib/outcomes'

/**
 * Figures over the loaded entries for the summary strip. Pure, so the strip and its
 * tests agree on exactly what each number means (see README.md).
 */

export type StatusKey = IntentStatus | 'UNKNOWN'
export const STATUS_KEYS: readonly StatusKey[] = [...INTENT_STATUSES, 'UNKNOWN']

export interface HistorySummary {
  total: number
  counts: Record<StatusKey, number>
  /** Finished entries (`isFinished`, lib/outcomes.ts: SUCCEEDED, FAILED, ABORTED, REFUNDED). */
  finished: number
  /** SUCCEEDED / finished; undefined while nothing has finished. */
  successRate: number | undefined
  /** Durations of succeeded entries (`durationMs`, lib/outcomes.ts), ms. */
  medianDurationMs: number | undefined
  p95DurationMs: number | undefined
  timedCount: number
  /** USD value of what SUCCEEDED entries moved, for those whose token price is known. */
  volumeUsd: number
  pricedCount: number
  succeededCount: number
  /** How many priced entries took their price from a quote, how many from balance data. */
  pricedFrom: Record<PriceSource, number>
  /** Why the other succeeded entries have no value, most common first. */
  unpriced: Array<{ reason: string; count: number }>
  unpricedTokens: Array<{ chainId: number; contractAddress: string }>
}

const zeroCounts = () => Object.fromEntries(STATUS_KEYS.map((s) => [s, 0])) as Record<StatusKey, number>

// A status a newer service added counts with the ones not reported.
const statusOf = (e: IntentHistoryEntry): StatusKey => knownStatus(e.status ?? e.receipt?.status) ?? 'UNKNOWN'

/** Nearest-rank percentile of ascending values: the smallest value with at least p% at or below it. */
export function percentile(sorted: readonly number[], p: number): number | undefined {
  if (sorted.length === 0) return undefined
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]
}

/** Median of ascending values (mean of the middle two for an even count). */
export function median(sorted: readonly number[]): number | undefined {
  const n = sorted.length
  if (n === 0) return undefined
  const mid = Math.floor(n / 2)
  return n % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

interface Volume {
  volumeUsd: number
  pricedCount: number
  pricedFrom: Record<PriceSource, number>
  unpriced: Array<{ reason: string; count: number }>
  /** The tokens of the unpriced entries, to ask the service's prices for. */
  unpricedTokens: Array<{ chainId: number; contractAddress: string }>
}

/** Volume of the SUCCEEDED entries at every price known (see pricing.ts), with what is unpriced and why. */
export function volumeOf(succeeded: readonly IntentHistoryEntry[], all: readonly IntentHistoryEntry[], knowledge: PriceKnowledge = {}): Volume {
  const prices = learnPrices(all, knowledge)
  const info = tokenInfo(all, knowledge.tokens)
  const out: Volume = { volumeUsd: 0, pricedCount: 0, pricedFrom: { quote: 0, balance: 0, service: 0 }, unpriced: [], unpricedTokens: [] }
  const tokens = new Map<string, { chainId: number; contractAddress: string }>()
  const reasons = new Map<string, number>()
  for (const e of succeeded) {
    const value = valueOfEntry(e, prices, info)
    if ('unpriced' in value) {
      reasons.set(value.unpriced, (reasons.get(value.unpriced) ?? 0) + 1)
      const s = e.receipt?.summary
      const chainId = s?.originChainId ?? e.receipt?.originChainId
      if (chainId !== undefined && s?.originTokenAddress) tokens.set(`${chainId}:${s.originTokenAddress.toLowerCase()}`, { chainId, contractAddress: s.originTokenAddress })
    } else {
      out.volumeUsd += value.usd
      out.pricedCount++
      out.pricedFrom[value.from]++
    }
  }
  out.unpricedTokens = [...tokens.values()]
  out.unpriced = [...reasons].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason))
  return out
}

export function summarise(entries: readonly IntentHistoryEntry[], knowledge: PriceKnowledge = {}): HistorySummary {
  const counts = zeroCounts()
  const durations: number[] = []
  const succeeded: IntentHistoryEntry[] = []
  for (const e of entries) {
    const status = statusOf(e)
    counts[status]++
    const s = e.receipt?.summary
    const d = durationMs(status === 'UNKNOWN' ? undefined : status, parseTime(s?.startedAt), parseTime(s?.finishedAt))
    if (d !== undefined) durations.push(d)
    if (status === 'SUCCEEDED') succeeded.push(e)
  }
  durations.sort((a, b) => a - b)
  const finished = STATUS_KEYS.reduce((n, s) => n + (s !== 'UNKNOWN' && isFinished(s) ? counts[s] : 0), 0)
  return {
    total: entries.length,
    counts,
    finished,
    successRate: finished ? counts.SUCCEEDED / finished : undefined,
    medianDurationMs: median(durations),
    p95DurationMs: percentile(durations, 95),
    timedCount: durations.length,
    ...volumeOf(succeeded, entries, knowledge),
    succeededCount: counts.SUCCEEDED,
  }
}

export type DayBucket = { day: string } & Record<StatusKey, number>

const DAY = 86_400_000
/** The most days the chart draws: ten years of bars, so one far-off date cannot ask for millions. */
export const MAX_CHART_DAYS = 3660

export interface PerDay {
  days: DayBucket[]
  /** Entries with a creation time outside the drawn days (before 2009, after tomorrow, or more than `MAX_CHART_DAYS` before the last day drawn). */
  leftOut: number
}

/**
 * Intents per UTC day by status, oldest day first, with empty days filled in so the
 * chart's time axis is even. Entries without a creation time are left out, and so are
 * those the chart cannot honestly span: a time before 2009 or after tomorrow (a clock or
 * a record is wrong), or more than `MAX_CHART_DAYS` days before the newest day drawn. `leftOut`
 * counts them, so the strip can say so.
 */
export function intentsPerDay(entries: readonly IntentHistoryEntry[], now = Date.now()): PerDay {
  const byDay = new Map<number, DayBucket>()
  const lastAllowed = Math.floor(now / DAY) + 1
  let leftOut = 0
  for (const e of entries) {
    const t = parseTime(e.createdAt ?? e.receipt?.createdAt)
    if (t === undefined) continue
    const day = Math.floor(t / DAY)
    if (day > lastAllowed || t < EARLIEST_TIME_MS) {
      leftOut++
      continue
    }
    let bucket = byDay.get(day)
    if (!bucket) byDay.set(day, (bucket = { day: '', ...zeroCounts() }))
    bucket[statusOf(e)]++
  }
  if (byDay.size === 0) return { days: [], leftOut }
  let last = -Infinity
  let first = Infinity
  for (const d of byDay.keys()) [last, first] = [Math.max(last, d), Math.min(first, d)]
  first = Math.max(first, last - MAX_CHART_DAYS + 1)
  const days: DayBucket[] = []
  for (let d = first; d <= last; d++) {
    const bucket = byDay.get(d) ?? { day: '', ...zeroCounts() }
    bucket.day = new Date(d * DAY).toISOString().slice(0, 10)
    days.push(bucket)
  }
  for (const [d, bucket] of byDay) if (d < first) leftOut += STATUS_KEYS.reduce((n, s) => n + bucket[s], 0)
  return { days, leftOut }
}
