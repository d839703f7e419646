import { useMemo, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import type { SvcError } from '@contract/errors'
import { CachedNotice } from '../../../components/CachedNotice'
import { DataTable } from '../../../components/DataTable'
import { EmptyState } from '../../../components/EmptyState'
import { ErrorNotice } from '../../../components/ErrorNotice'
import { useChainsById } from '../../../data/reference/chains'
import { useConnection } from '../../../stores/connection'
import { marketPath } from '../paths'
import { useCachedMarkets, vocabularyOf } from '../cachedMarkets'
import { YieldTabs } from '../YieldTabs'
import { exportMarketsCsv } from './exportMarkets'
import { marketColumns } from './marketColumns'
import { MarketFiltersBar } from './MarketFiltersBar'
import { isFiltered, readMarketFilters, toMarketsRequest, writeMarketFilter, type MarketFilters } from './marketFilters'
import { Pager } from './Pager'
import { useMarkets } from './useMarkets'

type ExportState = { s: 'idle' } | { s: 'running'; count: number } | { s: 'done'; count: number } | { s: 'failed'; error: SvcError }

export function MarketsView() {
  const [params, setParams] = useSearchParams()
  const navigate = useNavigate()
  const { filters, problems } = readMarketFilters(params)
  const request = toMarketsRequest(filters, problems)
  const query = useMarkets(request)
  const shown = query.shown
  const chains = useChainsById()
  const profileId = useConnection((s) => s.info?.activeProfileId)
  const cachedMarkets = useCachedMarkets(shown?.fetchedAt)
  const vocabulary = useMemo(() => vocabularyOf(cachedMarkets), [cachedMarkets])
  const columns = useMemo(() => marketColumns(chains), [chains])
  const [exporting, setExporting] = useState<ExportState>({ s: 'idle' })

  const update = (key: keyof MarketFilters, value: string | number) =>
    setParams((p) => writeMarketFilter(p, key, value), { replace: key !== 'offset' })

  const page = shown?.data
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

  return (
    <section className="view" aria-labelledby="markets-title">
      <header className="view-header">
        <h1 id="markets-title">Yield markets</h1>
        <YieldTabs />
        <div className="row">
          <button type="button" onClick={query.reload} disabled={query.status === 'loading'}>
            {query.status === 'loading' ? 'Loading…' : 'Refresh'}
          </button>
          <button type="button" onClick={runExport} disabled={!page || exporting.s === 'running'}>
            {exporting.s === 'running' ? `Exporting… ${exporting.count}` : 'Export CSV'}
          </button>
        </div>
      </header>
      <MarketFiltersBar filters={filters} problems={problems} providers={vocabulary.providers} onChange={update} />
      {exporting.s === 'done' ? (
        <p className="muted" role="status">
          Exported {exporting.count} markets.
        </p>
      ) : null}
      {exporting.s === 'failed' ? <ErrorNotice error={exporting.error} onRetry={runExport} /> : null}
      {shown?.fromCache ? <CachedNotice fetchedAt={shown.fetchedAt} /> : null}
      {query.status === 'error' ? <ErrorNotice error={query.error} onRetry={query.reload} /> : null}
      {query.status === 'uncached' ? (
        <EmptyState title="No cached markets">
          The app is offline and the cache holds no markets{isFiltered(filters) ? ' matching these filters' : ''} for this profile.
        </EmptyState>
      ) : null}
      {query.status === 'loading' && !page ? <p className="muted">Loading markets…</p> : null}
      {page ? (
        <>
          <Pager
            page={{ offset: filters.offset, limit: filters.limit, count: page.items.length, total: page.total }}
            busy={query.status === 'loading'}
            onOffset={(o) => update('offset', o)}
            onLimit={(l) => update('limit', l)}
          />
          {page.items.length ? (
            <div className="yield-scroll">
              <DataTable
                label="Yield markets"
                columns={columns}
                rows={page.items}
                rowKey={(m) => m.id}
                onOpen={(m) => navigate(marketPath(m.id))}
              />
            </div>
          ) : (
            <EmptyState title="No markets match">
              {isFiltered(filters)
                ? 'No market matches these filters. Loosen the search, provider, chain or type.'
                : filters.offset > 0
                  ? 'This page is past the end of the list.'
                  : 'The service lists no yield markets.'}
            </EmptyState>
          )}
        </>
      ) : null}
    </section>
  )
}
