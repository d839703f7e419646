import { useMutation } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import type { SvcError } from '@contract/errors'
import { useChainsById } from '../../../lib/displaySources'
import { useRecordQuery } from '../../../data/useRecordQuery'
import { useConnection } from '../../../stores/connection'
import { useCachedMarkets, vocabularyOf } from '../cachedMarkets'
import { exportMarketsCsv } from './marketsCsv'
import { filterParts, readMarketFilters, withFilter, type MarketFilters } from './marketFilters'
import { useMarkets } from './useMarkets'
import { analystFiltersOf, needsLocalFiltering } from './analystFilters'

/**
 * The markets view's model: filters read from the URL and written back to it, the page
 * of markets for them, provider suggestions from the cached markets, and the CSV export
 * of every matching market.
 */
export function useMarketsView() {
  const [params, setParams] = useSearchParams()
  const { filters, problems, request } = useMemo(() => readMarketFilters(params), [params])
  const local = useMemo(() => {
    const a = analystFiltersOf(filters)
    return needsLocalFiltering(a) ? a : null
  }, [filters])
  const query = useMarkets(request, local)
  const shown = query.shown
  const chains = useChainsById()
  const profileId = useConnection((s) => s.info?.activeProfileId)
  const cachedMarkets = useCachedMarkets()
  const vocabulary = useMemo(() => vocabularyOf(cachedMarkets), [cachedMarkets])
  const [exported, setExported] = useState(0)
  const ids = useMemo(() => shown?.data.items.map((m) => m.id) ?? [], [shown])
  const summaries = useRecordQuery('getMarketSummaries', ids.length ? { marketIds: ids } : null).data ?? {}

  // Paging keeps history entries (back returns to the page before); filter edits replace.
  const update = (key: keyof MarketFilters, value: string | number) =>
    setParams((p) => withFilter(p, key, value), { replace: key !== 'offset' })

  // The CSV of every matching market; `exported` counts them as they are read.
  const exporting = useMutation<number, SvcError, string>({
    mutationFn: async (profile) => {
      setExported(0)
      const r = await exportMarketsCsv({ request, local, fromCache: Boolean(shown?.fromCache), profileId: profile, chains, onProgress: setExported })
      if (!r.ok) throw r.error
      return r.count
    },
  })
  const runExport = () => profileId && exporting.mutate(profileId)

  // What a saved filter keeps: the URL's filters, without the page.
  const paramsText = useMemo(() => {
    const p = new URLSearchParams(params)
    p.delete('offset')
    return p.toString()
  }, [params])

  return {
    filters,
    problems,
    query,
    page: shown?.data,
    chains,
    summaries,
    providers: vocabulary.providers,
    tags: vocabulary.tags,
    local,
    exporting,
    exported,
    update,
    runExport,
    paramsText,
    // A name to suggest when saving: "stablecoins, TVL ≥ $1,000,000, chain 1,8453".
    filtersName: filterParts(filters).join(', ') || 'All markets',
  }
}

export type MarketsViewModel = ReturnType<typeof useMarketsView>
