import { useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import type { SvcError } from '@contract/errors'
import { useChainsById } from '../../../data/reference/chains'
import { useRecordQuery } from '../../../data/useRecordQuery'
import { useConnection } from '../../../stores/connection'
import { useCachedMarkets, vocabularyOf } from '../cachedMarkets'
import { exportMarketsCsv } from './exportMarkets'
import { readFilters, toRequest, validateFilters, writeFilters, type MarketFilters } from './marketFilters'
import { useMarkets } from './useMarkets'

export type ExportState = { s: 'idle' } | { s: 'running'; count: number } | { s: 'done'; count: number } | { s: 'failed'; error: SvcError }

/**
 * The markets view's model: filters read from the URL and written back to it, the page
 * of markets for them, provider suggestions from the cached markets, and the CSV export
 * of every matching market.
 */
export function useMarketsView() {
  const [params, setParams] = useSearchParams()
  const { filters, problems } = useMemo(() => validateFilters(readFilters(params)), [params])
  const request = useMemo(() => toRequest(filters, problems), [filters, problems])
  const query = useMarkets(request)
  const shown = query.shown
  const chains = useChainsById()
  const profileId = useConnection((s) => s.info?.activeProfileId)
  const cachedMarkets = useCachedMarkets(shown?.fetchedAt)
  const providers = useMemo(() => vocabularyOf(cachedMarkets).providers, [cachedMarkets])
  const [exporting, setExporting] = useState<ExportState>({ s: 'idle' })
  const ids = useMemo(() => shown?.data.items.map((m) => m.id) ?? [], [shown])
  const summaries = useRecordQuery('getMarketSummaries', ids.length ? { marketIds: ids } : null).data ?? {}

  // Paging keeps history entries (back returns to the page before); filter edits replace.
  const update = (key: keyof MarketFilters, value: string | number) =>
    setParams((p) => writeFilters(p, key, value), { replace: key !== 'offset' })

  const runExport = async () => {
    if (!profileId) return
    setExporting({ s: 'running', count: 0 })
    const r = await exportMarketsCsv({
      request,
      fromCache: Boolean(shown?.fromCache),
      profileId,
      chains,
      onProgress: (count) => setExporting({ s: 'running', count }),
    })
    setExporting(r.ok ? { s: 'done', count: r.count } : { s: 'failed', error: r.error })
  }

  return { filters, problems, query, page: shown?.data, chains, summaries, providers, exporting, update, runExport }
}

export type MarketsViewModel = ReturnType<typeof useMarketsView>
