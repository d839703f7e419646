import type { Fetched } from '@contract/app'
import type { Result } from '@contract/errors'
import type { YieldGetMarketsRequest, YieldMarket } from '@contract/service'
import { readMarket } from '../../../db'
import { bridgeCall } from '../../../data/liveOrCached'
import { useServiceQuery } from '../../../data/useServiceQuery'
import { hasNextPage } from '../../../lib/offsetPaging'

const SCAN_PAGE = 100
/** Pages read before giving up; far beyond any market list the service serves today. */
const MAX_PAGES = 100

/**
 * The service has no "get one market" call. A search for the id finds the market in one
 * call where the service's free-text search covers ids; otherwise the list is read page
 * by page. Every page read is written through to the cache on the way.
 */
async function findMarket(id: string): Promise<Result<Fetched<YieldMarket>>> {
  const attempts: YieldGetMarketsRequest[] = [{ search: id, limit: SCAN_PAGE }]
  for (let page = 0; page < MAX_PAGES; page++) attempts.push({ limit: SCAN_PAGE, offset: page * SCAN_PAGE })
  for (const [n, request] of attempts.entries()) {
    const r = await bridgeCall('yieldGetMarkets', request)
    if (!r.ok) return r
    const { items, total } = r.value.data
    const market = items.find((m) => m.id === id)
    if (market) return { ok: true, value: { data: market, source: r.value.source } }
    const scanning = n > 0
    if (scanning && (!items.length || !hasNextPage({ offset: request.offset ?? 0, limit: SCAN_PAGE, count: items.length, total }))) break
  }
  return {
    ok: false,
    error: { kind: 'NotFound', operation: 'YieldGetMarkets', message: `The service lists no yield market with the id “${id}”.` },
  }
}

/** One market: from the service's list, or from the cache when offline. */
export function useMarket(id: string) {
  return useServiceQuery('yieldMarket', { id }, (profileId) => ({
    live: () => findMarket(id),
    cached: async () => {
      const hit = await readMarket(profileId, id)
      return hit && { data: hit.market, fetchedAt: hit.fetchedAt }
    },
  }))
}
