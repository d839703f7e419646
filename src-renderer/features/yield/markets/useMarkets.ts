import type { DataSource, Fetched } from '@contract/app'
import type { Result, SvcError } from '@contract/errors'
import type { YieldGetMarketsRequest, YieldGetMarketsResponse } from '@contract/service'
import { queryMarkets } from '../../../db'
import { bridgeCall } from '../../../data/liveOrCached'
import { useServiceQuery } from '../../../data/useServiceQuery'
import { matchesAnalystFilters, type AnalystFilters } from './analystFilters'
import { collectMarkets } from './collectMarkets'

type PageOf = Parameters<typeof collectMarkets>[1]

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
    live: (signal) => liveFilteredPage(request, local!, signal),
    cached: () => cachedFilteredPage(profileId, request, local!),
  }))
  return local ? filtered : plain
}

async function liveFilteredPage(request: YieldGetMarketsRequest, local: AnalystFilters, signal?: AbortSignal): Promise<Result<Fetched<YieldGetMarketsResponse>>> {
  let source: DataSource | undefined
  const r = await filteredPage(request, local, async (page) => {
    // A changed filter or page gives up the walk: each page's call carries the query's signal.
    const answer = await bridgeCall('yieldGetMarkets', page, { signal })
    if (!answer.ok) return answer
    source = answer.value.source
    return { ok: true, page: answer.value.data }
  })
  return r.ok ? { ok: true, value: { data: r.page, source: source! } } : r
}

async function cachedFilteredPage(profileId: string, request: YieldGetMarketsRequest, local: AnalystFilters) {
  let fetchedAt: number | undefined
  const r = await filteredPage(request, local, async (page) => {
    const hit = await readCachedMarketsPage(profileId, page)
    if (hit) fetchedAt = Math.min(fetchedAt ?? hit.fetchedAt, hit.fetchedAt)
    return { ok: true, page: hit?.data ?? { items: [], total: 0, offset: page.offset ?? 0, limit: page.limit ?? 0 } }
  })
  return r.ok && fetchedAt !== undefined ? { data: r.page, fetchedAt } : undefined
}

/** Every market the request's filters match, through `fetchPage`, narrowed by the analyst filters and paged here. */
async function filteredPage(
  request: YieldGetMarketsRequest,
  local: AnalystFilters,
  fetchPage: PageOf,
): Promise<{ ok: true; page: YieldGetMarketsResponse } | { ok: false; error: SvcError }> {
  const all = await collectMarkets({ ...request, offset: 0 }, fetchPage)
  if (!all.ok) return all
  const kept = all.markets.filter((m) => matchesAnalystFilters(m, local))
  const offset = request.offset ?? 0
  const limit = request.limit ?? 20
  return { ok: true, page: { items: kept.slice(offset, offset + limit), total: kept.length, offset, limit } }
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
