import type { IntentHistoryEntry, IntentStatus } from '@contract/service'
import { INTENT_STATUSES, knownStatus } from '@contract/service/constants'
import { EARLIEST_TIME_MS } from '@contract/service/bounds'
import { parseTime } from '../../lib/format'
import { percentile } from '../../lib/routeStats'
import { priceKey, type PriceKind } from '../../lib/priceSource'
import {
  addBalancePrices,
  addTokenInfo,
  knownPrices,
  legsOf,
  valueOfLegs,
  withLabels,
  type EntryLegs,
  type PriceKnowledge,
  type TokenInfo,
  type TokenPrice,
} from './pricing'
import { durationMs, isFinished } from '../../lib/outcomes'

/**
 * Figures over the loaded entries for the summary strip. Pure, so the strip and its
 * tests agree on exactly what each number means (see README.md).
 */

export type StatusKey = IntentStatus | 'UNKNOWN'
export const STATUS_KEYS: readonly StatusKey[] = [...INTENT_STATUSES, 'UNKNOWN']

const zeroCounts = () => Object.fromEntries(STATUS_KEYS.map((s) => [s, 0])) as Record<StatusKey, number>

// A status a newer service added counts with the ones not reported.
const statusOf = (e: IntentHistoryEntry): StatusKey => knownStatus(e.status ?? e.receipt?.status) ?? 'UNKNOWN'

/** Median of ascending values (mean of the middle two for an even count). */
export function median(sorted: readonly number[]): number | undefined {
  const n = sorted.length
  if (n === 0) return undefined
  const mid = Math.floor(n / 2)
  return n % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

const DAY = 86_400_000
/** The most days the chart draws: ten years of bars, so one far-off date cannot ask for millions. */
export const MAX_CHART_DAYS = 3660

/**
 * Where `after` goes on from `before` (the length of `before`) when it holds the same
 * entries first, as a list "load all" grows; -1 when it is another list. Compares objects,
 * not contents: a page fetched again is another list.
 */
export function extensionFrom<T>(before: readonly T[], after: readonly T[]): number {
  if (before.length > after.length) return -1
  for (let i = 0; i < before.length; i++) if (after[i] !== before[i]) return -1
  return before.length
}

/** A succeeded entry as volume reads it: its legs, and its origin token (to ask a price for when unpriced). */
type Succeeded = { legs: EntryLegs; token?: { key: string; chainId: number; contractAddress: string } }

function succeededOf(e: IntentHistoryEntry): Succeeded {
  const s = e.receipt?.summary
  const chainId = s?.originChainId ?? e.receipt?.originChainId
  const token = chainId !== undefined && s?.originTokenAddress ? { key: priceKey(chainId, s.originTokenAddress), chainId, contractAddress: s.originTokenAddress } : undefined
  return { legs: legsOf(e), token }
}

/** Volume of succeeded entries at every price known (see pricing.ts), with what is unpriced and why, summed an entry at a time. */
class VolumeTotals {
  private volumeUsd = 0
  private pricedCount = 0
  private pricedFrom: Record<PriceKind, number> = { quote: 0, balance: 0, service: 0 }
  private readonly used = new Map<string, { name: string; price: TokenPrice }>()
  private readonly tokens = new Map<string, { chainId: number; contractAddress: string }>()
  private readonly reasons = new Map<string, number>()

  constructor(
    /** The prices and token details every entry added is valued with. */
    readonly prices: ReadonlyMap<string, TokenPrice>,
    readonly info: ReadonlyMap<string, TokenInfo>,
  ) {}

  /** How many of the fold's succeeded entries are summed. */
  upTo = 0

  add({ legs, token }: Succeeded): void {
    const value = valueOfLegs(legs, this.prices, this.info)
    if ('unpriced' in value) {
      this.reasons.set(value.unpriced, (this.reasons.get(value.unpriced) ?? 0) + 1)
      if (token) this.tokens.set(token.key, { chainId: token.chainId, contractAddress: token.contractAddress })
    } else {
      this.volumeUsd += value.usd
      this.pricedCount++
      this.pricedFrom[value.from]++
      if (!this.used.has(value.key)) this.used.set(value.key, { name: value.name, price: this.prices.get(value.key)! })
    }
  }

  result() {
    return {
      /** USD value of what SUCCEEDED entries moved, for those whose token price is known. */
      volumeUsd: this.volumeUsd,
      pricedCount: this.pricedCount,
      /** How many priced entries took their price from a quote, from balance data, from the service. */
      pricedFrom: { ...this.pricedFrom },
      /** Why the other succeeded entries have no value, most common first. */
      unpriced: [...this.reasons].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
      /** The tokens of the unpriced entries, to ask the service's prices for. */
      unpricedTokens: [...this.tokens.values()],
      /** Each token that valued an entry, with the price it was valued at (its kind, time and quote): how the figure was priced. */
      pricedTokens: [...this.used.values()],
    }
  }
}

/** Whether two maps hold the same keys with equal values. */
function sameMap<V>(a: ReadonlyMap<string, V>, b: ReadonlyMap<string, V>, same: (x: V, y: V) => boolean): boolean {
  return a.size === b.size && [...a].every(([key, x]) => b.has(key) && same(x, b.get(key)!))
}

const samePrice = (x: TokenPrice, y: TokenPrice) => x.usd === y.usd && x.from === y.from && x.at === y.at && x.intentId === y.intentId
const sameToken = (x: TokenInfo, y: TokenInfo) => x.decimals === y.decimals && x.symbol === y.symbol

/**
 * The strip's figures kept as running totals. "Load all" grows the list a page at a time,
 * and the strip used to go over every loaded entry again on each page (120 ms of the
 * window's thread per page at 10,000); `update` folds in only the entries past those it
 * has seen, when the list extends the last one, and starts afresh otherwise. What a later
 * page can change for an earlier entry (a price its balances state, a token's decimals) is
 * kept per entry in the cheap form `summary` revalues: no amount is parsed twice. The
 * volume itself is summed only over the new entries while the prices and token details
 * stay as they were, and over all of them again when one changes.
 */
export class SummaryFold {
  private folded: readonly IntentHistoryEntry[] = []
  private counts = zeroCounts()
  private durations: number[] = []
  private sorted = true
  private succeeded: Succeeded[] = []
  private balancePrices = new Map<string, TokenPrice>()
  private entryInfo = new Map<string, TokenInfo>()
  /** Entries per UTC day, every day from 2009 on (which days are drawn is decided in `perDay`). */
  private byDay = new Map<number, DayBucket>()
  /** Entries created before 2009. */
  private early = 0
  /** The volume summed so far: a page adds its entries, a price or a token's details that changed sums all again. */
  private volume: VolumeTotals | undefined

  /** Folds in the entries of `entries` not yet seen; `this`, for chaining. */
  update(entries: readonly IntentHistoryEntry[]): this {
    let from = extensionFrom(this.folded, entries)
    if (from < 0) {
      this.reset()
      from = 0
    }
    for (let i = from; i < entries.length; i++) this.add(entries[i])
    this.folded = entries
    return this
  }

  private reset(): void {
    Object.assign(this, new SummaryFold())
  }

  private add(e: IntentHistoryEntry): void {
    const status = statusOf(e)
    this.counts[status]++
    const s = e.receipt?.summary
    const d = durationMs(status === 'UNKNOWN' ? undefined : status, parseTime(s?.startedAt), parseTime(s?.finishedAt))
    if (d !== undefined) {
      if (this.durations.length && d < this.durations[this.durations.length - 1]) this.sorted = false
      this.durations.push(d)
    }
    if (status === 'SUCCEEDED') this.succeeded.push(succeededOf(e))
    addBalancePrices(this.balancePrices, e)
    addTokenInfo(this.entryInfo, e)
    this.addDay(e, status)
  }

  private addDay(e: IntentHistoryEntry, status: StatusKey): void {
    const t = parseTime(e.createdAt ?? e.receipt?.createdAt)
    if (t === undefined) return
    if (t < EARLIEST_TIME_MS) {
      this.early++
      return
    }
    const day = Math.floor(t / DAY)
    let bucket = this.byDay.get(day)
    if (!bucket) this.byDay.set(day, (bucket = { day: '', ...zeroCounts() }))
    bucket[status]++
  }

  /** The figures over everything folded, priced with `knowledge` (see README.md for what each means). */
  summary(knowledge: PriceKnowledge = {}) {
    const { counts } = this
    if (!this.sorted) {
      this.durations.sort((a, b) => a - b)
      this.sorted = true
    }
    const durations = this.durations
    const finished = STATUS_KEYS.reduce((n, s) => n + (s !== 'UNKNOWN' && isFinished(s) ? counts[s] : 0), 0)
    const info = withLabels(this.entryInfo, knowledge.tokens)
    const prices = knownPrices(this.balancePrices, info, knowledge)
    return {
      total: this.folded.length,
      counts: { ...counts },
      /** Finished entries (`isFinished`, lib/outcomes.ts: SUCCEEDED, FAILED, ABORTED, REFUNDED). */
      finished,
      /** SUCCEEDED / finished; undefined while nothing has finished. */
      successRate: finished ? counts.SUCCEEDED / finished : undefined,
      /** Durations of succeeded entries (`durationMs`, lib/outcomes.ts), ms. */
      medianDurationMs: median(durations),
      p95DurationMs: percentile(durations, 95),
      timedCount: durations.length,
      ...this.volumeAt(prices, info),
      succeededCount: counts.SUCCEEDED,
    }
  }

  private volumeAt(prices: ReadonlyMap<string, TokenPrice>, info: ReadonlyMap<string, TokenInfo>) {
    const v = this.volume
    const totals = v && sameMap(v.prices, prices, samePrice) && sameMap(v.info, info, sameToken) ? v : (this.volume = new VolumeTotals(prices, info))
    for (; totals.upTo < this.succeeded.length; totals.upTo++) totals.add(this.succeeded[totals.upTo])
    return totals.result()
  }

  /**
   * Intents per UTC day by status, oldest day first, with empty days filled in so the
   * chart's time axis is even. Entries without a creation time are left out, and so are
   * those the chart cannot honestly span: a time before 2009 or after tomorrow (a clock or
   * a record is wrong), or more than `MAX_CHART_DAYS` days before the newest day drawn.
   * `leftOut` counts them, so the strip can say so.
   */
  perDay(now = Date.now()): { days: DayBucket[]; leftOut: number } {
    const lastAllowed = Math.floor(now / DAY) + 1
    let leftOut = this.early
    let last = -Infinity
    let first = Infinity
    for (const [d, bucket] of this.byDay) {
      if (d > lastAllowed) leftOut += bucketTotal(bucket)
      else [last, first] = [Math.max(last, d), Math.min(first, d)]
    }
    if (last === -Infinity) return { days: [], leftOut }
    first = Math.max(first, last - MAX_CHART_DAYS + 1)
    const days: DayBucket[] = []
    for (let d = first; d <= last; d++) {
      const bucket = this.byDay.get(d)
      days.push({ ...(bucket ?? zeroCounts()), day: new Date(d * DAY).toISOString().slice(0, 10) } as DayBucket)
    }
    for (const [d, bucket] of this.byDay) if (d < first) leftOut += bucketTotal(bucket)
    return { days, leftOut }
  }
}

const bucketTotal = (bucket: DayBucket) => STATUS_KEYS.reduce((n, s) => n + bucket[s], 0)

export type DayBucket = { day: string } & Record<StatusKey, number>

export type HistorySummary = ReturnType<SummaryFold['summary']>
