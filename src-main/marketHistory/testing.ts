import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach } from 'vitest'
import type { MarketObservation } from '../../src-shared/contract/marketHistory'
import type { YieldMarket } from '../../src-shared/contract/service'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

/** A fresh folder removed after the test. */
export function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'market-history-'))
  dirs.push(d)
  return d
}

/** A market as the client hands it over: a base APY, an optional rewards APR, TVL and utilisation. */
export function market(id: string, base: number, over: { rewards?: number; tvlUsd?: string; enter?: boolean } = {}): YieldMarket {
  return {
    id,
    token: { symbol: 'USDC', decimals: 6 },
    rewardRate: {
      total: base + (over.rewards ?? 0),
      rateType: 'APY',
      components: [
        { rate: base, rateType: 'APY', yieldSource: 'supply', token: { symbol: 'USDC' } },
        ...(over.rewards !== undefined ? [{ rate: over.rewards, rateType: 'APR', yieldSource: 'incentive', token: { symbol: 'OP' } }] : []),
      ],
    },
    statistics: { tvlUsd: over.tvlUsd ?? '1000000.00', tvl: over.tvlUsd ?? '1000000.00' },
    state: { liquidityState: { utilization: 0.5 } },
    status: { enter: over.enter ?? true, exit: true },
  } as YieldMarket
}

export const obs = (t: number, base: number | null, over: Partial<MarketObservation> = {}): MarketObservation => ({
  t,
  base,
  baseUnit: 'APY',
  rewards: null,
  rewardsUnit: null,
  tvl: 1000,
  tvlUsd: 1000,
  utilization: 0.5,
  enter: true,
  exit: true,
  ...over,
})
