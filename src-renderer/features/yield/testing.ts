import type { YieldMarket } from '@contract/service'

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
