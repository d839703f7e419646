import type { SvcError } from '@contract/errors'
import type { IntentHistoryEntry } from '@contract/service'
import type { FeedPage } from './feed'

/**
 * "Load all": reads page after page until the list ends, the cap is reached, the
 * caller cancels, or a page fails. Cancellation is checked between pages (a page in
 * flight is kept, since it was fetched and cached anyway), and the last page asks only
 * for what the cap still allows, so the cap is never overshot.
 */

export type LoadAllOutcome = 'complete' | 'cap' | 'cancelled' | 'error'

export interface LoadAllOptions<C> {
  fetchPage(cursor: C | undefined, pageSize: number): Promise<{ ok: true; value: FeedPage<C> } | { ok: false; error: SvcError }>
  /** Where to start: undefined for the first page, or a cursor to resume from. */
  from: C | undefined
  /** Entries already loaded (when resuming); they count towards the cap. */
  already: number
  cap: number
  pageSize: number
  signal: AbortSignal
  /** Each page as it arrives; returns how many of its entries were new. */
  onPage(entries: IntentHistoryEntry[], page: FeedPage<C>): number
}

export interface LoadAllResult<C> {
  outcome: LoadAllOutcome
  /** Where to resume after a cap or cancel; undefined when the list ended. */
  next: C | undefined
  error?: SvcError
}

export async function loadAll<C>(o: LoadAllOptions<C>): Promise<LoadAllResult<C>> {
  let cursor = o.from
  let loaded = o.already
  for (;;) {
    if (o.signal.aborted) return { outcome: 'cancelled', next: cursor }
    if (loaded >= o.cap) return { outcome: 'cap', next: cursor }
    const r = await o.fetchPage(cursor, Math.min(o.pageSize, o.cap - loaded))
    if (!r.ok) return { outcome: 'error', next: cursor, error: r.error }
    const page = r.value
    // Kept whole even if the service sent more than asked: cutting it would leave a gap on resume.
    const fresh = o.onPage(page.entries, page)
    loaded += fresh
    // A page with nothing new would repeat forever: the list is as complete as it gets.
    if (!page.more || page.next === undefined || fresh === 0) return { outcome: 'complete', next: undefined }
    cursor = page.next
  }
}
