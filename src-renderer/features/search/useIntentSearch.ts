import { useQueryClient, type QueryClient, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query'
import { useCallback, useMemo, useState } from 'react'
import type { Answer } from '../../data/liveOrCached'
import { useGrowingCacheRead, useQueryList } from '../../data/useQueryList'
import { useProfileId } from '../../data/useServiceQuery'
import { isOfflineMode, useCacheStatus, useFilingFinished, useOfflineMode } from '../../stores/cache'
import { useConnection } from '../../stores/connection'
import type { SearchHit } from './hits'
import type { Candidate, SearchPlan } from './plan'
import { cachePagesQuery, candidateQuery, previewQuery, type CandidateAnswer, type SearchContext } from './searchQueries'
import { searchStateOf, type CandidateOutcome, type SearchState } from './searchState'

type IntentSearch = SearchState & { retry(): void; loadMore(): void }

const NO_CANDIDATES: readonly Candidate[] = []

/**
 * A call that failed counts as failed even when an earlier answer to the same request is
 * still in the query cache: showing those rows as if they were the new answer would hide
 * the failure (a truncated answer, a refused key). While it is asked again, the earlier
 * answer shows.
 */
const outcomeOf = (q: UseQueryResult<Answer<CandidateAnswer>>): CandidateOutcome =>
  !q.isFetching && q.isError ? { error: q.error } : q.data ? { answer: q.data } : {}

/** The preview's rows and each call's outcome, recomputed only when a query's state changes. */
function combineResults(hasPreview: boolean) {
  return (results: ReadonlyArray<UseQueryResult<unknown>>) => ({
    preview: hasPreview ? (results[0].data as SearchHit[] | undefined) : undefined,
    outcomes: results.slice(hasPreview ? 1 : 0).map((q) => outcomeOf(q as UseQueryResult<Answer<CandidateAnswer>>)),
  })
}

/**
 * Asks the plan's calls again, of the service. When the app thinks the service is out of
 * reach, it is marked reachable instead: that alone re-runs every shown query against the
 * service (`followOfflineMode`), and refetching here as well would send each call twice
 * (the answer marks the service reachable while the refetch is still out, and that
 * re-run cancels and repeats it). A failure marks it out of reach again.
 */
function askAgain(client: QueryClient, ctx: SearchContext, list: readonly Candidate[]) {
  const connection = useConnection.getState()
  if (connection.reachability === 'offline') return connection.noteReachable()
  for (const c of list) void client.refetchQueries({ queryKey: candidateQuery(ctx, c).queryKey, exact: true })
}

/**
 * Runs a search plan on the data layer: each SearchIntents call its own query (keyed by
 * profile and request), all in parallel, rows shown as soon as one answer has some (the
 * rest merge in as they arrive), answers written through once the window is idle. In
 * offline mode, or when the service cannot be reached, each call is answered from the
 * cache a page at a time ("Load more"); `retry` asks the service again unless the person
 * chose to work offline, and the service coming back within reach re-runs every query.
 * Cached answers are read again when the cache has filed what it was still staging.
 */
export function useIntentSearch(plan: SearchPlan): IntentSearch {
  const client = useQueryClient()
  const profileId = useProfileId()
  const offlineNow = useOfflineMode()
  const forcedOffline = useCacheStatus((s) => s.forcedOffline)
  const lastOutage = useConnection((s) => s.lastOutage)
  const list = plan.mode === 'universal' || plan.mode === 'filters' ? plan.candidates : NO_CANDIDATES
  const planKey = JSON.stringify(list)
  const ctx = useMemo<SearchContext>(() => ({ profileId: profileId ?? '', client, offline: isOfflineMode }), [profileId, client])
  const enabled = profileId !== undefined
  // The same queries until the plan, profile or mode changes: new ones at each render had the query library look them all up again.
  const { queries, hasPreview } = useMemo(() => {
    const preview = enabled && !offlineNow ? previewQuery(ctx, list) : undefined
    const all = [...(preview ? [preview] : []), ...list.map((c) => ({ ...candidateQuery(ctx, c, preview), enabled }))]
    return { queries: all as UseQueryOptions<unknown>[], hasPreview: preview !== undefined }
  }, [ctx, list, enabled, offlineNow])
  const combine = useMemo(() => combineResults(hasPreview), [hasPreview])
  const { preview: previewRows, outcomes } = useQueryList(queries, combine)

  const [more, setMore] = useState({ planKey, pages: 1 })
  const pages = more.planKey === planKey ? more.pages : 1
  const morePages = useGrowingCacheRead(cachePagesQuery(ctx.profileId, list, pages), enabled && pages > 1)
  const moreData = pages > 1 ? morePages.data : undefined

  const state = useMemo(
    () => (list.length ? (searchStateOf(list, outcomes, previewRows, moreData) ?? { status: 'loading' as const }) : { status: 'idle' as const }),
    [list, outcomes, previewRows, moreData],
  )
  const retry = useCallback(() => askAgain(client, ctx, list), [client, ctx, list])
  const fromCache = state.status === 'done' && state.from === 'cache'
  const canReadMore = fromCache && state.more
  const loadMore = useCallback(() => {
    if (canReadMore) setMore({ planKey, pages: pages + 1 })
  }, [canReadMore, planKey, pages])

  // Entries staged by "load all" become searchable once filed: read the cache again, in place.
  useFilingFinished(() => {
    if (!fromCache) return
    for (const c of list) void client.invalidateQueries({ queryKey: candidateQuery(ctx, c).queryKey, exact: true })
    if (pages > 1) void client.invalidateQueries({ queryKey: cachePagesQuery(ctx.profileId, list, pages).queryKey, exact: true })
  })

  const withOutage = fromCache && !state.outage && !forcedOffline && lastOutage ? { ...state, outage: lastOutage } : state
  return { ...withOutage, retry, loadMore }
}
