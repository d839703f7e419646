import type { DataSource, Fetched } from '@contract/app'
import { checkHistoryFilters } from '@contract/filterCheck'
import { readPagesLoop, RepeatedCursor, type PageParam, type ReadOutcome } from '@contract/paging'
import type { Result, SvcError } from '@contract/errors'
import type { GetIntentHistoryRequest, IntentHistoryEntry, Page } from '@contract/service'
import { cacheModule } from '../db/lazy'
import { toSvcError } from './errors'
import { answerLiveOrCached, bridgeCall, type Answer, type CachedHit } from './liveOrCached'

/**
 * Cursor lists (GetIntentHistory) read page by page: the one page function behind the
 * paging hook (`usePagedQuery`) and behind every loop that reads "pages up to a cap"
 * (`readPages`). A page is answered live (written through) or, on an outage, from the
 * cache with its age, like every other query (`answerLiveOrCached`).
 *
 * Cursors are opaque here. The service's are its `nextPage` objects, whose uint64
 * `after`/`before` are decimal strings: they are re-sent as they came, never turned into
 * numbers, so a cursor above 2^53 stays exact. The cache has cursors of its own; a page
 * read from the cache is followed by the cache's next page, never the service's.
 */

/** One page of a list: its items and the cursor of the page after it (undefined at the end). */
export interface ListPage<T> {
  items: T[]
  next: unknown
  /** The service answer's origin (profile, base URL, fetch time); absent for a cached page. */
  source?: DataSource
  /** Filters the service's answer shows it did not apply; `items` has them applied here. */
  ignoredFilters?: string[]
}

/** How one list is read live and from the cache. */
export interface PagedSource<T> {
  /** One page from the service, written through to the cache; `signal` gives the request up. */
  live(cursor: unknown, pageSize: number, signal?: AbortSignal): Promise<Result<Fetched<ListPage<T>>>>
  /** One page of the same list from the cache, by the cache's own cursor; absent when the list is not kept. */
  cached?(cursor: unknown, pageSize: number): Promise<CachedHit<ListPage<T>> | undefined>
}

export type PageAnswer<T> = Answer<ListPage<T>>

export const firstParam = (pageSize: number): PageParam => ({ cursor: undefined, pageSize, from: 'live' })

/** The page after `answer`, read with the same kind of cursor; undefined when the list ended there. */
export function nextParam<T>(answer: PageAnswer<T>, pageSize: number): PageParam | undefined {
  if (!answer || answer.data.next === undefined) return undefined
  return { cursor: answer.data.next, pageSize, from: answer.fromCache ? 'cache' : 'live' }
}

/**
 * The page function. The first page is live or, offline or on an outage, the cache's first
 * page; a later page follows the cursor it was given: the cache's from the cache, the
 * service's from the service (offline, a service cursor has no cached answer: null).
 * `signal` (the query's, or a "load all" run's) gives the live request up.
 */
export async function fetchListPage<T>(source: PagedSource<T>, param: PageParam, offline: boolean, signal?: AbortSignal): Promise<PageAnswer<T>> {
  const cached = () => source.cached?.(param.cursor, param.pageSize) ?? Promise.resolve(undefined)
  if (param.from === 'cache') {
    try {
      const hit = await cached()
      return hit ? { data: hit.data, fetchedAt: hit.fetchedAt, fromCache: true } : null
    } catch (e) {
      throw toSvcError(e, 'cache')
    }
  }
  const live = (s?: AbortSignal) => source.live(param.cursor, param.pageSize, s)
  return answerLiveOrCached({ live, cached: param.cursor === undefined ? cached : async () => undefined }, offline, signal)
}

interface ReadPagesOptions<T> {
  /** Where to start: undefined for the first page, or the param to resume from. */
  from?: PageParam
  /** Items already read (when resuming); they count towards the cap. */
  already?: number
  cap: number
  pageSize: number
  signal?: AbortSignal
  /** Each page as it lands; returns how many of its items were new (default: all). */
  onPage?(answer: NonNullable<PageAnswer<T>>, param: PageParam): number | void
}

interface ReadPagesResult {
  outcome: ReadOutcome
  /** Where to resume after a cap, a cancel or an error; undefined when the list ended. */
  next: PageParam | undefined
  /** Items counted towards the cap, `already` included. */
  read: number
  error?: SvcError
}

/**
 * Reads page after page with the one paging loop (`readPagesLoop` in the contract, its
 * stop rules there): until the list ends, the cap is reached, `signal` aborts, or a page
 * fails. The last page asks only for what the cap still allows, so the cap is never
 * overshot, and a page with nothing new ends the list.
 */
export async function readPages<T>(fetch: (param: PageParam) => Promise<PageAnswer<T>>, o: ReadPagesOptions<T>): Promise<ReadPagesResult> {
  const r = await readPagesLoop<PageParam>(
    async (asked) => {
      const answer = await fetch(asked)
      if (!answer) return null
      return { counted: o.onPage?.(answer, asked) ?? answer.data.items.length, next: nextParam(answer, o.pageSize) }
    },
    {
      from: o.from ?? firstParam(o.pageSize),
      already: o.already,
      cap: o.cap,
      trim: { withRoom: (param, room) => ({ ...param, pageSize: Math.min(o.pageSize, room) }) },
      signal: o.signal,
      sameCursor: (sent, next) => sent.cursor !== undefined && sent.from === next.from && JSON.stringify(sent.cursor) === JSON.stringify(next.cursor),
    },
  )
  if (r.error instanceof RepeatedCursor)
    return { outcome: 'error', next: r.next, read: r.read, error: { kind: 'BadResponse', message: `The ${r.next?.from === 'cache' ? 'cache' : 'service'} returned the same page cursor twice, so reading on would never end.` } }
  return { outcome: r.outcome, next: r.next, read: r.read, ...(r.outcome === 'error' && { error: toSvcError(r.error) }) }
}

// ---- GetIntentHistory ------------------------------------------------------------

/** A history request without its cursor: what defines the list being paged through. */
export type HistoryQuery = Omit<GetIntentHistoryRequest, 'page'>

/**
 * GetIntentHistory as a paged source, live side: the first page is `first` (sort and
 * column) at the asked size; later pages re-send the service's `nextPage` as is, only its
 * size adjusted. There are more pages while `nextPage` is present, its `more` is not false
 * and the page was not empty.
 */
export function historyLive(query: HistoryQuery, first: Page = {}): PagedSource<IntentHistoryEntry>['live'] {
  return async (cursor, pageSize, signal) => {
    const page = { ...((cursor as Page | undefined) ?? first), pageSize }
    const r = await bridgeCall('getIntentHistory', { ...query, page }, { signal })
    if (!r.ok) return r
    const { intents, nextPage } = r.value.data
    const more = nextPage !== undefined && nextPage.more !== false && intents.length > 0
    // A filter the rows contradict was not applied by the service: it is named, and applied here.
    const { rows, ignored } = checkHistoryFilters(query, intents)
    const data = { items: rows, next: more ? nextPage : undefined, source: r.value.source, ...(ignored.length > 0 && { ignoredFilters: ignored }) }
    return { ok: true, value: { data, source: r.value.source } }
  }
}

interface HistoryReadOptions extends Pick<ReadPagesOptions<IntentHistoryEntry>, 'cap' | 'pageSize' | 'signal'> {
  onPage?(entries: IntentHistoryEntry[]): void
  /** Files every entry read in the cache's indexes before returning, so a read of the cache right after (statistics) sees them all. */
  filed?: boolean
}

/**
 * GetIntentHistory up to a cap for callers outside React (statistics, queues): every page
 * is written through to the cache as it lands, so a cancel or an error keeps what was read.
 * It asks the service only; callers that can work from the cache read it themselves.
 */
export async function readHistory(query: HistoryQuery, o: HistoryReadOptions) {
  const source: PagedSource<IntentHistoryEntry> = { live: historyLive(query) }
  const entries: IntentHistoryEntry[] = []
  try {
    const r = await readPages((param) => fetchListPage(source, param, false), {
      cap: o.cap,
      pageSize: o.pageSize,
      signal: o.signal,
      onPage: (answer) => {
        entries.push(...answer.data.items)
        o.onPage?.(answer.data.items)
      },
    })
    return { entries, outcome: r.outcome, error: r.error }
  } finally {
    if (o.filed) await cacheModule().then((db) => db.flushHistoryJournal()).catch(() => undefined)
  }
}
