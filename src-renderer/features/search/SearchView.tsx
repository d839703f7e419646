import { useEffect, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { CachedNotice } from '../../components/CachedNotice'
import { EmptyState } from '../../components/EmptyState'
import { ErrorNotice } from '../../components/ErrorNotice'
import { shortHex } from '../../lib/format'
import { useRouteTokenLabels } from '../../data/reference/useRouteTokenLabels'
import { useCacheStatus } from '../../stores/cache'
import { describeRequest, draftFromParams, FIELD_BY_KEY } from './filters'
import type { SearchHit } from './hits'
import { paramsForRequest, paramsForUniversal, planFromParams, UNIVERSAL_PARAM, type SearchPlan } from './plan'
import { ResultsTable } from './ResultsTable'
import { SavedSearchList, SaveSearchButton } from './SavedSearches'
import { SearchForm } from './SearchForm'
import { UniversalBox } from './UniversalBox'
import { useIntentSearch, type SearchState } from './useIntentSearch'

/** Rows rendered before asking: SearchIntents has no paging, and a project can hold thousands. */
export const ROW_LIMIT = 500

/** What was searched, in words: "owner 0x12…, project 42" or "0xab… as intent id, transaction hash". */
export function describePlan(plan: SearchPlan): string {
  if (plan.mode === 'filters') return describeRequest(plan.request)
  if (plan.mode !== 'universal') return ''
  const value = plan.input.value.length > 24 ? shortHex(plan.input.value, 10, 6) : plan.input.value
  return `“${value}” as ${plan.candidates.map((c) => FIELD_BY_KEY[c.as!].noun).join(', ')}`
}

function newestFirst(hits: SearchHit[]): SearchHit[] {
  return [...hits].sort((a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0))
}

type CacheAnswer = Extract<SearchState, { from: 'cache' }>

/** How old the cached answer is, why the cache was read, and what it cannot answer exactly. */
function CacheNotes({ search }: { search: CacheAnswer & { retry(): void } }) {
  const forcedOffline = useCacheStatus((s) => s.forcedOffline)
  return (
    <>
      <CachedNotice fetchedAt={search.fetchedAt} />
      {!forcedOffline ? (
        <p className="notice notice-warn" role="status">
          {search.outage ? `The service could not be reached (${search.outage.message}); ` : 'The service looked unreachable; '}
          showing what the cache holds.{' '}
          <button type="button" onClick={search.retry}>
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

function Results({ plan, search, query }: { plan: SearchPlan; search: SearchState & { retry(): void; loadMore(): void }; query: string }) {
  const [showAll, setShowAll] = useState(false)
  const hits = search.status === 'done' ? search.hits : []
  useRouteTokenLabels(hits, search.status === 'done' && search.from === 'service')
  const shown = useMemo(() => (showAll || hits.length <= ROW_LIMIT ? hits : newestFirst(hits).slice(0, ROW_LIMIT)), [hits, showAll])
  const described = describePlan(plan)

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
        Searching {described}…
      </p>
    )
  if (search.status === 'error') return <ErrorNotice error={search.error} onRetry={search.retry} />

  const fromCache = search.from === 'cache'
  return (
    <div className="search-results">
      {search.from === 'cache' ? <CacheNotes search={search} /> : null}
      {!fromCache && search.failures.length ? (
        <div className="notice notice-warn" role="alert">
          {search.failures.map((f, i) => (
            <p key={i}>
              Searching {f.as ? `by ${FIELD_BY_KEY[f.as].noun}` : ''} failed: {f.error.message}
            </p>
          ))}
          <button type="button" onClick={search.retry}>
            Try again
          </button>
        </div>
      ) : null}
      {!fromCache && search.pending.length ? (
        <p className="muted small" role="status" data-testid="search-pending">
          {search.preview ? `Showing the wallet's newest ${search.hits.length} intents first. ` : ''}
          Still searching by {search.pending.map((as) => (as ? FIELD_BY_KEY[as].noun : 'the filters')).join(', ')}…
        </p>
      ) : null}
      <div className="row search-summary">
        <span role="status" data-testid="search-summary" className="search-summary-text">
          {search.hits.length} intent{search.hits.length === 1 ? '' : 's'} {fromCache ? 'in the cache ' : ''}
          {!fromCache && search.pending.length ? 'so far ' : ''}for {described}
        </span>
        <SaveSearchButton query={query} suggestedName={described} />
        {!fromCache ? (
          <button type="button" onClick={search.retry}>
            Refresh
          </button>
        ) : null}
      </div>
      {search.hits.length === 0 ? (
        <EmptyState title="No intents found">
          {fromCache ? 'The cache holds no intent' : 'The service has no intent'} matching {described}.
          {plan.mode === 'universal' ? ' Every filter the value could stand for was tried.' : ' All the filters must match at once; try fewer.'}
        </EmptyState>
      ) : (
        <>
          {shown.length < hits.length ? (
            <p className="notice notice-info">
              Showing the newest {shown.length} of {hits.length}.{' '}
              <button type="button" onClick={() => setShowAll(true)}>
                Show all {hits.length}
              </button>
            </p>
          ) : null}
          <div className="search-table-wrap">
            <ResultsTable hits={shown} showMatchedAs={plan.mode === 'universal'} />
          </div>
        </>
      )}
      {fromCache && search.more ? (
        <button type="button" onClick={search.loadMore}>
          Load more from the cache
        </button>
      ) : null}
    </div>
  )
}

/**
 * Find intents: one box that takes whatever was pasted, and every SearchIntents filter
 * for precise searches. The search lives in the URL, so it can be shared, bookmarked and
 * reopened.
 */
export function SearchView() {
  const [params, setParams] = useSearchParams()
  const query = params.toString()
  const plan = useMemo(() => planFromParams(new URLSearchParams(query)), [query])
  const search = useIntentSearch(plan)
  const universal = params.get(UNIVERSAL_PARAM) ?? ''
  const formQuery = plan.mode === 'filters' || plan.mode === 'invalid' ? query : ''
  const [filtersOpen, setFiltersOpen] = useState(formQuery !== '')
  useEffect(() => {
    if (formQuery) setFiltersOpen(true)
  }, [formQuery])

  return (
    <section className="view" aria-labelledby="search-title">
      <header className="view-header">
        <h1 id="search-title">Search</h1>
        <SavedSearchList />
      </header>
      <UniversalBox key={`q:${universal}`} initial={universal} autoFocus={plan.mode === 'none'} onSearch={(v) => setParams(paramsForUniversal(v))} />
      <details className="card search-filters" open={filtersOpen} onToggle={(e) => setFiltersOpen(e.currentTarget.open)}>
        <summary>Search by filters</summary>
        <SearchForm
          key={`f:${formQuery}`}
          initial={draftFromParams(new URLSearchParams(formQuery))}
          revealProblems={plan.mode === 'invalid'}
          onSearch={(request) => setParams(paramsForRequest(request))}
        />
      </details>
      <Results key={query} plan={plan} search={search} query={query} />
    </section>
  )
}
