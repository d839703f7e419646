import type { SvcError } from '@contract/errors'
import { readHistory } from '../../data/paging'

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
 * written through as it arrives, so a cancel or an error keeps what was read. Every entry
 * is filed before it returns, so the statistics see them all at once.
 */
export async function fetchWindowIntoCache(fromSeconds: number | undefined, signal: AbortSignal, onProgress: (p: FetchProgress) => void): Promise<FetchOutcome> {
  let read = 0
  const r = await readHistory(
    { fromTime: fromSeconds },
    { cap: FETCH_CAP, pageSize: PAGE_SIZE, signal, filed: true, onPage: (entries) => onProgress({ read: (read += entries.length) }) },
  )
  return r.outcome === 'error' ? { outcome: 'error', read, error: r.error! } : { outcome: r.outcome, read }
}
