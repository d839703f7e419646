/**
 * Earn pools (the deprecated predecessor of yield markets): 40 lending markets on
 * mainnets, in the older flat shape. `apy` is a percentage (4.52 means 4.52%), unlike
 * the yield markets' decimal fractions; `tvl` is USD.
 */
import type { MarketCatalog, MarketEntry } from './markets'
import { roleAddress } from './materialise/common'
import { tokenLogoUri } from './tokens'

export const EARN_POOL_COUNT = 40

function earnPool(m: MarketEntry) {
  const t = m.token
  return {
    id: m.id,
    name: m.name,
    protocol: m.provider.name,
    chainId: m.chain.id,
    apy: Math.round(m.rewardRate * 10_000) / 100,
    tvl: m.tvlUsd,
    token: { symbol: t.symbol, name: t.name, address: t.address, decimals: t.decimals, logoUrl: tokenLogoUri(t.symbol) },
    depositAddress: roleAddress(`pool:${m.id}`, m.chain.id),
    isActive: m.market.status.enter,
    poolUrl: `https://app.example.com/${m.provider.id}/${m.id}`,
    protocolUrl: `https://docs.example.com/${m.provider.id}`,
    wrappedTokenGatewayAddress: m.provider.id === 'aave-v3' && t.symbol === 'WETH' ? roleAddress('weth-gateway', m.chain.id) : undefined,
  }
}

export type EarnPool = ReturnType<typeof earnPool>

export interface EarnPoolEntry {
  providerId: string
  pool: EarnPool
}

/** Every k-th mainnet lending market by id, so pools spread over providers and chains. */
export function earnPools(catalog: MarketCatalog): EarnPoolEntry[] {
  const lending = catalog.all.filter((m) => m.type === 'lending' && !m.chain.isTestnet).sort((a, b) => (a.id < b.id ? -1 : 1))
  const step = lending.length / EARN_POOL_COUNT
  return Array.from({ length: Math.min(EARN_POOL_COUNT, lending.length) }, (_, i) => {
    const m = lending[Math.floor(i * step)]
    return { providerId: m.provider.id, pool: earnPool(m) }
  })
}
