/**
 * YieldGetMarkets. Filters: `provider` (provider id, e.g. `aave-v3`), `chainId` (a
 * decimal string), `type` (`lending` or `vault`), `search` (case-insensitive substring
 * of id, name, provider and token). Sorts: rewardRateDesc (default), rewardRateAsc,
 * tvlDesc, tvlAsc, nameAsc; ties break by id. `limit` defaults to 50, at most 200.
 * The `payload` shape answers `{payload}`, the page of markets as a JSON string.
 * Rates, TVL and utilisation move with the simulated clock (`marketAt`).
 */
import type { OpRequest } from '../context'
import { invalidArgument } from '../errors'
import { marketAt, type MarketEntry } from '../markets'

export const MARKET_SORTS = ['rewardRateDesc', 'rewardRateAsc', 'tvlDesc', 'tvlAsc', 'nameAsc'] as const
export const DEFAULT_MARKET_LIMIT = 50
export const MAX_MARKET_LIMIT = 200

const byId = (a: MarketEntry, b: MarketEntry) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
const COMPARATORS: Record<(typeof MARKET_SORTS)[number], (a: MarketEntry, b: MarketEntry) => number> = {
  rewardRateDesc: (a, b) => b.rewardRate - a.rewardRate || byId(a, b),
  rewardRateAsc: (a, b) => a.rewardRate - b.rewardRate || byId(a, b),
  tvlDesc: (a, b) => b.tvlUsd - a.tvlUsd || byId(a, b),
  tvlAsc: (a, b) => a.tvlUsd - b.tvlUsd || byId(a, b),
  nameAsc: (a, b) => a.name.localeCompare(b.name, 'en') || byId(a, b),
}

export function yieldGetMarkets({ ctx, args }: OpRequest) {
  const provider = args.text('provider')?.toLowerCase()
  const chainId = args.text('chainId')
  if (chainId !== undefined && !/^\d+$/.test(chainId)) throw invalidArgument('chainId must be a chain id in decimal digits', 'chainId')
  const type = args.oneOf('type', ['lending', 'vault'] as const)
  const search = args.text('search')?.toLowerCase()
  const sort = args.oneOf('sort', MARKET_SORTS) ?? 'rewardRateDesc'
  const limit = args.int('limit', 1, MAX_MARKET_LIMIT) ?? DEFAULT_MARKET_LIMIT
  const offset = args.int('offset', 0) ?? 0

  const now = ctx.clock.now()
  const matching = ctx.markets.all
    .filter(
      (m) =>
        (provider === undefined || m.provider.id === provider) &&
        (chainId === undefined || String(m.chain.id) === chainId) &&
        (type === undefined || m.type === type) &&
        (search === undefined || m.searchText.includes(search)),
    )
    .map((m) => marketAt(m, now))
    .sort(COMPARATORS[sort])
  const nonEvm = ctx.wire.deployed ? ctx.markets.all[0]?.id : undefined
  // The deployed service lists markets on non-EVM networks, whose chainId is not a number.
  const items = matching.slice(offset, offset + limit).map((m) => (m.id === nonEvm ? { ...m.market, chainId: 'solana' } : m.market))
  if (ctx.shape === 'payload') return { payload: ctx.wire.renameOut(JSON.stringify(items)) }
  return { items, total: matching.length, offset, limit }
}
