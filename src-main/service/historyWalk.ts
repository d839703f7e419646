import { SvcFailure } from '../../src-shared/contract/errors'
import { readPagesLoop, RepeatedCursor } from '../../src-shared/contract/paging'
import type {
  GetIntentHistoryRequest,
  GetIntentHistoryResponse,
  IntentHistoryEntry,
  Page,
} from '../../src-shared/contract/service'

export interface WalkHistoryOptions {
  /** Stop once at least this many entries are read; pages are never cut, so `nextPage` resumes exactly there. */
  maxEntries?: number
  signal?: AbortSignal
  /** Progress: each page as it arrives, counting from 0. */
  onPage?: (page: GetIntentHistoryResponse, index: number) => void
}

export interface WalkHistoryResult {
  intents: IntentHistoryEntry[]
  /** True when the service said there is nothing more. */
  complete: boolean
  /** Where to resume when the walk stopped early. */
  nextPage?: Page
}

type FetchPage = (request: GetIntentHistoryRequest, signal?: AbortSignal) => Promise<GetIntentHistoryResponse>

/**
 * Reads GetIntentHistory page after page with the one paging loop (`readPagesLoop`, whose
 * stop rules the renderer shares), re-sending each `nextPage` as `page`, until `nextPage`
 * is absent, says `more: false`, or a page comes back empty. A service that hands back the
 * cursor it was given would loop forever: that is reported as a bad response instead.
 */
export async function walkIntentHistory(
  fetchPage: FetchPage,
  request: GetIntentHistoryRequest,
  opts: WalkHistoryOptions & { baseUrl: string },
): Promise<WalkHistoryResult> {
  const intents: IntentHistoryEntry[] = []
  let index = 0
  const r = await readPagesLoop<GetIntentHistoryRequest>(
    async (current) => {
      const page = await fetchPage(current, opts.signal)
      opts.onPage?.(page, index++)
      intents.push(...page.intents)
      const next = page.nextPage
      const more = next !== undefined && next.more !== false
      return { counted: page.intents.length, next: more ? { ...request, page: next } : undefined }
    },
    {
      from: request,
      cap: opts.maxEntries,
      // The first request may carry no page at all; only a cursor sent back unchanged repeats.
      sameCursor: (sent, next) => sent.page !== undefined && JSON.stringify(next.page) === JSON.stringify(sent.page),
    },
  )
  if (r.error instanceof RepeatedCursor) {
    throw new SvcFailure({
      kind: 'BadResponse',
      operation: 'GetIntentHistory',
      path: 'nextPage',
      message: `${opts.baseUrl} returned the same history page cursor twice, so reading on would never end — report this to the service operator.`,
    })
  }
  if (r.outcome === 'error') throw r.error
  return r.outcome === 'complete' ? { intents, complete: true } : { intents, complete: false, nextPage: r.next?.page }
}
