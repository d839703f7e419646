import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import type { DataSource } from '@contract/app'
import type { GetIntentHistoryRequest, IntentHistoryEntry } from '@contract/service'
import { bridgeCall } from '../../data/liveOrCached'
import type { PageAnswer } from '../../data/paging'
import { queryKeys } from '../../data/keys'
import { dropReadAll } from '../../data/readAll'
import { usePagedQuery } from '../../data/usePagedQuery'
import { useListProfileId } from '../../data/useServiceQuery'
import { useCacheStatus, useOfflineMode } from '../../stores/cache'
import { useConnection } from '../../stores/connection'
import { historySource, offlineHistoryFor } from './cacheFeed'
import {
  historyFilters,
  historyParams,
  historyRequest,
  historySettings,
  requestPageSize,
  validate,
  type HistoryFilterDraft,
  type HistoryViewSettings,
} from './filters'
import { historyEntryIntentId } from '@contract/historyEntry'

/**
 * The History view's state and actions, apart from how it is drawn: the filters and view
 * settings read from the URL, the list paged through `usePagedQuery` (pages, or everything
 * "load all" read), what is shown and from where, and the actions that change the URL.
 */

const NONE: IntentHistoryEntry[] = []

type Page = NonNullable<PageAnswer<IntentHistoryEntry>>

/** The shown pages: the one at the place (pages view) or all of them. */
function shownPages(pages: Page[], pageIndex: number, all: boolean): Page[] {
  if (all) return pages
  const page = pages[pageIndex]
  return page ? [page] : []
}

/** Entries, age (for several pages, the oldest) and origin of the shown pages, and the filters the service's answers show it did not apply (applied here instead). */
function describeShown(pages: Page[]) {
  let fetchedAt: number | undefined
  let source: DataSource | null = null
  for (const p of pages) {
    if (p.fetchedAt) fetchedAt = Math.min(fetchedAt ?? p.fetchedAt, p.fetchedAt)
    source = p.data.source ?? source
  }
  const entries = pages.length === 1 ? pages[0]!.data.items : pages.length ? pages.flatMap((p) => p.data.items) : NONE
  const ignoredFilters = [...new Set(pages.flatMap((p) => p.data.ignoredFilters ?? []))]
  return { entries, fetchedAt, source, fromCache: pages.some((p) => p.fromCache), liveError: pages.find((p) => p.liveError)?.liveError, ignoredFilters }
}

function useHistoryList(request: ReturnType<typeof historyRequest> | null, settings: HistoryViewSettings, id: string | null) {
  const list = usePagedQuery({
    source: 'getIntentHistory',
    args: request,
    // `args` is the request `historyRequest` built: already in the service's own types.
    load: (profileId, args) => historySource(profileId, args as GetIntentHistoryRequest, settings),
    pageSize: requestPageSize(settings),
    view: settings.all ? 'all' : 'pages',
    cap: settings.cap,
    idOf: historyEntryIntentId,
  })
  const offline = useOfflineMode()
  const forcedOffline = useCacheStatus((s) => s.forcedOffline)
  const lastOutage = useConnection((s) => s.lastOutage)
  // Keyed on the pages, not the whole list: a "load all" progress update alone must not
  // rebuild the entries (and so the rows, table and summary) over the list read so far.
  const { pages, pageIndex } = list
  const shown = useMemo(() => describeShown(shownPages(pages, pageIndex, settings.all)), [pages, pageIndex, settings.all])
  const outage = offline && !forcedOffline ? lastOutage : null
  const state = {
    /** Identity of the list (profile, filters, sort, page size) for what the view keeps of it; null while nothing is asked. */
    id,
    view: settings.all ? ('all' as const) : ('pages' as const),
    status: list.status,
    /** Whether the shown entries belong to the asked list (not the previous one, kept while it loads). */
    current: list.current,
    pageIndex: list.pageIndex,
    /** Pages: a page after the shown one; all: "load all" can continue. */
    more: settings.all ? list.run?.next !== undefined : list.hasNext,
    run: list.run,
    ...shown,
    /** The failure to show: the list's own, or the outage that switched the view to the cache. */
    liveError: list.error ?? shown.liveError ?? outage,
    /** The failed call the shown cached pages stand in for (the one fallback rule), named by the cached-data notice. */
    cachedBecause: shown.fromCache ? shown.liveError : undefined,
  }
  return { list, state }
}

export type HistoryList = ReturnType<typeof useHistoryList>['state']

export function useHistoryView() {
  const [params, setParams] = useSearchParams()
  const applied = useMemo(() => historyFilters.decode(params), [params])
  const settings = useMemo(() => historySettings.decode(params), [params])
  const validation = useMemo(() => validate(applied), [applied])
  const query = validation.ok ? validation.query : null
  const request = useMemo(() => (query ? historyRequest(query, settings) : null), [query, settings])
  const profileId = useListProfileId()
  const id = query && profileId ? JSON.stringify([profileId, query, settings.sort, settings.order, settings.pageSize]) : null
  const { list, state } = useHistoryList(request, settings, id)
  const offline = useOfflineMode()

  const applySettings = (next: Partial<HistoryViewSettings>) => setParams(historyParams(applied, { ...settings, ...next }), { replace: true })
  // A new list (other filters, sort or page size) starts at its first page, as a new search
  // does. The same function while the URL stays, so the filter form is not drawn again at
  // each page "load all" adds.
  const applyFilters = useCallback(
    (draft: HistoryFilterDraft) => setParams(historyParams(draft, { ...settings, all: false })),
    [setParams, settings],
  )
  const actions = {
    applyFilters,
    applySettings,
    next: list.next,
    previous: list.previous,
    reload: list.reload,
    // A failure of the list is repeated; an outage is retried against the service, whose
    // answer ends the outage and so reads every shown list again from the service.
    retry: () => (list.error || !offline || !request ? list.retry() : void bridgeCall('getIntentHistory', request)),
    // Switching to and from "all" goes through the URL; in that view "Load all" starts it over.
    startLoadAll: (cap?: number) => {
      if (settings.all) return list.readAll(cap)
      // Entering the view by the button reads the list afresh, even if an earlier run of it is kept.
      if (query && profileId) dropReadAll(queryKeys.request(profileId, 'getIntentHistory', historyRequest(query, { ...settings, all: true })))
      applySettings({ all: true, ...(cap === undefined ? {} : { cap }) })
    },
    resumeLoadAll: list.resume,
    cancelLoadAll: list.cancel,
    backToPages: () => applySettings({ all: false }),
  }
  return {
    applied,
    settings,
    validation,
    query,
    offline,
    /** Filters the cache applies only approximately, shown beside cached data. */
    offlineNotes: offline && query ? offlineHistoryFor(query, settings).caveats : [],
    balances: Boolean(query?.includeBalances || query?.onlyRecoverable),
    list: state,
    actions,
  }
}

export type HistoryViewModel = ReturnType<typeof useHistoryView>
export type HistoryActions = HistoryViewModel['actions']
