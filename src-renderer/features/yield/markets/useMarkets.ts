import type { DataSource } from '@contract/app'
import type { YieldGetMarketsRequest } from '@contract/service'
import { bridgeCall } from '../../../data/liveOrCached'
import { useServiceQuery } from '../../../data/useServiceQuery'
import { matchesAnalystFilters, type AnalystFilters } from './analystFilters'
import { cachedPages, collectMarkets, livePages, readCachedMarketsPage } from './collectMarkets'

/**
 * One page of markets, live or from the cache, for an already validated request. With
 * analyst filters (`local`), every market matching the request's own filters is read (100
 * a call, in the request's order, written through), those filters applied here, and the
 * page cut from what is left.
 */
export function useMarkets(request: YieldGetMarketsRequest, local: AnalystFilters | null = null) {
  const plain = useServiceQuery('yieldGetMarkets', local ? null : request, (profileId) => ({
    live: (signal) => bridgeCall('yieldGetMarkets', request, { signal }),
    cached: () => readCachedMarketsPage(profileId, request),
  }))
  const filtered = useServiceQuery('filteredMarkets', local ? { request, local } : null, (profileId) => ({
    live: async (signal) => {
      let source: DataSource | undefined
      // A changed filter or page gives up the walk: each page's call carries the query's signal.
      const r = await filteredPage(request, local!, livePages(signal, (s) => (source = s)))
      return r.ok ? { ok: true, value: { data: r.page, source: source! } } : r
    },
    cached: async () => {
      let fetchedAt: number | undefined
      const r = await filteredPage(request, local!, cachedPages(profileId, (t) => (fetchedAt = Math.min(fetchedAt ?? t, t))))
      return r.ok && fetchedAt !== undefined ? { data: r.page, fetchedAt } : undefined
    },
  }))
  return local ? filtered : plain
}

/** Every market the request's filters match, through `fetchPage`, narrowed by the analyst filters and paged here. */
async function filteredPage(request: YieldGetMarketsRequest, local: AnalystFilters, fetchPage: Parameters<typeof collectMarkets>[1]) {
  const all = await collectMarkets({ ...request, offset: 0 }, fetchPage)
  if (!all.ok) return all
  const kept = all.markets.filter((m) => matchesAnalystFilters(m, local))
  const offset = request.offset ?? 0
  const limit = request.limit ?? 20
  return { ok: true as const, page: { items: kept.slice(offset, offset + limit), total: kept.length, offset, limit } }
}
