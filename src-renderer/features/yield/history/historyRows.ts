import { isGap, type HistoryPoint, type MarketObservation, type RateUnit } from '@contract/marketHistory'
import { toCsv, type CsvColumn } from '@contract/csv'
import { formatPercent } from '../../../lib/format'
import type { PlotRow } from './HistoryPlot'

/** The rows of a history chart; a break is a row of nulls, so no line is drawn across it. */
export function chartRows(points: readonly HistoryPoint[]): PlotRow[] {
  return points.map((p) =>
    isGap(p) ? { t: p.t, base: null, rewards: null, tvlUsd: null, tvl: null } : { t: p.t, base: p.base, rewards: p.rewards, tvlUsd: p.tvlUsd, tvl: p.tvl },
  )
}

/** The units of the newest observation: the rates' names say which is APY and which APR. */
export function unitsOf(points: readonly HistoryPoint[]): { base: RateUnit | null; rewards: RateUnit | null } {
  const last = points.findLast((p): p is MarketObservation => !isGap(p))
  return { base: last?.baseUnit ?? null, rewards: last?.rewardsUnit ?? null }
}

/** "Base rate (APY)", "Rewards (APR)", or without a unit when the service named none. */
export const rateName = (what: 'Base rate' | 'Rewards', unit: RateUnit | null): string => (unit ? `${what} (${unit})` : `${what} (unit not stated)`)

/** A change in rate units: "+0.42 pp" (percentage points), "—" when unknown. */
export function changeLabel(change: number | null): string {
  if (change === null) return '—'
  const pp = change * 100
  return `${pp > 0 ? '+' : pp < 0 ? '−' : '±'}${Math.abs(pp).toFixed(2)} pp`
}

export const rateLabel = (rate: number | null, unit: RateUnit | null): string =>
  rate === null ? '—' : `${formatPercent(rate)}${unit ? ` ${unit}` : ''}`

const observations = (points: readonly HistoryPoint[]): MarketObservation[] => points.filter((p): p is MarketObservation => !isGap(p))
const cell = (v: number | boolean | null) => (v === null ? '' : v)

const COLUMNS: CsvColumn<MarketObservation & { marketId: string }>[] = [
  { header: 'market_id', value: (o) => o.marketId },
  { header: 'time_utc', value: (o) => new Date(o.t).toISOString() },
  { header: 'base_rate', value: (o) => cell(o.base) },
  { header: 'base_unit', value: (o) => o.baseUnit ?? '' },
  { header: 'rewards_rate', value: (o) => cell(o.rewards) },
  { header: 'rewards_unit', value: (o) => o.rewardsUnit ?? '' },
  { header: 'tvl_token_units', value: (o) => cell(o.tvl) },
  { header: 'tvl_usd', value: (o) => cell(o.tvlUsd) },
  { header: 'utilization', value: (o) => cell(o.utilization) },
  { header: 'open_to_entry', value: (o) => cell(o.enter) },
  { header: 'open_to_exit', value: (o) => cell(o.exit) },
]

/** One line per recorded observation (rates as fractions); breaks are where lines are missing. Several markets: one file, a market after another. */
export function historiesCsv(histories: ReadonlyArray<{ marketId: string; points: readonly HistoryPoint[] }>): string {
  return toCsv(
    histories.flatMap((h) => observations(h.points).map((o) => ({ ...o, marketId: h.marketId }))),
    COLUMNS,
  )
}

/** A saved wallet set's recorded value: one line per snapshot. */
export function positionHistoryCsv(name: string, points: ReadonlyArray<{ t: number; usd: number } | { t: number; gap: true }>): string {
  const rows = points.filter((p): p is { t: number; usd: number } => !('gap' in p))
  return toCsv(rows, [
    { header: 'wallets', value: () => name },
    { header: 'time_utc', value: (p) => new Date(p.t).toISOString() },
    { header: 'value_usd', value: (p) => p.usd },
  ])
}

export function historyJson(marketId: string, points: readonly HistoryPoint[]): string {
  return `${JSON.stringify({ marketId, points }, null, 2)}\n`
}
