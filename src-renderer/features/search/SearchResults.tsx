import { Link } from 'react-router'
import { SEARCH_RESULT_CAP } from '@contract/service/constants'
import { CachedNotice, DataAge } from '../../components/CachedNotice'
import { EmptyState } from '../../components/EmptyState'
import { ErrorNotice } from '../../components/ErrorNotice'
import { IgnoredFiltersNotice } from '../../components/IgnoredFiltersNotice'
import { useCacheStatus } from '../../stores/cache'
import { FIELD_BY_KEY } from './filters'
import { ResultsTable } from './ResultsTable'
import { SaveSearchButton } from './SavedSearches'
import type { SearchState } from './searchState'
import type { CappedSearch, SearchViewModel } from './useSearchView'

type Done = Extract<SearchState, { status: 'done' }>
type CacheAnswer = Extract<SearchState, { from: 'cache' }>
type ServiceAnswer = Extract<SearchState, { from: 'service' }>

/** How old the cached answer is, why the cache was read, and what it cannot answer exactly. */
function CacheNotes({ search, retry }: { search: CacheAnswer; retry(): void }) {
  const forcedOffline = useCacheStatus((s) => s.forcedOffline)
  return (
    <>
      <CachedNotice fetchedAt={search.fetchedAt} failure={search.outage} onRetry={retry} />
      {!forcedOffline && !search.outage ? (
        <p className="notice notice-warn" role="status">
          The service looked unreachable; showing what the cache holds.{' '}
          <button type="button" onClick={retry}>
            Try the service again
          </button>
        </p>
      ) : null}
      {search.caveats.length ? (
        <ul className="search-caveats muted small" aria-label="How the cache answers this search">
          {search.caveats.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      ) : null}
    </>
  )
}

const byWhat = (as: CappedSearch['as']) => (as ? ` by ${FIELD_BY_KEY[as].noun}` : '')

/** Failed calls, calls still out, and calls the service's cap cut short (with History for the full list). */
function ServiceNotes({ search, retry, capped }: { search: ServiceAnswer; retry(): void; capped: CappedSearch[] }) {
  return (
    <>
      <IgnoredFiltersNotice ignored={search.ignoredFilters} />
      {search.failures.length ? (
        <div className="notice notice-warn" role="alert">
          {search.failures.map((f, i) => (
            <p key={i}>
              Searching{byWhat(f.as)} failed: {f.error.message}
            </p>
          ))}
          <button type="button" onClick={retry}>
            Try again
          </button>
        </div>
      ) : null}
      {search.pending.length ? (
        <p className="muted small" role="status" data-testid="search-pending">
          {search.preview ? `Showing the wallet's newest ${search.hits.length} intents first. ` : ''}
          Still searching by {search.pending.map((as) => (as ? FIELD_BY_KEY[as].noun : 'the filters')).join(', ')}…
        </p>
      ) : null}
      {capped.map((c) => (
        <p key={c.as ?? 'filters'} className="notice notice-info" data-testid="search-capped">
          Showing the first {SEARCH_RESULT_CAP.toLocaleString()}
          {byWhat(c.as)} — the service&rsquo;s limit for one search.{' '}
          {c.historyHref ? <Link to={c.historyHref}>Open in History</Link> : 'Narrow the search to see the rest.'}
          {c.historyHref ? ' for the full, paged list.' : null}
        </p>
      ))}
    </>
  )
}

/** The row count, what was searched, and saving or refreshing it. */
function Summary({ view, search }: { view: SearchViewModel; search: Done }) {
  const fromCache = search.from === 'cache'
  return (
    <div className="row search-summary">
      <span role="status" data-testid="search-summary" className="search-summary-text">
        {search.hits.length} intent{search.hits.length === 1 ? '' : 's'} {fromCache ? 'in the cache ' : ''}
        {!fromCache && search.pending.length ? 'so far ' : ''}for {view.described}
      </span>
      {!fromCache && search.fetchedAt ? <DataAge fetchedAt={search.fetchedAt} /> : null}
      <SaveSearchButton query={view.query} suggestedName={view.described} />
      {!fromCache ? (
        <button type="button" onClick={view.search.retry}>
          Refresh
        </button>
      ) : null}
    </div>
  )
}

/** The rows, or why there are none. */
function Rows({ view, search }: { view: SearchViewModel; search: Done }) {
  const total = search.hits.length
  if (total === 0)
    return (
      <EmptyState title="No intents found">
        {search.from === 'cache' ? 'The cache holds no intent' : 'The service has no intent'} matching {view.described}.
        {view.plan.mode === 'universal' ? ' Every filter the value could stand for was tried.' : ' All the filters must match at once; try fewer.'}
      </EmptyState>
    )
  return (
    <>
      {view.rows.length < total ? (
        <p className="notice notice-info">
          Showing the newest {view.rows.length} of {total}.{' '}
          <button type="button" onClick={view.showAll}>
            Show all {total}
          </button>
        </p>
      ) : null}
      <div className="search-table-wrap">
        <ResultsTable hits={view.rows} showMatchedAs={view.plan.mode === 'universal'} />
      </div>
    </>
  )
}

/** The search's answer: notes on where it came from, the summary and the rows. */
export function SearchResults({ view }: { view: SearchViewModel }) {
  const { plan, search } = view
  if (plan.mode === 'none')
    return (
      <EmptyState title="Start with what you have">
        Paste an intent id, a wallet, a transaction hash or a deposit address into the box above, or fill in the filters.
      </EmptyState>
    )
  if (plan.mode === 'invalid')
    return (
      <p className="notice notice-warn" role="alert">
        The filters in this link do not pass their checks; fix the fields marked above and search again.
      </p>
    )
  if (search.status === 'idle' || search.status === 'loading')
    return (
      <p className="muted" role="status">
        Searching {view.described}…
      </p>
    )
  if (search.status === 'error') return <ErrorNotice error={search.error} onRetry={search.retry} />
  return (
    <div className="search-results">
      {search.from === 'cache' ? <CacheNotes search={search} retry={search.retry} /> : <ServiceNotes search={search} retry={search.retry} capped={view.capped} />}
      <Summary view={view} search={search} />
      <Rows view={view} search={search} />
      {search.from === 'cache' && search.more ? (
        <button type="button" onClick={search.loadMore}>
          Load more from the cache
        </button>
      ) : null}
    </div>
  )
}
