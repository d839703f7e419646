import { hashKey, useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useEffectEvent, useMemo } from 'react'
import type { SvcError } from '@contract/errors'
import { isOfflineMode, useOfflineMode } from '../stores/cache'
import { useListPlaces } from '../stores/listPlaces'
import { profileOfKey, queryKeys, type ArgsOf, type QuerySource } from './keys'
import type { PageParam } from '@contract/paging'
import { fetchListPage, firstParam, nextParam, type PageAnswer, type PagedSource } from './paging'
import { useReadAllRuns } from '../stores/readAllRuns'
import { cancelReadAll, readAllInto, type PagedData } from './readAll'
import { useListProfileId } from './useServiceQuery'

/**
 * The one paging hook for cursor lists: an infinite query keyed `[profileId, source,
 * args]`, each page answered live (written through) or from the cache with its age.
 *
 * - `pages` view: one page at a time. "Next" reads the page after the last one read (or
 *   shows one already read); "Previous" shows the page before, as it was read. The shown
 *   page's place is kept per list, so leaving the view and coming back finds it.
 * - `all` view: "load all" (`readAll`) reads every page up to a cap into the same kind of
 *   query, with progress, cancel and resume; going offline or back online reads it again
 *   from the other source.
 *
 * While a new list loads, the previous list of the same profile stays on screen, never one
 * from another profile.
 */

export type PagedView = 'pages' | 'all'

interface PagedQueryOptions<S extends QuerySource, T> {
  source: S
  /** The request without a cursor (null: nothing to load yet). Part of the key. */
  args: ArgsOf<S> | null
  load(profileId: string, args: ArgsOf<S>): PagedSource<T>
  pageSize: number
  view: PagedView
  /** Most items "load all" reads. */
  cap: number
  /** An item's identity, so "load all" shows an item listed twice once. */
  idOf?(item: T): string | undefined
}

function useListQuery<S extends QuerySource, T>(o: PagedQueryOptions<S, T>, profileId: string | undefined) {
  const enabled = profileId !== undefined && o.args !== null
  const key = queryKeys.request(profileId ?? '', o.source, o.args as ArgsOf<S>)
  const query = useInfiniteQuery<PageAnswer<T>, SvcError, PagedData<T>, typeof key, PageParam>({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => fetchListPage(o.load(profileId!, o.args as ArgsOf<S>), pageParam, isOfflineMode(), signal),
    initialPageParam: firstParam(o.pageSize),
    getNextPageParam: (last) => nextParam(last, o.pageSize),
    // "Load all" fills its query itself (`readAllInto`); the pages view reads on demand.
    enabled: enabled && o.view === 'pages',
    // A list comes back as it was left (a page deep in it costs a request per page before it),
    // unless it was invalidated meanwhile; Refresh, going offline or back online read it again.
    refetchOnMount: (q) => q.state.isInvalidated,
    placeholderData: (previous, previousQuery) => (profileOfKey(previousQuery?.queryKey) === profileId ? previous : undefined),
  })
  return { key, enabled, query }
}

function statusOf(enabled: boolean, fetching: boolean, error: SvcError | null | undefined, first: PageAnswer<unknown> | undefined, hasData: boolean) {
  if (!enabled) return 'idle'
  if (fetching) return 'loading'
  if (error) return 'error'
  if (hasData && first === null) return 'uncached'
  return hasData ? 'ok' : 'loading'
}

export function usePagedQuery<S extends QuerySource, T>(o: PagedQueryOptions<S, T>) {
  const profileId = useListProfileId()
  const offline = useOfflineMode()
  const client = useQueryClient()
  const { key, enabled, query } = useListQuery(o, profileId)
  const hash = hashKey(key)
  const run = useReadAllRuns((s) => s[hash])
  const place = useListPlaces((s) => s[hash] ?? 0)
  const all = o.view === 'all'

  const readAll = (resume: boolean, cap = o.cap) => {
    if (!profileId || o.args === null) return
    const source = o.load(profileId, o.args)
    void readAllInto(client, key, source, { cap, pageSize: o.pageSize, offline: isOfflineMode(), resume, idOf: o.idOf })
  }
  // The "all" view reads everything when opened without a run, and again from the other
  // source when the app goes offline or back online.
  const startAll = useEffectEvent(() => readAll(false))
  const lost = query.data === undefined || query.isPlaceholderData
  const needsRun = all && enabled && (!run || run.offline !== offline || (!run.running && lost))
  useEffect(() => {
    if (needsRun) startAll()
  }, [needsRun, hash])

  const pages = useMemo(() => (query.data?.pages ?? []).filter((p): p is NonNullable<PageAnswer<T>> => p !== null), [query.data])
  const pageIndex = Math.min(place, Math.max(0, pages.length - 1))
  const setPlace = (n: number) => useListPlaces.setState({ [hash]: n })
  const hasNext = !all && (pageIndex < pages.length - 1 || query.hasNextPage)
  const next = () => {
    if (!hasNext || query.isFetching) return
    if (pageIndex < pages.length - 1) return setPlace(pageIndex + 1)
    void query.fetchNextPage().then((r) => {
      if (!r.isError) setPlace(pageIndex + 1)
    })
  }
  const runStatus = run?.running ? 'loading' : run?.outcome === 'error' ? 'error' : run ? 'ok' : 'loading'
  const status: 'idle' | 'loading' | 'ok' | 'error' | 'uncached' = all ? (enabled ? runStatus : 'idle') : statusOf(enabled, query.isFetching, query.error, query.data?.pages[0], query.data !== undefined)
  return {
    status,
    error: (all ? run?.error : query.error) ?? undefined,
    /** The list's pages as read (for `all`: everything read so far); the previous list's while the first loads. */
    pages,
    /** Whether `pages` belong to this request (not a placeholder from the previous one). */
    current: query.data !== undefined && !query.isPlaceholderData,
    /** 0-based index of the shown page (`pages` view). */
    pageIndex,
    hasNext,
    next,
    previous: () => {
      if (pageIndex > 0) setPlace(pageIndex - 1)
    },
    reload: () => (all ? readAll(false) : void query.refetch()),
    /** Repeats what failed: the next page that could not be read, the list, or the interrupted "load all". */
    retry: () => {
      if (all) readAll(run?.next !== undefined && run.loaded > 0)
      else if (query.isFetchNextPageError) next()
      else void query.refetch()
    },
    run,
    /** Starts "load all" over; `cap` as just typed, which may not have reached the URL yet. */
    readAll: (cap?: number) => readAll(false, cap),
    /** Continues a capped or cancelled "load all". */
    resume: (cap?: number) => {
      if (run && !run.running && run.next) readAll(true, cap)
    },
    cancel: () => cancelReadAll(key),
  }
}
