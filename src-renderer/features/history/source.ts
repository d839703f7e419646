import type { GetIntentHistoryRequest, IntentHistoryEntry } from '@contract/service'
import { historyLive, type PagedSource } from '../../data/paging'
import type { OfflineCursor } from '../../db'
import { readCachedPage } from './cacheFeed'
import type { HistoryViewSettings } from './filters'

/**
 * Where History's pages come from, for the paging hook: the service (each page written
 * through to the cache) or, offline and on an outage, the cache with the same filters as
 * far as it can apply them (`cacheFeed.ts`), by cursors of its own.
 */
export function historySource(profileId: string, request: GetIntentHistoryRequest, settings: HistoryViewSettings): PagedSource<IntentHistoryEntry> {
  const { page, ...query } = request
  return {
    live: historyLive(query, page),
    cached: (cursor, pageSize) => readCachedPage(profileId, query, settings, cursor as OfflineCursor | undefined, pageSize),
  }
}
