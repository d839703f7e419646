import type { DataSource } from '@contract/app'
import type { YieldGetMarketsRequest, YieldGetMarketsResponse, YieldMarket } from '@contract/service'
import type { SvcError } from '@contract/errors'
import { queryMarkets } from '../../../db'
import { bridgeCall } from '../../../data/liveOrCached'
import { hasNextPage } from '../../../lib/offsetPaging'

/** More than any service lists today; a guard against a service that never says "done". */
const EXPORT_LIMIT = 10_000
const PAGE = 100

type PageOf = (request: YieldGetMarketsRequest) => Promise<{ ok: true; page: YieldGetMarketsResponse } | { ok: false; error: SvcError }>

/** The same request answered from the cache; undefined when nothing cached matches. */
export async function readCachedMarketsPage(
  profileId: string,
  request: YieldGetMarketsRequest,
): Promise<{ data: YieldGetMarketsResponse; fetchedAt: number } | undefined> {
  const limit = request.limit ?? 20
  const offset = request.offset ?? 0
  const r = await queryMarkets(profileId, { ...request, limit, offset })
  if (r.fetchedAt === undefined) return undefined
  return { data: { items: r.items, total: r.total, offset, limit }, fetchedAt: r.fetchedAt }
}

/** Pages from the service, written through to the cache before they are used; `seen` hears where each came from. */
export const livePages =
  (signal?: AbortSignal, seen?: (source: DataSource) => void): PageOf =>
  async (request) => {
    const r = await bridgeCall('yieldGetMarkets', request, { signal })
    if (!r.ok) return r
    seen?.(r.value.source)
    return { ok: true, page: r.value.data }
  }

/** The same pages from the cache (empty when nothing cached matches); `seen` hears when each was fetched. */
export const cachedPages =
  (profileId: string, seen?: (fetchedAt: number) => void): PageOf =>
  async (request) => {
    const hit = await readCachedMarketsPage(profileId, request)
    if (hit) seen?.(hit.fetchedAt)
    return { ok: true, page: hit?.data ?? { items: [], total: 0, offset: request.offset ?? 0, limit: request.limit ?? 0 } }
  }

/**
 * Every market matching a request's filters (its own paging ignored), read page by page
 * in the request's order. `fetchPage` is the live call or the cache, whichever the view
 * is showing; the first failure ends the walk.
 */
export async function collectMarkets(
  request: YieldGetMarketsRequest,
  fetchPage: PageOf,
  onProgress?: (count: number) => void,
): Promise<{ ok: true; markets: YieldMarket[] } | { ok: false; error: SvcError }> {
  // By id, in the order first seen: markets may shift between pages while the list changes; each is kept once.
  const byId = new Map<string, YieldMarket>()
  for (let offset = 0; ; offset += PAGE) {
    const r = await fetchPage({ ...request, limit: PAGE, offset })
    if (!r.ok) return r
    for (const m of r.page.items) if (!byId.has(m.id)) byId.set(m.id, m)
    onProgress?.(byId.size)
    const window = { offset, limit: PAGE, count: r.page.items.length, total: r.page.total }
    if (!hasNextPage(window) || byId.size >= EXPORT_LIMIT || r.page.items.length === 0) break
  }
  return { ok: true, markets: [...byId.values()] }
}
