import { useCallback, useMemo } from 'react'
import { DataAge } from '../../components/CachedNotice'
import { DataTable, type Column } from '../../components/DataTable'
import { EmptyState } from '../../components/EmptyState'
import { ErrorNotice } from '../../components/ErrorNotice'
import { SelectField } from '../../components/SelectField'
import { formatDateTime, formatDuration, formatPercent } from '../../lib/format'
import { STATS_WINDOWS, WINDOW_LABEL, type DayPoint, type GroupStats, type RouteStats, type StatsWindow } from '../../lib/routeStats'
import { useOfflineMode } from '../../stores/cache'
import { useChainsById } from '../../lib/displaySources'
import { routeName } from '../../lib/chains'
import { useUrlParam } from '../../lib/useUrlParam'
import { useConnection } from '../../stores/connection'
import { requestRouteStats, useRouteStatsFor } from '../../data/routeStats'
import { lazyPlot } from '../../components/lazyPlot'
import { FETCH_CAP, useFetchWindow, type FetchState } from './useFetchWindow'
import { ViewHeader } from '../../components/ViewHeader'
import { DEFINITIONS, p95Caveat } from '../../lib/outcomes'

const WINDOW_OPTIONS = STATS_WINDOWS.map((w) => ({ value: w, label: WINDOW_LABEL[w] }))

const TrendPlot = lazyPlot(() => import('./TrendPlot').then((m) => m.TrendPlot))

/** The figures every group shares; the first column (route or provider) comes from the caller. */
const FIGURE_COLUMNS: Column<GroupStats>[] = [
  { id: 'count', header: 'Intents', align: 'right', sortValue: (g) => g.count, cell: (g) => g.count.toLocaleString('en-US') },
  { id: 'success', header: 'Success', align: 'right', sortValue: (g) => g.successRate, cell: (g) => formatPercent(g.successRate, 1) },
  { id: 'refund', header: 'Refunded', align: 'right', sortValue: (g) => g.refundRate, cell: (g) => formatPercent(g.refundRate, 1) },
  { id: 'p50', header: 'p50 to finish', align: 'right', sortValue: (g) => g.p50Ms, cell: (g) => formatDuration(g.p50Ms) },
  { id: 'p95', header: 'p95 to finish', align: 'right', sortValue: (g) => g.p95Ms, cell: (g) => (p95Caveat(g.durations.length) ? <span title={p95Caveat(g.durations.length)}>{formatDuration(g.p95Ms)} <span className="muted small">({g.durations.length} timed, too few)</span></span> : formatDuration(g.p95Ms)) },
  { id: 'samples', header: 'Timed', align: 'right', sortValue: (g) => g.durations.length, cell: (g) => g.durations.length.toLocaleString('en-US') },
]

function TrendChart({ days, title }: { days: readonly DayPoint[]; title: string }) {
  return (
    <figure className="routes-chart" aria-label={`Trend by day: ${title}`}>
      <figcaption className="muted small">{title}: intents per day (UTC) by outcome, and the median time to finish</figcaption>
      {days.length ? <TrendPlot days={days} height={180} /> : <p className="muted">No intents in this window.</p>}
    </figure>
  )
}

const isWindow = (w: string): w is StatsWindow => (STATS_WINDOWS as readonly string[]).includes(w)

function Summary({ stats }: { stats: RouteStats }) {
  const o = stats.overall
  return (
    <dl className="routes-summary" aria-label="All routes">
      <div><dt>Intents</dt><dd data-testid="routes-total">{o.count.toLocaleString('en-US')}</dd></div>
      <div>
        <dt>Success rate</dt>
        <dd data-testid="routes-success">{formatPercent(o.successRate, 1)}</dd>
        <dd className="muted small">{o.succeeded.toLocaleString('en-US')} succeeded of {o.settled.toLocaleString('en-US')} finished</dd>
        <dd className="muted small figure-definition">{DEFINITIONS.successRate}</dd>
      </div>
      <div><dt>Refund rate</dt><dd>{formatPercent(o.refundRate, 1)}</dd></div>
      <div><dt>p50 to finish</dt><dd>{formatDuration(o.p50Ms)}</dd></div>
      <div>
        <dt>p95 to finish</dt>
        <dd data-testid="routes-p95">{formatDuration(o.p95Ms)}</dd>
        <dd className="muted small">
          {o.durations.length.toLocaleString('en-US')} timed{p95Caveat(o.durations.length) ? ` (${p95Caveat(o.durations.length)})` : ''}
        </dd>
        <dd className="muted small figure-definition">{DEFINITIONS.duration}</dd>
      </div>
    </dl>
  )
}

function FetchControls({ fetcher, window, offline }: { fetcher: FetchState; window: StatsWindow; offline: boolean }) {
  if (fetcher.running) {
    return (
      <span className="row" role="status">
        <progress max={FETCH_CAP} value={fetcher.read} aria-label="Intents fetched" /> {fetcher.read.toLocaleString('en-US')} intents fetched…
        <button type="button" onClick={fetcher.cancel}>Cancel</button>
      </span>
    )
  }
  const last = fetcher.last
  const said = last && last.outcome !== 'error' ? `${last.read.toLocaleString('en-US')} intents fetched${last.outcome === 'cap' ? ' (the cap; there are more)' : last.outcome === 'cancelled' ? ' before the cancel' : ''}` : undefined
  return (
    <>
    {said ? <span className="muted small" role="status" aria-label="Fetch result">{said}</span> : null}
    <button type="button" disabled={offline} title={offline ? 'Offline: statistics come from the cache only' : `Read up to ${FETCH_CAP.toLocaleString('en-US')} intents of this window from the service into the cache`} onClick={() => fetcher.start(window)}>
      Fetch this window from the service
    </button>
    </>
  )
}

export function RoutesView() {
  const [windowParam, setWindow] = useUrlParam('window')
  const window: StatsWindow = isWindow(windowParam) ? windowParam : '30d'
  const [focusParam, setFocus] = useUrlParam('focus')
  const focus = focusParam || 'all'
  const profileId = useConnection((s) => s.info?.activeProfileId)
  const offline = useOfflineMode()
  const entry = useRouteStatsFor(profileId, window)
  const recompute = useCallback(() => profileId && requestRouteStats(profileId, window, { force: true }), [profileId, window])
  const fetcher = useFetchWindow(recompute)
  const chains = useChainsById()

  const nameOf = useCallback((g: GroupStats) => routeName(chains, g.originChainId, g.destinationChainId), [chains])
  const routeColumns = useMemo((): Column<GroupStats>[] => [{ id: 'route', header: 'Route', sortValue: nameOf, cell: nameOf }, ...FIGURE_COLUMNS], [nameOf])
  const providerColumns = useMemo((): Column<GroupStats>[] => [{ id: 'provider', header: 'Provider', sortValue: (g) => g.provider, cell: (g) => g.provider }, ...FIGURE_COLUMNS], [])

  const stats = entry?.stats
  const focused = stats && (stats.routes.find((r) => `route:${r.key}` === focus) ?? stats.providers.find((p) => `provider:${p.key}` === focus))
  const focusTitle = focused ? (focused.provider ?? nameOf(focused)) : 'All routes'

  return (
    <section className="view routes-view" aria-labelledby="routes-title">
      <ViewHeader title="Route statistics" titleId="routes-title">
        <div className="toolbar">
          <SelectField label="Window" value={window} options={WINDOW_OPTIONS} onChange={setWindow} />
          <button type="button" onClick={recompute} disabled={entry?.status === 'computing'}>Recompute</button>
          <FetchControls fetcher={fetcher} window={window} offline={offline} />
        </div>
      </ViewHeader>
      <p className="muted small" role="status" aria-label="Statistics status">
        {entry?.status === 'computing'
          ? `Computing from the cache… ${entry.read.toLocaleString('en-US')} cached intents read`
          : stats
            ? `From ${stats.rows.toLocaleString('en-US')} cached intents created ${stats.from ? `since ${formatDateTime(stats.from)}` : 'at any time'}; computed ${formatDateTime(stats.computedAt)}. Times to finish are of succeeded intents, from execution start to the last leg.`
            : null}
      </p>
      {entry?.fetched && stats && stats.rows > 0 ? (
        <p className="data-age-line" aria-label="Age of the data">
          <DataAge fetchedAt={entry.fetched.newest} what={`Intents fetched from the service since ${formatDateTime(entry.fetched.oldest)}; the newest`} />
        </p>
      ) : null}
      {fetcher.error ? <ErrorNotice error={fetcher.error} onRetry={() => fetcher.start(window)} /> : null}
      {entry?.status === 'error' ? <div className="notice notice-error" role="alert">The statistics could not be computed: {entry.error}</div> : null}
      {stats && stats.rows === 0 ? (
        <EmptyState title="No cached intents in this window">
          {offline ? 'Offline, statistics come from the cache, and it holds no intent created in this window. Choose a longer window.' : 'Fetch this window from the service, or load history in the History view; statistics are computed from what the cache holds.'}
        </EmptyState>
      ) : null}
      {stats && stats.rows > 0 ? (
        <>
          <Summary stats={stats} />
          <div className="row">
            <SelectField
              label="Trend of"
              value={focused ? focus : 'all'}
              options={[
                { value: 'all', label: 'All routes' },
                ...stats.routes.slice(0, 200).map((r) => ({ value: `route:${r.key}`, label: nameOf(r) })),
                ...stats.providers.map((p) => ({ value: `provider:${p.key}`, label: `Provider ${p.provider}` })),
              ]}
              onChange={setFocus}
            />
          </div>
          <TrendChart days={(focused ?? stats.overall).byDay} title={focusTitle} />
          <h2>By route</h2>
          <DataTable label="Routes" columns={routeColumns} rows={stats.routes} rowKey={(g) => g.key} onOpen={(g) => setFocus(`route:${g.key}`)} />
          <h2>By provider</h2>
          <DataTable label="Providers" columns={providerColumns} rows={stats.providers} rowKey={(g) => g.key} onOpen={(g) => setFocus(`provider:${g.key}`)} />
        </>
      ) : null}
    </section>
  )
}
