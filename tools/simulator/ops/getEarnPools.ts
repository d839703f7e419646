/**
 * GetEarnPools (deprecated). Filters combine with AND: `chainIds`, `protocols`
 * (protocol names or provider ids, case-insensitive), `minTvl` (USD), `maxApy` (a
 * percentage, like `apy`). Results are cached per distinct request for
 * EARN_POOLS_CACHE_MS of simulated time: a repeat within that time answers
 * `cached: true` with the `timestamp` of the original fetch.
 */
import type { OpRequest } from '../context'
import { iso } from '../materialise/common'

export const EARN_POOLS_CACHE_MS = 60_000

export function getEarnPools({ ctx, args }: OpRequest) {
  const chainIds = args.intArray('chainIds')
  const protocols = args.strArray('protocols')?.map((p) => p.toLowerCase())
  const minTvl = args.num('minTvl')
  const maxApy = args.num('maxApy')

  const pools = ctx.earnPools
    .filter(
      ({ providerId, pool: p }) =>
        (!chainIds?.length || chainIds.includes(p.chainId)) &&
        (!protocols?.length || protocols.includes(p.protocol.toLowerCase()) || protocols.includes(providerId)) &&
        (minTvl === undefined || p.tvl >= minTvl) &&
        (maxApy === undefined || p.apy <= maxApy),
    )
    .map((e) => e.pool)

  const key = JSON.stringify([chainIds ?? [], protocols ?? [], minTvl ?? null, maxApy ?? null])
  const now = ctx.clock.now()
  const fetchedAt = ctx.earnPoolsFetchedAt.get(key)
  const cached = fetchedAt !== undefined && now - fetchedAt < EARN_POOLS_CACHE_MS
  if (!cached) ctx.earnPoolsFetchedAt.set(key, now)
  return { pools, timestamp: iso(cached ? fetchedAt : now), cached }
}
