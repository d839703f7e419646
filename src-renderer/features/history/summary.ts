import type { IntentHistoryEntry, IntentStatus } from '@contract/service'
import { FINAL_STATUSES, INTENT_STATUSES, knownStatus } from '@contract/service/constants'
import { formatUnitsExact, parseTime } from '../../lib/format'
import { entryDurationMs } from './rows'

/**
 * Figures over the loaded entries for the summary strip. Pure, so the strip and its
 * tests agree on exactly what each number means (see README.md).
 */

export type StatusKey = IntentStatus | 'UNKNOWN'
export const STATUS_KEYS: readonly StatusKey[] = [...INTENT_STATUSES, 'UNKNOWN']

export interface HistorySummary {
  total: number
  counts: Record<StatusKey, number>
  /** Entries in a final status (SUCCEEDED, FAILED, ABORTED, REFUNDED). */
  finished: number
  /** SUCCEEDED / finished; undefined while nothing has finished. */
  successRate: number | undefined
  /** Receipt durations (finishedAt − startedAt), ms. */
  medianDurationMs: number | undefined
  p95DurationMs: number | undefined
  timedCount: number
  /** USD value of what SUCCEEDED entries moved, for those whose token price is known. */
  volumeUsd: number
  pricedCount: number
  succeededCount: number
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

const priceKey = (chainId: number | undefined, token: string | undefined) => `${chainId ?? '?'}:${(token ?? '').toLowerCase()}`

/**
 * Token prices the entries themselves report: history entries carry USD only in their
 * balance data (`priceUsd` per token), so those are the prices volume is valued at.
 */
export function learnPrices(entries: readonly IntentHistoryEntry[]): Map<string, number> {
  const prices = new Map<string, number>()
  for (const e of entries)
    for (const b of e.balances ?? [])
      for (const t of b.tokens ?? [])
        if (t.priceUsd !== undefined && Number.isFinite(Number(t.priceUsd)))
          prices.set(priceKey(t.chainId ?? b.chainId, t.contractAddress), Number(t.priceUsd))
  return prices
}

/** USD value of a SUCCEEDED entry's origin amount, when its token price is known. */
function movedUsd(e: IntentHistoryEntry, prices: ReadonlyMap<string, number>): number | undefined {
  const s = e.receipt?.summary
  const raw = s?.originTokenAmount ?? s?.quotedOriginTokenAmount
  const decimals = s?.originTokenMetadata?.decimals
  const price = prices.get(priceKey(s?.originChainId ?? e.receipt?.originChainId, s?.originTokenAddress))
  if (raw === undefined || decimals === undefined || price === undefined) return undefined
  // A display aggregate: double precision is plenty here, exports keep the exact amounts.
  return Number(formatUnitsExact(raw, decimals)) * price
}

export function summarise(entries: readonly IntentHistoryEntry[]): HistorySummary {
  const counts = zeroCounts()
  const durations: number[] = []
  const prices = learnPrices(entries)
  let volumeUsd = 0
  let pricedCount = 0
  for (const e of entries) {
    const status = statusOf(e)
    counts[status]++
    const d = entryDurationMs(e)
    if (d !== undefined) durations.push(d)
    if (status === 'SUCCEEDED') {
      const usd = movedUsd(e, prices)
      if (usd !== undefined) {
        volumeUsd += usd
        pricedCount++
      }
    }
  }
  durations.sort((a, b) => a - b)
  const finished = FINAL_STATUSES.reduce((n, s) => n + counts[s], 0)
  return {
    total: entries.length,
    counts,
    finished,
    successRate: finished ? counts.SUCCEEDED / finished : undefined,
    medianDurationMs: median(durations),
    p95DurationMs: percentile(durations, 95),
    timedCount: durations.length,
    volumeUsd,
    pricedCount,
    succeededCount: counts.SUCCEEDED,
  }
}

export type DayBucket = { day: string } & Record<StatusKey, number>

/**
 * Intents per UTC day by status, oldest day first, with empty days filled in so the
 * chart's time axis is even. Entries without a creation time are left out.
 */
export function intentsPerDay(entries: readonly IntentHistoryEntry[]): DayBucket[] {
  const byDay = new Map<number, DayBucket>()
  const DAY = 86_400_000
  for (const e of entries) {
    const t = parseTime(e.createdAt ?? e.receipt?.createdAt)
    if (t === undefined) continue
    const day = Math.floor(t / DAY)
    let bucket = byDay.get(day)
    if (!bucket) {
      bucket = { day: '', ...zeroCounts() }
      byDay.set(day, bucket)
    }
    bucket[statusOf(e)]++
  }
  if (byDay.size === 0) return []
  const days = [...byDay.keys()]
  const first = Math.min(...days)
  const last = Math.max(...days)
  const out: DayBucket[] = []
  for (let d = first; d <= last; d++) {
    const bucket = byDay.get(d) ?? { day: '', ...zeroCounts() }
    bucket.day = new Date(d * DAY).toISOString().slice(0, 10)
    out.push(bucket)
  }
  return out
}
