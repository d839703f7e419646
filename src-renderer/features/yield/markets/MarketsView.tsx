import { useEffect, useMemo } from 'react'
import { useNavigate } from 'react-router'
import type { YieldGetMarketsResponse } from '@contract/service'
import { DataTable } from '../../../components/DataTable'
import { EmptyState } from '../../../components/EmptyState'
import { Pager } from '../../../components/Pager'
import { hasNextPage, hasPreviousPage, nextOffset, pageSummary, previousOffset } from '../../../lib/offsetPaging'
import { ErrorNotice } from '../../../components/ErrorNotice'
import { ViewHeader } from '../../../components/ViewHeader'
import { QueryNotices } from '../../../components/QueryNotices'
import { RefreshButton } from '../../../components/RefreshButton'
import { preloadHistoryPlot } from '../history/HistoryChart'
import { whenIdle } from '../../../lib/whenIdle'
import { marketPath } from '../paths'
import { YieldTabs } from '../YieldTabs'
import { marketColumns } from './marketColumns'
import { AnalystFiltersBar, MarketFiltersBar } from './MarketFiltersBar'
import { SaveSearchButton, SavedSearchList } from '../../search'
import { isFiltered, PAGE_SIZES, type MarketFilters } from './marketFilters'
import { useMarketsView, type MarketsViewModel } from './useMarketsView'

function MarketsActions({ vm }: { vm: MarketsViewModel }) {
  const { query, page, exporting, runExport } = vm
  return (
    <div className="row">
      <RefreshButton query={query} />
      <button type="button" onClick={runExport} disabled={!page || exporting.isPending}>
        {exporting.isPending ? `Exporting… ${vm.exported}` : 'Export CSV'}
      </button>
    </div>
  )
}

function ExportOutcome({ exporting, onRetry }: { exporting: MarketsViewModel['exporting']; onRetry(): void }) {
  if (exporting.isSuccess) return <p className="muted" role="status">Exported {exporting.data} markets.</p>
  return exporting.error ? <ErrorNotice error={exporting.error} onRetry={onRetry} /> : null
}

function emptyListText(filters: MarketFilters): string {
  if (isFiltered(filters)) return 'No market matches these filters. Loosen the search, provider, chain or type.'
  return filters.offset > 0 ? 'This page is past the end of the list.' : 'The service lists no yield markets.'
}

function MarketsPage({ vm, page }: { vm: MarketsViewModel; page: YieldGetMarketsResponse }) {
  const navigate = useNavigate()
  const { filters, chains, summaries, update } = vm
  const columns = useMemo(() => marketColumns(chains, summaries), [chains, summaries])
  const shownPage = { offset: filters.offset, limit: filters.limit, count: page.items.length, total: page.total }
  return (
    <>
      <Pager
        label="Pages"
        className="yield-pager"
        busy={vm.query.status === 'loading'}
        hasPrevious={hasPreviousPage(shownPage)}
        hasNext={hasNextPage(shownPage)}
        onPrevious={() => update('offset', previousOffset(shownPage))}
        onNext={() => update('offset', nextOffset(shownPage))}
        pageSize={{ value: shownPage.limit, sizes: PAGE_SIZES, onChange: (l) => update('limit', l) }}
        summary={
          <span role="status" data-testid="page-summary">
            {pageSummary(shownPage, 'markets')}
          </span>
        }
      />
      {page.items.length ? (
        <div className="yield-scroll">
          <DataTable label="Yield markets" columns={columns} rows={page.items} rowKey={(m) => m.id} onOpen={(m) => navigate(marketPath(m.id))} />
        </div>
      ) : (
        <EmptyState title="No markets match">{emptyListText(filters)}</EmptyState>
      )}
    </>
  )
}

/** When the list is idle: the market page and its chart code, so opening a market draws its history at once. */
function usePreloadMarketPage() {
  // Leaving before it runs costs nothing: the chunks are only loaded ahead of need.
  useEffect(() => {
    whenIdle(() => {
      void import('../market/MarketDetailView').catch(() => undefined)
      preloadHistoryPlot()
    })
  }, [])
}

export function MarketsView() {
  usePreloadMarketPage()
  const vm = useMarketsView()
  const { query, page, filters } = vm
  return (
    <section className="view" aria-labelledby="markets-title">
      <ViewHeader title="Yield markets" titleId="markets-title">
        <YieldTabs />
        <MarketsActions vm={vm} />
      </ViewHeader>
      <MarketFiltersBar filters={filters} problems={vm.problems} providers={vm.providers} onChange={vm.update} />
      <AnalystFiltersBar filters={filters} problems={vm.problems} tags={vm.tags} onChange={vm.update} />
      <div className="row">
        <SaveSearchButton view="yield" what="filters" query={vm.paramsText} suggestedName={vm.filtersName} />
        <SavedSearchList view="yield" path="/yield" label="Saved market filters" />
        {vm.local ? <span className="muted small">Filtered here over every market the service lists for the rest of the filters.</span> : null}
      </div>
      <ExportOutcome exporting={vm.exporting} onRetry={vm.runExport} />
      <QueryNotices
        query={query}
        loading="Loading markets…"
        uncached={
          <EmptyState title="No cached markets">
            The app is offline and the cache holds no markets{isFiltered(filters) ? ' matching these filters' : ''} for this profile.
          </EmptyState>
        }
      />
      {page ? <MarketsPage vm={vm} page={page} /> : null}
    </section>
  )
}
