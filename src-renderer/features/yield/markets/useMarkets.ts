import type { YieldGetMarketsRequest, YieldGetMarketsResponse } from '@contract/service'
import { queryMarkets } from '../../../db'
import { bridgeCall } from '../../../data/liveOrCached'
import { useServiceQuery } from '../../../data/useServiceQuery'

/** One page of markets, live or from the cache, for an already validated request. */
export function useMarkets(request: YieldGetMarketsRequest) {
  return useServiceQuery('yieldGetMarkets', request, (profileId) => ({
    live: () => bridgeCall('yieldGetMarkets', request),
    cached: () => readCachedMarketsPage(profileId, request),
  }))
}

/** The same request answered from the cache; undefined when nothing cached matches. */
export async function readCachedMarketsPage(
  profileId: string,
  request: YieldGetMarketsRequest,
): Promise<{ data: YieldGetMarketsResponse; fetchedAt: number } | undefined> {
  const limit = request.limit ?? 20
  const offset = request.offset ?? 0
  const r = await queryMarkets(profileId, {
    provider: request.provider,
    chainId: request.chainId === undefined ? undefined : String(request.chainId),
    type: request.type,
    search: request.search,
    sort: request.sort,
    limit,
    offset,
  })
  if (r.fetchedAt === undefined) return undefined
  return { data: { items: r.items, total: r.total, offset, limit }, fetchedAt: r.fetchedAt }
}
