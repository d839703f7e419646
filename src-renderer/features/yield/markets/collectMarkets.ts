import type { YieldGetMarketsRequest, YieldGetMarketsResponse, YieldMarket } from '@contract/service'
import type { SvcError } from '@contract/errors'
import { hasNextPage } from '../../../lib/offsetPaging'

/** More than any service lists today; a guard against a service that never says "done". */
export const EXPORT_LIMIT = 10_000
const PAGE = 100

/**
 * Every market matching a request's filters (its own paging ignored), read page by page
 * in the request's order. `fetchPage` is the live call or the cache, whichever the view
 * is showing; the first failure ends the walk.
 */
export async function collectMarkets(
  request: YieldGetMarketsRequest,
  fetchPage: (r: YieldGetMarketsRequest) => Promise<{ ok: true; page: YieldGetMarketsResponse } | { ok: false; error: SvcError }>,
  onProgress?: (count: number) => void,
): Promise<{ ok: true; markets: YieldMarket[] } | { ok: false; error: SvcError }> {
  const markets: YieldMarket[] = []
  const seen = new Set<string>()
  let offset = 0
  for (;;) {
    const r = await fetchPage({ ...request, limit: PAGE, offset })
    if (!r.ok) return r
    for (const m of r.page.items) {
      // Markets may shift between pages while the list changes; keep each once.
      if (!seen.has(m.id)) {
        seen.add(m.id)
        markets.push(m)
      }
    }
    onProgress?.(markets.length)
    const window = { offset, limit: PAGE, count: r.page.items.length, total: r.page.total }
    if (!hasNextPage(window) || markets.length >= EXPORT_LIMIT || r.page.items.length === 0) break
    offset += PAGE
  }
  return { ok: true, markets }
}
