import { z } from 'zod'
import { YieldBalanceQuerySchema, type RewardComponent, type YieldMarket } from './service'

/**
 * Market history: what main records of every yield market it sees (the service keeps no
 * history) and answers from. `splitRate` is the one place a market's rate is cut into its
 * base and rewards rates.
 */

/** `APY`, `APR`, or absent when the service did not say (or its parts disagree). */
export type RateUnit = 'APY' | 'APR'

export interface RateSplit {
  /** The market's own rate (interest, staking, vault), a decimal fraction. */
  base?: number
  baseUnit?: RateUnit
  /** Incentives, points and campaigns paid on top, a decimal fraction. */
  rewards?: number
  rewardsUnit?: RateUnit
}

const unitOf = (t: string | undefined): RateUnit | undefined => {
  const u = t?.trim().toUpperCase()
  return u === 'APY' || u === 'APR' ? u : undefined
}

/** A component paid on top of the market's own rate: an incentive, a campaign, points, or a token other than the market's. */
export function isRewardComponent(c: RewardComponent, marketToken?: string): boolean {
  if (/incentive|campaign|points|reward|airdrop/i.test(c.yieldSource ?? '')) return true
  if (c.token?.isPoints) return true
  const symbol = c.token?.symbol
  return symbol !== undefined && marketToken !== undefined && symbol.toUpperCase() !== marketToken.toUpperCase()
}

function sumOf(parts: RewardComponent[]): { rate?: number; unit?: RateUnit } {
  const rates = parts.filter((c) => typeof c.rate === 'number' && Number.isFinite(c.rate))
  if (rates.length === 0) return {}
  const units = new Set(rates.map((c) => unitOf(c.rateType)))
  const unit = units.size === 1 ? [...units][0] : undefined
  return { rate: rates.reduce((s, c) => s + (c.rate as number), 0), unit }
}

/**
 * Splits a market's rate into base and rewards, each with its own unit. Without
 * components the total is the base rate, in the unit the service names.
 */
export function splitRate(m: Pick<YieldMarket, 'rewardRate' | 'token'>): RateSplit {
  const rate = m.rewardRate
  const parts = rate?.components ?? []
  if (parts.length === 0) {
    return rate?.total === undefined ? {} : { base: rate.total, baseUnit: unitOf(rate.rateType) }
  }
  const symbol = m.token?.symbol
  const base = sumOf(parts.filter((c) => !isRewardComponent(c, symbol)))
  const rewards = sumOf(parts.filter((c) => isRewardComponent(c, symbol)))
  return { base: base.rate, baseUnit: base.unit, rewards: rewards.rate, rewardsUnit: rewards.unit }
}

/** Periods per year the APR → APY conversion assumes when the service states none (daily). */
export const ESTIMATE_PERIODS_PER_YEAR = 365

export const aprToApy = (apr: number, periodsPerYear = ESTIMATE_PERIODS_PER_YEAR): number =>
  Math.pow(1 + apr / periodsPerYear, periodsPerYear) - 1

/** A total APY: exact when both parts are APY; an APR part is converted assuming daily compounding, and the total says so. */
export function totalApy(split: RateSplit): { apy: number; estimate: boolean; how?: string } | undefined {
  if (split.base === undefined && split.rewards === undefined) return undefined
  const parts = [
    { rate: split.base, unit: split.baseUnit },
    { rate: split.rewards, unit: split.rewardsUnit },
  ].filter((p): p is { rate: number; unit: RateUnit | undefined } => p.rate !== undefined)
  if (parts.some((p) => p.unit === undefined)) {
    return { apy: parts.reduce((s, p) => s + p.rate, 0), estimate: true, how: 'a rate without a stated unit is added as if it were APY' }
  }
  const converted = parts.some((p) => p.unit === 'APR')
  const apy = parts.reduce((s, p) => s + (p.unit === 'APR' ? aprToApy(p.rate) : p.rate), 0)
  return converted ? { apy, estimate: true, how: 'APR converted to APY assuming daily compounding (the service states none)' } : { apy, estimate: false }
}

// ---- the record -------------------------------------------------------------------

/** One market as one snapshot saw it. Absent figures are null. */
export interface MarketObservation {
  /** epoch ms */
  t: number
  base: number | null
  baseUnit: RateUnit | null
  rewards: number | null
  rewardsUnit: RateUnit | null
  /** TVL in the market token's units (a chart figure: kept as a 32-bit float). */
  tvl: number | null
  tvlUsd: number | null
  utilization: number | null
  enter: boolean | null
  exit: boolean | null
}

/** A point of a history chart, or a break where the recording stopped (`gap`). */
export type HistoryPoint = MarketObservation | { t: number; gap: true }

export const isGap = (p: HistoryPoint): p is { t: number; gap: true } => 'gap' in p

export const HISTORY_RANGES = ['24h', '7d', '30d', 'all'] as const
export type HistoryRange = (typeof HISTORY_RANGES)[number]

/** Points a chart's history carries by default (about one per pixel of a wide chart); longer ranges are thinned to it. */
export const DEFAULT_HISTORY_POINTS = 500
/** Most points one answer carries (an export asks for this many: 90 days of 15-minute snapshots fit). */
export const MAX_HISTORY_POINTS = 20_000

/** Figures beside the charts, computed on the base rate (its own unit) over every recorded point. */
export interface MarketStats {
  present: MarketObservation | null
  /** Base-rate change (absolute, in rate units) over 1, 7 and 30 days; null without a point that old. */
  change1d: number | null
  change7d: number | null
  change30d: number | null
  /** Mean and population standard deviation of the base rate over the 30 days before the present point. */
  mean30d: number | null
  sd30d: number | null
  samples30d: number
  /** The present base rate is more than 3 σ from the 30-day mean (needs `MIN_OUTLIER_SAMPLES`). */
  outlier: boolean
}

/** Earlier points needed before a present value is called an outlier. */
export const MIN_OUTLIER_SAMPLES = 5
export const OUTLIER_SIGMAS = 3

export interface MarketHistory {
  marketId: string
  points: HistoryPoint[]
  /** Minutes per point when the range held more points than asked for (the last observation of each bucket). */
  thinnedToMinutes?: number
  stats: MarketStats
  /** epoch ms of the first and last recorded observation; null when nothing was recorded. */
  firstAt: number | null
  lastAt: number | null
}

export type MarketSummary = Pick<MarketStats, 'change7d' | 'mean30d'> & { lastAt: number | null }

const marketId = z.string().min(1).max(512)

export const MarketHistoryArgsSchema = z.strictObject({
  marketId,
  range: z.enum(HISTORY_RANGES).default('30d'),
  /** At most this many points (default `DEFAULT_HISTORY_POINTS`); an export asks for `MAX_HISTORY_POINTS`. */
  points: z.number().int().min(10).max(MAX_HISTORY_POINTS).optional(),
})
export const MarketHistoriesArgsSchema = z.strictObject({
  marketIds: z.array(marketId).min(1, 'Pick at least one market').max(4, 'Compare at most 4 markets'),
  range: z.enum(HISTORY_RANGES).default('30d'),
})
export const MarketSummariesArgsSchema = z.strictObject({
  marketIds: z.array(marketId).max(200, 'At most 200 markets at once'),
})

// ---- the recorder -----------------------------------------------------------------

export const RECORDER_LIMITS = {
  minIntervalMinutes: 5,
  maxIntervalMinutes: 360,
  defaultIntervalMinutes: 15,
  /** Days kept; older records are pruned. */
  retentionDays: 90,
  /** The record never grows past this; the oldest records go first. */
  maxBytes: 200 * 1024 * 1024,
} as const

export const RecorderSettingsSchema = z.strictObject({
  /** null: the recorder is off. */
  intervalMinutes: z
    .number()
    .int('Whole minutes')
    .min(RECORDER_LIMITS.minIntervalMinutes, `At least ${RECORDER_LIMITS.minIntervalMinutes} minutes`)
    .max(RECORDER_LIMITS.maxIntervalMinutes, `At most ${RECORDER_LIMITS.maxIntervalMinutes / 60} hours`)
    .nullable(),
})
export type RecorderSettings = z.output<typeof RecorderSettingsSchema>

export interface RecorderState extends RecorderSettings {
  profileId: string
  /** epoch ms of the last snapshot of every market (by the recorder), and of the next. */
  lastSnapshotAt: number | null
  nextSnapshotAt: number | null
  markets: number
  bytesOnDisk: number
  /** Why the last scheduled snapshot failed, if it did. */
  lastError?: string
}

// ---- positions of saved wallets --------------------------------------------------------

/** Wallets the analyst saved: the recorder looks their positions up at every snapshot; `addedAt` in epoch ms. */
export const WalletSetSchema = z.object({ id: z.string(), name: z.string(), queries: z.array(YieldBalanceQuerySchema), addedAt: z.number() })
export type WalletSet = z.output<typeof WalletSetSchema>

/** Total USD value of a saved wallet set at each snapshot, with breaks where the recording stopped. */
export interface PositionHistory {
  setId: string
  points: Array<{ t: number; usd: number } | { t: number; gap: true }>
  lastError?: string
}

export const MAX_WALLET_SETS = 20
/** Queries a saved set may hold: the recorder asks for them at every snapshot (25 a request). */
export const MAX_WALLET_SET_QUERIES = 100

export const WalletSetArgsSchema = z.strictObject({
  name: z.string().trim().min(1, 'Name the wallets').max(80),
  queries: z.array(YieldBalanceQuerySchema).min(1, 'Add at least one wallet').max(MAX_WALLET_SET_QUERIES, `At most ${MAX_WALLET_SET_QUERIES} queries in a recorded set`),
})
export const WalletSetIdArgsSchema = z.strictObject({ id: z.string().min(1).max(64) })
