import { create } from 'zustand'
import type { DataSource } from '@contract/app'
import type { SvcError } from '@contract/errors'
import type { IntentHistoryEntry } from '@contract/service'
import { onFilingFinished } from '../../stores/cache'
import { cacheFeed } from './cacheFeed'
import { serviceFeed, type FeedContext, type FeedPage, type HistoryFeed } from './feed'
import { DEFAULT_SETTINGS, type HistoryQuery, type HistoryViewSettings } from './filters'
import { loadAll, type LoadAllOutcome } from './loadAll'
import { entryIntentId } from './rows'

/**
 * The History view's loaded entries, cursors and selection. It lives outside the view so
 * opening an intent and coming back finds the same list, page and scroll position, and
 * so "load all" keeps going while the person looks at something else.
 *
 * Two modes: `pages` shows one page at a time (forward by the service's `nextPage`,
 * back by the cursors already seen); `all` holds everything "load all" read. The mode
 * asked for is `settings.all`, which `open` takes from the URL: a new list opened with it
 * starts loading all at once, and a change of it switches the shown list.
 */

export type FeedKind = 'service' | 'cache'
export type HistoryMode = 'pages' | 'all'

/** Entries "load all" asks for per request: fewer round trips, still a bounded answer. */
export const LOAD_ALL_PAGE_SIZE = 100

export interface LoadAllState {
  running: boolean
  /** Set once cancel was asked for; the page in flight still lands. */
  cancelling: boolean
  loaded: number
  cap: number
  pages: number
  /** Entries the service listed again on a later page; shown once. */
  duplicates: number
  outcome?: LoadAllOutcome
  /**
   * Set when the list is known to be longer than what was loaded: the service was read
   * this far (and said more remained) before it could not be read further. A list the
   * cache completes short of it is partial, not "all".
   */
  atLeast?: number
}

export interface HistoryState {
  /** Identity of the list (profile + filters + sort + page size); a new key starts over. */
  key: string | null
  profileId: string
  query: HistoryQuery
  settings: HistoryViewSettings
  feedKind: FeedKind
  mode: HistoryMode
  entries: IntentHistoryEntry[]
  /** 0-based index of the shown page (pages mode). */
  pageIndex: number
  /** The cursor each page seen so far was read with; page 1 has none. */
  cursors: unknown[]
  /** Cursor of the page after the shown one (or after the last loaded, in `all` mode). */
  next: unknown
  more: boolean
  status: 'idle' | 'loading' | 'ready' | 'error'
  error: SvcError | null
  /** When the shown data was fetched (epoch ms); for a mix, the oldest part's. */
  fetchedAt: number | undefined
  source: DataSource | null
  loadAll: LoadAllState | null
  /** Picked entries by row key; kept across pages so a selection can span them. */
  selected: ReadonlyMap<string, IntentHistoryEntry>
  /** The entry shown in the detail panel. */
  detail: { key: string; entry: IntentHistoryEntry } | null
  scrollTop: number

  open(key: string, context: FeedContext, feedKind: FeedKind): void
  reload(): void
  /** Repeats what failed: the page that could not be read, or the interrupted "load all". */
  retry(): void
  /** Reads the first page, or in the "all" view everything, from the service again after working from the cache. */
  retryOnline(): void
  /**
   * Reads the shown cached page again in place (no loading state, same scroll and
   * selection): entries filed for offline search since it was read show up.
   */
  refreshCachedPage(): void
  nextPage(): void
  previousPage(): void
  /** `cap` as just typed, which may not have reached the URL yet. */
  startLoadAll(cap?: number): void
  resumeLoadAll(cap?: number): void
  cancelLoadAll(): void
  backToPages(): void
  toggleSelected(key: string, entry: IntentHistoryEntry): void
  setSelected(picked: Iterable<[string, IntentHistoryEntry]>): void
  showDetail(detail: { key: string; entry: IntentHistoryEntry } | null): void
  setScrollTop(top: number): void
}

export type HistoryFeeds = Record<FeedKind, HistoryFeed<unknown>>

const DEFAULT_FEEDS: HistoryFeeds = {
  service: serviceFeed as HistoryFeed<unknown>,
  cache: cacheFeed as HistoryFeed<unknown>,
}

/** What a new list starts from. */
const FRESH = {
  mode: 'pages',
  entries: [],
  pageIndex: 0,
  cursors: [],
  next: undefined,
  more: false,
  fetchedAt: undefined,
  source: null,
  loadAll: null,
  selected: new Map(),
  detail: null,
  scrollTop: 0,
} satisfies Partial<HistoryState>

export function createHistoryStore(feeds: HistoryFeeds = DEFAULT_FEEDS) {
  return create<HistoryState>()((set, get) => {
    /** Bumped by every new request; answers to older ones are dropped. */
    let seq = 0
    let loadAllAbort: AbortController | null = null
    /** Intent ids already in `entries` during "load all". */
    let seen = new Set<string>()
    let retryTarget: { index: number; cursor: unknown } | null = null
    /** The feed of the page request in flight, which becomes `feedKind` when it succeeds. */
    let pendingFeed: FeedKind | null = null
    /**
     * How long the service showed this list to be, at least, while loading all: entries
     * it listed plus one when it said more remained. Kept per list key, across a switch
     * to the cache when the service is lost, so the cache's shorter "all" is called partial.
     */
    let serviceBound: { key: string | null; atLeast: number; exact: boolean } = { key: null, atLeast: 0, exact: false }
    const noteServiceBound = (atLeast: number, exact: boolean) => {
      const key = get().key
      if (serviceBound.key !== key) serviceBound = { key, atLeast: 0, exact: false }
      serviceBound = { key, atLeast: exact ? atLeast : Math.max(serviceBound.atLeast, atLeast), exact }
    }
    /** The bound to report when a load-all of `loaded` entries ended: only if the list is known to be longer. */
    const partialBound = (loaded: number, outcome: LoadAllOutcome): number | undefined => {
      if (serviceBound.key !== get().key || serviceBound.exact) return undefined
      const known = Math.max(serviceBound.atLeast, outcome === 'error' && get().more ? loaded + 1 : 0)
      return (outcome === 'complete' || outcome === 'error') && known > loaded ? known : undefined
    }

    const context = (): FeedContext => {
      const { profileId, query, settings } = get()
      return { profileId, query, settings }
    }

    const stopLoadAll = () => {
      loadAllAbort?.abort()
      loadAllAbort = null
    }

    const showPage = (index: number, cursor: unknown, feedKind = get().feedKind) => {
      stopLoadAll()
      const mine = ++seq
      pendingFeed = feedKind
      set({ status: 'loading', error: null })
      void feeds[feedKind].fetchPage(context(), cursor, get().settings.pageSize).then((r) => {
        if (mine !== seq) return
        pendingFeed = null
        if (!r.ok) {
          retryTarget = { index, cursor }
          set({ status: 'error', error: r.error })
          return
        }
        retryTarget = null
        const cursors = get().cursors.slice(0, index)
        cursors[index] = cursor
        set({
          feedKind,
          mode: 'pages',
          status: 'ready',
          entries: r.value.entries,
          pageIndex: index,
          cursors,
          next: r.value.next,
          more: r.value.more,
          fetchedAt: r.value.fetchedAt,
          source: r.value.source ?? null,
          loadAll: null,
          scrollTop: 0,
        })
      })
    }

    const runLoadAll = (resume: boolean, cap = get().settings.cap, feedKind = get().feedKind) => {
      stopLoadAll()
      const wanted = get().settings
      if (cap !== wanted.cap || !wanted.all) set({ settings: { ...wanted, cap, all: true } })
      if (feedKind !== get().feedKind) set({ feedKind })
      const mine = ++seq
      pendingFeed = null
      const abort = new AbortController()
      loadAllAbort = abort
      const { settings } = get()
      const previous = get().loadAll
      if (!resume) {
        seen = new Set()
        set({ mode: 'all', entries: [], next: undefined, more: true, fetchedAt: undefined, detail: null, scrollTop: 0 })
      }
      const already = get().entries.length
      set({
        status: 'loading',
        error: null,
        loadAll: {
          running: true,
          cancelling: false,
          loaded: already,
          cap: settings.cap,
          pages: resume ? (previous?.pages ?? 0) : 0,
          duplicates: resume ? (previous?.duplicates ?? 0) : 0,
        },
      })
      const feed = feeds[feedKind]
      const ctx = context()
      void loadAll({
        fetchPage: (cursor, pageSize) => feed.fetchPage(ctx, cursor, pageSize),
        from: resume ? get().next : undefined,
        already,
        cap: settings.cap,
        pageSize: Math.max(LOAD_ALL_PAGE_SIZE, settings.pageSize),
        signal: abort.signal,
        onPage: (entries, page: FeedPage<unknown>) => {
          if (mine !== seq) return 0
          const fresh = entries.filter((e) => {
            const id = entryIntentId(e)
            if (id === undefined) return true
            if (seen.has(id)) return false
            seen.add(id)
            return true
          })
          const s = get()
          const progress = s.loadAll!
          if (feedKind === 'service') noteServiceBound(progress.loaded + fresh.length + (page.more ? 1 : 0), !page.more)
          set({
            entries: fresh.length ? s.entries.concat(fresh) : s.entries,
            next: page.next,
            more: page.more,
            fetchedAt: page.fetchedAt === undefined ? s.fetchedAt : Math.min(s.fetchedAt ?? page.fetchedAt, page.fetchedAt),
            source: page.source ?? s.source,
            loadAll: {
              ...progress,
              loaded: progress.loaded + fresh.length,
              pages: progress.pages + 1,
              duplicates: progress.duplicates + entries.length - fresh.length,
            },
          })
          return fresh.length
        },
      }).then(async (result) => {
        if (mine !== seq) return
        // "Loaded all" also means "all cached": the last pages may still be on their way to disk.
        await feed.settled()
        if (mine !== seq) return
        if (loadAllAbort === abort) loadAllAbort = null
        const progress = get().loadAll!
        const atLeast = partialBound(progress.loaded, result.outcome)
        set({
          status: result.outcome === 'error' ? 'error' : 'ready',
          error: result.error ?? null,
          next: result.next,
          more: result.next !== undefined,
          loadAll: { ...progress, running: false, cancelling: false, outcome: result.outcome, ...(atLeast !== undefined && { atLeast }) },
        })
      })
    }

    return {
      key: null,
      profileId: '',
      query: {},
      settings: DEFAULT_SETTINGS,
      feedKind: 'service',
      status: 'idle',
      error: null,
      ...FRESH,

      open: (key, { profileId, query, settings }, feedKind) => {
        const s = get()
        // A retry online may be in flight: it is already the request the view asks for.
        if (s.key === key && (pendingFeed ?? s.feedKind) === feedKind && s.status !== 'idle') {
          // Same list: the cap matters to the next "load all"; a change of view switches it.
          if (s.settings.all !== settings.all) {
            set({ settings: { ...s.settings, cap: settings.cap } })
            if (settings.all) runLoadAll(false)
            else get().backToPages()
          } else if (s.settings.cap !== settings.cap) set({ settings })
          return
        }
        stopLoadAll()
        set({ key, profileId, query, settings, feedKind, ...FRESH, selected: new Map() })
        if (settings.all) runLoadAll(false)
        else showPage(0, undefined, feedKind)
      },
      reload: () => {
        const s = get()
        if (s.mode === 'all') runLoadAll(false)
        else showPage(s.pageIndex, s.cursors[s.pageIndex])
      },
      retry: () => {
        const s = get()
        if (s.mode === 'all') runLoadAll(s.entries.length > 0 && s.next !== undefined)
        else if (retryTarget) showPage(retryTarget.index, retryTarget.cursor)
        else s.reload()
      },
      retryOnline: () => (get().settings.all ? runLoadAll(false, undefined, 'service') : showPage(0, undefined, 'service')),
      refreshCachedPage: () => {
        const s = get()
        // "Load all" from the cache holds what it read; re-reading it would start it over.
        if (s.feedKind !== 'cache' || s.mode !== 'pages' || s.status !== 'ready') return
        const mine = ++seq
        void feeds.cache.fetchPage(context(), s.cursors[s.pageIndex], s.settings.pageSize).then((r) => {
          if (mine !== seq || !r.ok) return
          set({ entries: r.value.entries, next: r.value.next, more: r.value.more, fetchedAt: r.value.fetchedAt, source: r.value.source ?? null })
        })
      },
      nextPage: () => {
        const s = get()
        if (s.mode !== 'pages' || !s.more || s.status === 'loading') return
        showPage(s.pageIndex + 1, s.next)
      },
      previousPage: () => {
        const s = get()
        if (s.mode !== 'pages' || s.pageIndex === 0 || s.status === 'loading') return
        showPage(s.pageIndex - 1, s.cursors[s.pageIndex - 1])
      },
      startLoadAll: (cap) => runLoadAll(false, cap),
      resumeLoadAll: (cap) => {
        const s = get()
        if (s.mode === 'all' && !s.loadAll?.running && s.next !== undefined) runLoadAll(true, cap)
      },
      cancelLoadAll: () => {
        const progress = get().loadAll
        if (!progress?.running || !loadAllAbort) return
        loadAllAbort.abort()
        set({ loadAll: { ...progress, cancelling: true } })
      },
      backToPages: () => {
        set({ cursors: [], detail: null, settings: { ...get().settings, all: false } })
        showPage(0, undefined)
      },
      toggleSelected: (key, entry) =>
        set((s) => {
          const selected = new Map(s.selected)
          if (!selected.delete(key)) selected.set(key, entry)
          return { selected }
        }),
      setSelected: (picked) => set({ selected: new Map(picked) }),
      showDetail: (detail) => set({ detail }),
      setScrollTop: (scrollTop) => set({ scrollTop }),
    }
  })
}

export const useHistory = createHistoryStore()

// Filing runs behind "load all" from the service and may end while the person is on another view.
onFilingFinished(() => useHistory.getState().refreshCachedPage())
