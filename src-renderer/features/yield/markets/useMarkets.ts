import type { YieldGetMarketsRequest, YieldGetMarketsResponse } from '@contract/service'
import { cacheMarkets, queryMarkets } from '../../../db'
import { call } from '../../../lib/call'
import { useLiveOrCached } from '../../../lib/useLiveOrCached'
import { useOfflineMode } from '../../../stores/cache'
import { useConnection } from '../../../stores/connection'

/** One page of markets, live or from the cache, for an already validated request. */
export function useMarkets(request: YieldGetMarketsRequest) {
  const profileId = useConnection((s) => s.info?.activeProfileId)
  const offline = useOfflineMode()
  const key = profileId === undefined ? null : JSON.stringify([profileId, request])

  return useLiveOrCached<YieldGetMarketsResponse>(key, offline, {
    live: () => call('yieldGetMarkets', request),
    save: ({ data, source }) => cacheMarkets(source, data.items),
    cached: () => readCachedMarketsPage(profileId!, request),
  })
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
