import type { MarketHistory, MarketObservation, MarketStats, MarketSummary } from '@contract/marketHistory'
import type { YieldMarket } from '@contract/service'
import { answers } from '../../testing/bridge'

/**
 * Yield markets as the bridge delivers them (normalised), for the yield views' tests.
 * `n` varies the numbers so lists have a visible order.
 */
export function marketFixture(n: number, over: Partial<YieldMarket> = {}): YieldMarket {
  const usdc = { symbol: 'USDC', name: 'USD Coin', decimals: 6, network: 'base', address: `0x${'0c'.repeat(20)}` }
  return {
    id: `base-usdc-p${n}-lending`,
    network: 'base',
    chainId: 8453,
    providerId: `p${n}`,
    token: usdc,
    inputTokens: [usdc],
    rewardRate: {
      total: 0.04 + n / 1000,
      rateType: 'APY',
      components: [
        { rate: 0.04, rateType: 'APY', yieldSource: 'supply', token: usdc, description: 'Interest paid by borrowers' },
        { rate: n / 1000, rateType: 'APR', yieldSource: 'incentive', token: { symbol: 'OP' } },
      ],
    },
    status: { enter: n % 2 === 0, exit: true },
    metadata: { name: `Market ${n}` },
    mechanics: { type: 'lending' },
    statistics: { tvlUsd: String(1_000_000 * n), uniqueUsers: 100 * n },
    risk: { ratings: [{ rating: 'A', source: 'Exponential' }] },
    tags: ['stablecoin', 'lending'],
    ...over,
  }
}

/** A recorded observation as main answers it. */
export function observation(t: number, base: number, over: Partial<MarketObservation> = {}): MarketObservation {
  return { t, base, baseUnit: 'APY', rewards: 0.002, rewardsUnit: 'APR', tvl: 1_000_000, tvlUsd: 1_000_000, utilization: 0.5, enter: true, exit: true, ...over }
}

const NO_STATS: MarketStats = { present: null, change1d: null, change7d: null, change30d: null, mean30d: null, sd30d: null, samples30d: 0, outlier: false }

/**
 * Main's record as the yield views read it: `history` per market id (none by default),
 * and summaries from `summaries`.
 */
export function serveRecord(history: Record<string, Partial<MarketHistory>> = {}, summaries: Record<string, MarketSummary> = {}) {
  answers.set('getMarketHistory', (a: { marketId: string }) => ({
    ok: true,
    value: { marketId: a.marketId, points: [], stats: NO_STATS, firstAt: null, lastAt: null, ...history[a.marketId] },
  }))
  answers.set('getMarketHistories', (a: { marketIds: string[] }) => ({
    ok: true,
    value: a.marketIds.map((marketId) => ({ marketId, points: [], stats: NO_STATS, firstAt: null, lastAt: null, ...history[marketId] })),
  }))
  answers.set('getMarketSummaries', (a: { marketIds: string[] }) => ({
    ok: true,
    value: Object.fromEntries(a.marketIds.map((id) => [id, summaries[id] ?? { change7d: null, mean30d: null, lastAt: null }])),
  }))
}
