import { splitRate, type MarketObservation } from '../../src-shared/contract/marketHistory'
import type { YieldMarket } from '../../src-shared/contract/service'

const num = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN
  return Number.isFinite(n) ? n : null
}

/**
 * What the record keeps of a market: its base and rewards rates, each in its own unit
 * (`splitRate`, the one split), TVL in token units and USD, utilisation, entry and exit.
 */
export function observe(m: YieldMarket, t: number): MarketObservation {
  const split = splitRate(m)
  return {
    t,
    base: split.base ?? null,
    baseUnit: split.baseUnit ?? null,
    rewards: split.rewards ?? null,
    rewardsUnit: split.rewardsUnit ?? null,
    tvl: num(m.statistics?.tvl),
    tvlUsd: num(m.statistics?.tvlUsd),
    utilization: num(m.state?.liquidityState?.utilization),
    enter: m.status?.enter ?? null,
    exit: m.status?.exit ?? null,
  }
}

/** A page or a full listing, keyed by market id (a repeated id keeps its last entry). */
export function observeAll(markets: readonly YieldMarket[], t: number): Map<string, MarketObservation> {
  return new Map(markets.map((m) => [m.id, observe(m, t)]))
}
