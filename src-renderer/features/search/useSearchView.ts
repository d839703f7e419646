import { useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import type { SearchIntentsRequest } from '@contract/service'
import { useRouteTokenLabels } from '../../data/reference/useRouteTokenLabels'
import { describeRequest, nounsOf, searchFilters, searchParams, shortValue, type SearchFilterKey } from './filters'
import type { SearchHit } from './hits'
import { historyLinkFor } from './historyLink'
import { paramsForUniversal, planFromParams, UNIVERSAL_PARAM, type SearchPlan } from './plan'
import { useIntentSearch } from './useIntentSearch'

/** Rows rendered before asking: SearchIntents has no paging, and a project can hold thousands. */
export const ROW_LIMIT = 500

/** What was searched, in words: "owner 0x12…, project 42" or "0xab… as intent id, transaction hash". */
function describePlan(plan: SearchPlan): string {
  if (plan.mode === 'filters') return describeRequest(plan.request)
  if (plan.mode !== 'universal') return ''
  return `“${shortValue(plan.input.value)}” as ${nounsOf(plan.candidates.map((c) => c.as!))}`
}

/** A call the service answered up to its cap, and where History lists all of it (when it can). */
export type CappedSearch = { as?: SearchFilterKey; historyHref?: string }

const NO_HITS: SearchHit[] = []

/**
 * The Search view's state: the plan the URL asks for, its search on the data layer, the
 * filter panel, the rows to draw and what the service's cap cut off. The search lives in
 * the URL, so it can be shared, bookmarked and reopened.
 */
export function useSearchView() {
  const [params, setParams] = useSearchParams()
  const query = params.toString()
  const plan = useMemo(() => planFromParams(new URLSearchParams(query)), [query])
  const search = useIntentSearch(plan)
  const formQuery = plan.mode === 'filters' || plan.mode === 'invalid' ? query : ''
  const formDraft = useMemo(() => searchFilters.decode(new URLSearchParams(formQuery)), [formQuery])

  // The panel opens when the URL brings filters, and otherwise stays as the person left it.
  const [filtersOpen, setFiltersOpen] = useState(formQuery !== '')
  const [openedFor, setOpenedFor] = useState(formQuery)
  if (openedFor !== formQuery) {
    setOpenedFor(formQuery)
    if (formQuery) setFiltersOpen(true)
  }

  const hits = search.status === 'done' ? search.hits : NO_HITS
  useRouteTokenLabels(hits, search.status === 'done' && search.from === 'service')
  const [showAllFor, setShowAllFor] = useState<string>()
  const all = showAllFor === query
  const rows = useMemo(() => (all || hits.length <= ROW_LIMIT ? hits : [...hits].sort((a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0)).slice(0, ROW_LIMIT)), [hits, all])
  const cappedCandidates = search.status === 'done' && search.from === 'service' ? search.capped : undefined
  const capped = useMemo(() => (cappedCandidates ?? []).map((c): CappedSearch => ({ as: c.as, historyHref: historyLinkFor(c.request) })), [cappedCandidates])

  return {
    plan,
    search,
    /** The URL query: the search's identity (saved searches store it). */
    query,
    described: describePlan(plan),
    /** The universal box's value from the URL. */
    universal: params.get(UNIVERSAL_PARAM) ?? '',
    /** The form's part of the URL ('' when the universal box searched). */
    formQuery,
    formDraft,
    filtersOpen,
    setFiltersOpen,
    searchUniversal: (value: string) => setParams(paramsForUniversal(value)),
    searchFilters: (request: SearchIntentsRequest) => setParams(searchParams(request)),
    /** The rows to draw: the newest `ROW_LIMIT` until "Show all". */
    rows,
    showAll: () => setShowAllFor(query),
    capped,
  }
}

export type SearchViewModel = ReturnType<typeof useSearchView>
