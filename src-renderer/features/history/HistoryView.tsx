import { useCallback, useDeferredValue, useEffect, useMemo, useRef } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { useShallow } from 'zustand/react/shallow'
import type { IntentHistoryEntry } from '@contract/service'
import { CachedNotice } from '../../components/CachedNotice'
import { EmptyState } from '../../components/EmptyState'
import { ErrorNotice } from '../../components/ErrorNotice'
import { useOfflineMode, useCacheStatus } from '../../stores/cache'
import { useChainsById } from '../../data/reference/chains'
import { useConnection } from '../../stores/connection'
import { learnProviderCodes, providerSuggestions as withAuto, useProviderCodes } from '../../data/reference/providerCodes'
import { offlineHistoryFor } from './cacheFeed'
import { ExportControls } from './ExportControls'
import { ColumnChooser, usePickedColumns } from './ColumnChooser'
import { EntryDetail } from './EntryDetail'
import { readDraft, readSettings, validateFilters, writeParams, type HistoryFilterDraft, type HistoryViewSettings } from './filters'
import { HistoryFilters } from './HistoryFilters'
import { HistoryTable } from './HistoryTable'
import { LoadAllControls } from './LoadAllControls'
import { PagingControls } from './PagingControls'
import { routeProviders, rowBuilder, type HistoryRow } from './rows'
import { useHistory, type FeedKind } from './store'
import { StuckFundsPanel } from './StuckFundsPanel'
import { SummaryStrip } from './SummaryStrip'

const NONE: IntentHistoryEntry[] = []

/** Codes and rails the loaded entries mention, for the filter suggestions. */
function useSeenCodes(entries: readonly IntentHistoryEntry[]) {
  const deferred = useDeferredValue(entries)
  return useMemo(() => {
    const providers = new Set<string>()
    const rails = new Set<string>()
    for (const e of deferred) {
      for (const p of routeProviders(e)) providers.add(p)
      const rail = (e.receipt?.summary?.edge ?? e.receipt?.edge)?.rail
      if (rail) rails.add(rail)
    }
    return { providers: [...providers].sort(), rails: [...rails].sort() }
  }, [deferred])
}

/**
 * GetIntentHistory as a support and analysis tool: every filter of the spec (kept in the
 * URL), cursor paging both ways, "load all" with a cap, a virtualized table of what is
 * loaded, balances and stuck funds, a summary with a chart, and CSV/JSON export.
 * Offline, the same filters run against the cache.
 */
export function HistoryView() {
  const [params, setParams] = useSearchParams()
  const applied = useMemo(() => readDraft(params), [params])
  const settings = useMemo(() => readSettings(params), [params])
  const validation = useMemo(() => validateFilters(applied), [applied])
  const profileId = useConnection((s) => s.info?.activeProfileId)
  const lastOutage = useConnection((s) => s.lastOutage)
  const forcedOffline = useCacheStatus((s) => s.forcedOffline)
  const offline = useOfflineMode()
  const pickedColumns = usePickedColumns()
  const feedKind: FeedKind = offline ? 'cache' : 'service'
  const query = validation.ok ? validation.query : null
  const key = query && profileId ? JSON.stringify([profileId, query, settings.sort, settings.order, settings.pageSize]) : null

  useEffect(() => {
    if (key && query && profileId) useHistory.getState().open(key, { profileId, query, settings }, feedKind)
    // `key` covers the query and every setting but the cap and the view, which `open` applies in place.
  }, [key, feedKind, settings.cap, settings.all])

  const h = useHistory(
    useShallow((s) => ({
      mode: s.mode,
      entries: s.entries,
      pageIndex: s.pageIndex,
      more: s.more,
      status: s.status,
      error: s.error,
      fetchedAt: s.fetchedAt,
      source: s.source,
      loadAll: s.loadAll,
      selected: s.selected,
      detail: s.detail,
      shownFeed: s.feedKind,
      current: s.key === key,
    })),
  )
  const actions = useHistory.getState()

  const loaded = h.current ? h.entries : NONE
  const chains = useChainsById()
  const buildRows = useRef(rowBuilder()).current
  const rows = useMemo(() => buildRows(loaded, chains), [buildRows, loaded, chains])

  const seen = useSeenCodes(loaded)
  const learntCodes = useProviderCodes()
  useEffect(() => {
    if (profileId && seen.providers.length) learnProviderCodes(profileId, seen.providers)
  }, [profileId, seen.providers])
  const suggestions = useMemo(() => withAuto([...new Set([...seen.providers, ...learntCodes])].sort()), [seen.providers, learntCodes])

  const navigate = useNavigate()
  const openRow = useCallback(
    (row: HistoryRow) => row.intentId && navigate(`/intent/${encodeURIComponent(row.intentId)}`),
    [navigate],
  )
  const toggleRow = useCallback((row: HistoryRow) => useHistory.getState().toggleSelected(row.key, row.entry), [])
  const toggleAll = useCallback(
    (select: boolean) => {
      const s = useHistory.getState()
      const picked = new Map(s.selected)
      for (const r of rows) {
        if (select) picked.set(r.key, r.entry)
        else picked.delete(r.key)
      }
      s.setSelected(picked)
    },
    [rows],
  )
  const showDetail = useCallback((row: HistoryRow) => {
    const s = useHistory.getState()
    s.showDetail(s.detail?.key === row.key ? null : { key: row.key, entry: row.entry })
  }, [])

  // A new list (other filters, sort or page size) starts at its first page, as a new search does.
  const applyFilters = (draft: HistoryFilterDraft) => setParams(writeParams(draft, { ...settings, all: false }))
  const applySettings = (next: Partial<HistoryViewSettings>) =>
    setParams(writeParams(applied, { ...settings, ...next }), { replace: true })
  // Switching to and from "all" goes through the URL, which `open` follows; pressing
  // "Load all" again in that view starts it over.
  const startLoadAll = (cap?: number) =>
    settings.all ? actions.startLoadAll(cap) : applySettings({ all: true, ...(cap === undefined ? {} : { cap }) })

  const offlineNotes = offline && query ? offlineHistoryFor(query, settings).caveats : []
  const shownFromCache = h.current && h.shownFeed === 'cache'
  // The failure to show: the store's own, or the outage that switched the view to the cache.
  const liveError = h.error ?? (offline && !forcedOffline ? lastOutage : null)
  const retry = h.error ? actions.retry : actions.retryOnline
  const firstLoad = (h.status === 'loading' || !h.current) && rows.length === 0
  const scope = h.mode === 'all' ? 'All loaded' : `Page ${h.pageIndex + 1}`
  const balances = Boolean(query?.includeBalances || query?.onlyRecoverable)
  const selected = useMemo(() => [...h.selected.values()], [h.selected])

  return (
    <section className="view history-view" aria-labelledby="history-title">
      <header className="view-header">
        <h1 id="history-title">History</h1>
        <button type="button" onClick={actions.reload} disabled={!h.current || h.status === 'loading'}>
          Refresh
        </button>
      </header>

      <HistoryFilters applied={applied} providerSuggestions={suggestions} railSuggestions={seen.rails} onApply={applyFilters} />

      {shownFromCache ? (
        <>
          <CachedNotice fetchedAt={h.fetchedAt} />
          {offlineNotes.length ? (
            <ul className="notice notice-info history-caveats" aria-label="Filters the cache cannot apply exactly">
              {offlineNotes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
      {liveError && h.current ? <ErrorNotice error={liveError} onRetry={retry} /> : null}

      {!validation.ok ? (
        <EmptyState title="Fix the highlighted filters">Nothing is requested while a filter is invalid.</EmptyState>
      ) : (
        <>
          <div className="history-controls">
            <PagingControls
              settings={settings}
              state={{ ...h, nextPage: actions.nextPage, previousPage: actions.previousPage }}
              onSettings={(next) => applySettings({ ...next, all: false })}
            />
            <LoadAllControls
              cap={settings.cap}
              state={{
                ...h,
                startLoadAll,
                cancelLoadAll: actions.cancelLoadAll,
                resumeLoadAll: actions.resumeLoadAll,
                backToPages: () => applySettings({ all: false }),
              }}
              onCap={(cap) => applySettings({ cap })}
            />
          </div>

          <SummaryStrip entries={loaded} scope={scope} />
          {balances && loaded.length ? <StuckFundsPanel entries={loaded} /> : null}

          <div className="row history-table-tools">
            <ExportControls
              loaded={loaded}
              selected={selected}
              query={query ?? {}}
              source={h.source}
              onClearSelection={() => actions.setSelected([])}
            />
            <ColumnChooser />
          </div>

          {firstLoad ? (
            <p className="muted" role="status">
              {shownFromCache || feedKind === 'cache' ? 'Reading the cache…' : 'Loading history…'}
            </p>
          ) : rows.length === 0 && h.current && h.status === 'ready' ? (
            <EmptyState title={shownFromCache ? 'Nothing cached matches these filters' : 'No intents match these filters'}>
              {shownFromCache
                ? 'Only intents fetched earlier are in the cache; go online to ask the service.'
                : Object.keys(query ?? {}).length
                  ? 'Loosen a filter, widen the time range or clear the filters.'
                  : 'The service lists no intents yet.'}
            </EmptyState>
          ) : rows.length ? (
            <div className={`history-main${h.detail ? ' history-main-detail' : ''}`} aria-busy={h.status === 'loading'}>
              <HistoryTable
                key={h.mode === 'all' ? 'all' : `page-${h.pageIndex}`}
                rows={rows}
                selected={h.selected}
                activeKey={h.detail?.key ?? null}
                withBalances={balances}
                pickedColumns={pickedColumns}
                initialScrollTop={useHistory.getState().scrollTop}
                onScrollTop={actions.setScrollTop}
                onOpen={openRow}
                onToggle={toggleRow}
                onToggleAll={toggleAll}
                onDetail={showDetail}
              />
              {h.detail ? (
                <EntryDetail entry={h.detail.entry} balancesRequested={balances} onClose={() => actions.showDetail(null)} />
              ) : null}
            </div>
          ) : null}
        </>
      )}
    </section>
  )
}
