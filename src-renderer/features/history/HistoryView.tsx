import { memo } from 'react'
import { CachedNotice, DataAge } from '../../components/CachedNotice'
import { EmptyState } from '../../components/EmptyState'
import { ErrorBoundary } from '../../components/ErrorBoundary'
import { ErrorNotice } from '../../components/ErrorNotice'
import { IgnoredFiltersNotice } from '../../components/IgnoredFiltersNotice'
import { ColumnChooser, usePickedColumns } from './ColumnChooser'
import { EntryDetail } from './EntryDetail'
import { ExportControls } from './ExportControls'
import { HistoryFilters } from './HistoryFilters'
import { HistoryTable } from './HistoryTable'
import { LoadAllControls } from './LoadAllControls'
import { PagingControls } from './PagingControls'
import { StuckFundsPanel } from './StuckFundsPanel'
import { SummaryStrip } from './SummaryStrip'
import { useFilterSuggestions, useHistoryTable, type HistoryTableModel } from './useHistoryTable'
import { useHistoryView, type HistoryViewModel } from './useHistoryView'
import { ViewHeader } from '../../components/ViewHeader'

/** The filter form, drawn again only when its inputs change: not at each page "load all" adds. */
const Filters = memo(HistoryFilters)

/**
 * GetIntentHistory as a support and analysis tool: every filter of the spec (kept in the
 * URL), cursor paging both ways, "load all" with a cap, a virtualized table of what is
 * loaded, balances and stuck funds, a summary with a chart, and CSV/JSON export.
 * Offline, the same filters run against the cache. State and actions live in
 * `useHistoryView` and `useHistoryTable`; this file draws them.
 */
export function HistoryView() {
  const vm = useHistoryView()
  const table = useHistoryTable(vm.list)
  const suggestions = useFilterSuggestions(vm.list.entries)
  const { list, actions } = vm
  return (
    <section className="view history-view" aria-labelledby="history-title">
      <ViewHeader title="History" titleId="history-title">
        <button type="button" onClick={actions.reload} disabled={!list.id || list.status === 'loading'}>
          Refresh
        </button>
      </ViewHeader>

      <Filters applied={vm.applied} providerSuggestions={suggestions.providers} railSuggestions={suggestions.rails} onApply={actions.applyFilters} />

      <HistoryNotices vm={vm} />

      {!vm.validation.ok ? (
        <EmptyState title="Fix the highlighted filters">Nothing is requested while a filter is invalid.</EmptyState>
      ) : (
        <>
          <div className="history-controls">
            <PagingControls settings={vm.settings} list={list} actions={actions} onSettings={(next) => actions.applySettings({ ...next, all: false })} />
            <LoadAllControls cap={vm.settings.cap} list={list} actions={actions} onCap={(cap) => actions.applySettings({ cap })} />
          </div>
          <HistoryLoaded vm={vm} table={table} />
        </>
      )}
    </section>
  )
}

/** Where the data comes from: the cached-data notice with the filters the cache cannot apply, and failures. */
function HistoryNotices({ vm }: { vm: HistoryViewModel }) {
  const { list } = vm
  return (
    <>
      {list.fromCache ? (
        <>
          <CachedNotice fetchedAt={list.fetchedAt} failure={list.cachedBecause} onRetry={vm.actions.retry} />
          {vm.offlineNotes.length ? (
            <ul className="notice notice-info history-caveats" aria-label="Filters the cache cannot apply exactly">
              {vm.offlineNotes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          ) : null}
        </>
      ) : list.fetchedAt ? (
        <p className="history-age">
          <DataAge fetchedAt={list.fetchedAt} what="From the service (the oldest page shown)" />
        </p>
      ) : null}
      {list.liveError && list.id && list.liveError !== list.cachedBecause ? <ErrorNotice error={list.liveError} onRetry={vm.actions.retry} /> : null}
      {list.id ? <IgnoredFiltersNotice ignored={list.ignoredFilters} /> : null}
    </>
  )
}

/** The summary, the tools over what is loaded, and the table (or why there is none). */
function HistoryLoaded({ vm, table }: { vm: HistoryViewModel; table: HistoryTableModel }) {
  const { list } = vm
  const scope = list.view === 'all' ? 'All loaded' : `Page ${list.pageIndex + 1}`
  return (
    <>
      {/* Figures over every loaded entry: one that cannot be read costs the figures, not the table. */}
      <ErrorBoundary what="summary" resetKey={list.entries}>
        <SummaryStrip entries={list.entries} scope={scope} />
      </ErrorBoundary>
      {vm.balances && list.entries.length ? (
        <ErrorBoundary what="stuck funds panel" resetKey={list.entries}>
          <StuckFundsPanel entries={list.entries} />
        </ErrorBoundary>
      ) : null}

      <div className="row history-table-tools">
        <ExportControls
          loaded={list.entries}
          selected={table.selected}
          query={vm.query ?? {}}
          source={list.source}
          onClearSelection={table.actions.clearSelection}
        />
        <ColumnChooser />
      </div>

      <HistoryRows vm={vm} table={table} />
    </>
  )
}

function EmptyList({ vm }: { vm: HistoryViewModel }) {
  const cached = vm.list.fromCache
  return (
    <EmptyState title={cached ? 'Nothing cached matches these filters' : 'No intents match these filters'}>
      {cached
        ? 'Only intents fetched earlier are in the cache; go online to ask the service.'
        : Object.keys(vm.query ?? {}).length
          ? 'Loosen a filter, widen the time range or clear the filters.'
          : 'The service lists no intents yet.'}
    </EmptyState>
  )
}

function HistoryRows({ vm, table }: { vm: HistoryViewModel; table: HistoryTableModel }) {
  const { list } = vm
  const pickedColumns = usePickedColumns()
  const rows = table.rows
  if ((list.status === 'loading' || !list.current) && rows.length === 0)
    return (
      <p className="muted" role="status">
        {list.fromCache || vm.offline ? 'Reading the cache…' : 'Loading history…'}
      </p>
    )
  if (rows.length === 0) return list.current && (list.status === 'ok' || list.status === 'uncached') ? <EmptyList vm={vm} /> : null
  return (
    <div className={`history-main${table.detail ? ' history-main-detail' : ''}`} aria-busy={list.status === 'loading'}>
      <HistoryTable
        key={table.scrollKey}
        rows={rows}
        selected={table.picked}
        activeKey={table.detail?.key ?? null}
        withBalances={vm.balances}
        pickedColumns={pickedColumns}
        initialScrollTop={table.initialScrollTop()}
        onScrollTop={table.actions.onScrollTop}
        onOpen={table.actions.openRow}
        onToggle={table.actions.toggleRow}
        onToggleAll={table.actions.toggleAll}
        onDetail={table.actions.showDetail}
      />
      {table.detail ? (
        <ErrorBoundary what="entry's detail" record={table.detail.entry} resetKey={table.detail.entry}>
          <EntryDetail entry={table.detail.entry} balancesRequested={vm.balances} onClose={table.actions.closeDetail} />
        </ErrorBoundary>
      ) : null}
    </div>
  )
}
