import type { SvcError } from '@contract/errors'
import { cacheHistoryPage, flushHistoryJournal } from '../../db'
import { call } from '../../lib/call'

/** Most intents one "fetch" reads: statistics need a sample, not the whole service. */
export const FETCH_CAP = 10_000
const PAGE_SIZE = 100

export interface FetchProgress {
  read: number
}

export type FetchOutcome = { outcome: 'complete' | 'cap' | 'cancelled'; read: number } | { outcome: 'error'; read: number; error: SvcError }

/**
 * Reads GetIntentHistory from `fromSeconds` on (newest first) into the cache, page by
 * page, until the list ends, the cap is reached or the caller cancels; every page is
 * written through as it arrives, so a cancel or an error keeps what was read. The
 * journal is flushed at the end so the statistics see every entry at once.
 */
export async function fetchWindowIntoCache(fromSeconds: number | undefined, signal: AbortSignal, onProgress: (p: FetchProgress) => void): Promise<FetchOutcome> {
  let page: Record<string, unknown> | undefined
  let read = 0
  try {
    for (;;) {
      if (signal.aborted) return { outcome: 'cancelled', read }
      if (read >= FETCH_CAP) return { outcome: 'cap', read }
      const r = await call('getIntentHistory', { fromTime: fromSeconds, page: { ...page, pageSize: Math.min(PAGE_SIZE, FETCH_CAP - read) } })
      if (!r.ok) return { outcome: 'error', read, error: r.error }
      const { intents, nextPage } = r.value.data
      await cacheHistoryPage(r.value.source, intents)
      read += intents.length
      onProgress({ read })
      if (!nextPage || nextPage.more === false || intents.length === 0) return { outcome: 'complete', read }
      page = nextPage
    }
  } finally {
    await flushHistoryJournal().catch(() => undefined)
  }
}
