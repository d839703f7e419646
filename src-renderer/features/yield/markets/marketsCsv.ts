import type { ChainInfo, YieldGetMarketsRequest, YieldMarket } from '@contract/service'
import type { SvcError } from '@contract/errors'
import { toCsv, type CsvColumn } from '@contract/csv'
import { datedFilename, downloadText } from '../../../lib/download'
import { matchesAnalystFilters, type AnalystFilters } from './analystFilters'
import { cachedPages, collectMarkets, livePages } from './collectMarkets'
import { networkLabel } from './marketColumns'
import { csvList, marketName, rewardComponentLines } from './marketText'

/**
 * One row per market. Rates stay decimal fractions as the service sent them (0.045 is
 * 4.5 %), so spreadsheets can compute with them; USD figures are numbers, not text.
 */
export function marketCsvColumns(chains: ReadonlyMap<number, ChainInfo>): CsvColumn<YieldMarket>[] {
  return [
    { header: 'id', value: (m) => m.id },
    { header: 'name', value: (m) => marketName(m) },
    { header: 'provider', value: (m) => m.providerId },
    { header: 'network', value: (m) => m.network },
    { header: 'chainId', value: (m) => m.chainId },
    { header: 'chain', value: (m) => networkLabel(m, chains) },
    // The market's category (`lending`, `vault`, …) as the service names it.
    { header: 'type', value: (m) => m.mechanics?.type },
    { header: 'rewardRate', value: (m) => m.rewardRate?.total },
    { header: 'rateType', value: (m) => m.rewardRate?.rateType },
    { header: 'rewardComponents', value: (m) => csvList(rewardComponentLines(m.rewardRate)) },
    { header: 'tvlUsd', value: (m) => m.statistics?.tvlUsd },
    { header: 'tvl', value: (m) => m.statistics?.tvl },
    { header: 'uniqueUsers', value: (m) => m.statistics?.uniqueUsers },
    { header: 'enter', value: (m) => m.status?.enter },
    { header: 'exit', value: (m) => m.status?.exit },
    { header: 'tags', value: (m) => csvList(m.tags) },
    { header: 'risk', value: (m) => csvList(m.risk?.ratings?.map((r) => (r.source ? `${r.rating} (${r.source})` : r.rating))) },
    { header: 'token', value: (m) => m.token?.symbol },
    { header: 'tokenAddress', value: (m) => m.token?.address },
    { header: 'deprecated', value: (m) => m.metadata?.deprecated },
    { header: 'underMaintenance', value: (m) => m.metadata?.underMaintenance },
  ]
}

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
  const pages = opts.fromCache ? cachedPages(opts.profileId) : livePages()
  const r = await collectMarkets({ ...opts.request, offset: 0 }, pages, opts.onProgress)
  if (!r.ok) return r
  const local = opts.local
  const markets = local ? r.markets.filter((m) => matchesAnalystFilters(m, local)) : r.markets
  downloadText(toCsv(markets, marketCsvColumns(opts.chains)), datedFilename('yield-markets', 'csv'), 'text/csv')
  return { ok: true, count: markets.length }
}
