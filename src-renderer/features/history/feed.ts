import type { DataSource } from '@contract/app'
import type { Result } from '@contract/errors'
import type { IntentHistoryEntry, Page } from '@contract/service'
import { call } from '../../data/call'
import { cacheHistoryPage } from '../../db'
import { firstPage, type HistoryQuery, type HistoryViewSettings } from './filters'

/**
 * Where history pages come from: the service (each page written through to the cache)
 * or, offline, the cache itself. Both page by an opaque cursor the store keeps, so
 * paging, "load all" and the table work the same either way.
 */
export interface FeedPage<C> {
  entries: IntentHistoryEntry[]
  /** Cursor of the page after this one; undefined at the end. */
  next: C | undefined
  more: boolean
  /** When the data was fetched from the service (epoch ms); for cached data, the oldest entry's. */
  fetchedAt: number | undefined
  source?: DataSource
}

/** What a list is: whose cache, which filters, which order. */
export interface FeedContext {
  profileId: string
  query: HistoryQuery
  settings: HistoryViewSettings
}

export interface HistoryFeed<C> {
  kind: 'service' | 'cache'
  /** One page: the first when `cursor` is undefined, else the page the cursor points at. */
  fetchPage(context: FeedContext, cursor: C | undefined, pageSize: number): Promise<Result<FeedPage<C>>>
  /** Resolves once everything fetched so far is in the cache. */
  settled(): Promise<void>
}

/**
 * Pages are written to the cache one after another, in the order they arrived, while the
 * next page is already being fetched: "load all" does not wait on the disk. (The cache
 * reports its own write failures; these promises never reject.)
 */
let writes: Promise<void> = Promise.resolve()
function writeThrough(source: DataSource, entries: IntentHistoryEntry[]): void {
  writes = writes.then(() => cacheHistoryPage(source, entries))
}

/**
 * The service's own cursor: `nextPage` is re-sent as `page`, only its size adjusted (so
 * "load all" can read bigger pages and stop exactly at its cap).
 */
export const serviceFeed: HistoryFeed<Page> = {
  kind: 'service',
  async fetchPage({ query, settings }, cursor, pageSize) {
    const page = cursor ? { ...cursor, pageSize } : firstPage(settings, pageSize)
    const r = await call('getIntentHistory', { ...query, page })
    if (!r.ok) return r
    const { data, source } = r.value
    writeThrough(source, data.intents)
    const next = data.nextPage
    const more = next !== undefined && next.more !== false && data.intents.length > 0
    return { ok: true, value: { entries: data.intents, next: more ? next : undefined, more, fetchedAt: source.fetchedAt, source } }
  },
  settled: () => writes,
}
