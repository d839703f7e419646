import type { ChainInfo, YieldGetMarketsRequest } from '@contract/service'
import type { SvcError } from '@contract/errors'
import { toCsv } from '@contract/csv'
import { datedFilename, downloadText } from '../../../lib/download'
import { matchesAnalystFilters, type AnalystFilters } from './analystFilters'
import { collectMarkets } from './collectMarkets'
import { liveMarketsPage } from './liveMarketsPage'
import { marketCsvColumns } from './marketsCsv'
import { readCachedMarketsPage } from './useMarkets'

/**
 * Saves every market matching the filters as CSV, from the service, or from the cache
 * when the view is showing cached data. Live pages are written through like any other.
 */
export async function exportMarketsCsv(opts: {
  request: YieldGetMarketsRequest
  /** The filters the view applies itself, when any: the file holds the table as filtered. */
  local?: AnalystFilters | null
  fromCache: boolean
  profileId: string
  chains: ReadonlyMap<number, ChainInfo>
  onProgress?: (count: number) => void
}): Promise<{ ok: true; count: number } | { ok: false; error: SvcError }> {
  const r = await collectMarkets(
    { ...opts.request, offset: 0 },
    async (page) => {
      if (!opts.fromCache) return liveMarketsPage(page)
      const hit = await readCachedMarketsPage(opts.profileId, page)
      return { ok: true, page: hit?.data ?? { items: [], total: 0, offset: page.offset ?? 0, limit: page.limit ?? 0 } }
    },
    opts.onProgress,
  )
  if (!r.ok) return r
  const local = opts.local
  const markets = local ? r.markets.filter((m) => matchesAnalystFilters(m, local)) : r.markets
  downloadText(toCsv(markets, marketCsvColumns(opts.chains)), datedFilename('yield-markets', 'csv'), 'text/csv')
  return { ok: true, count: markets.length }
}
