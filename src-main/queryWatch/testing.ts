import { SvcFailure, type SvcError } from '../../src-shared/contract/errors'
import type { GetIntentHistoryRequest, GetIntentHistoryResponse, IntentHistoryEntry } from '../../src-shared/contract/service'
import type { ReadHistory } from './watcher'

/** Test helpers for the query watcher: a history service it scripts (the clock is `watch/testing.ts`'s). */
export { FakeClock, settle } from '../watch/testing'

/** A GetIntentHistory the test scripts: entries newest first, failures queued, requests recorded. */
export class FakeHistory {
  entries: IntentHistoryEntry[] = []
  readonly requests: GetIntentHistoryRequest[] = []
  private failures: SvcError[] = []

  readonly read: ReadHistory = async (_profileId, request) => {
    this.requests.push(request)
    const failure = this.failures.shift()
    if (failure) throw new SvcFailure(failure)
    const size = request.page?.pageSize ?? 20
    const start = request.page?.after === undefined ? 0 : Number(request.page.after)
    // The one filter these tests need to answer: a status filter.
    const statuses: readonly string[] | undefined = request.byStatuses
    const matching = statuses?.length ? this.entries.filter((e) => e.status !== undefined && statuses.includes(e.status)) : this.entries
    const intents = matching.slice(start, start + size)
    const more = start + size < matching.length
    return { intents, nextPage: { ...request.page, after: String(start + size), more } } as GetIntentHistoryResponse
  }

  /** Adds an intent at the top of the list (the newest). */
  add(intentId: string, status: IntentHistoryEntry['status']): void {
    this.entries.unshift({ intentId, status, createdAt: new Date(1_700_000_000_000 + this.entries.length * 1000).toISOString() })
  }

  setStatus(intentId: string, status: IntentHistoryEntry['status']): void {
    this.entries = this.entries.map((e) => (e.intentId === intentId ? { ...e, status } : e))
  }

  failNext(...errors: SvcError[]): void {
    this.failures.push(...errors)
  }
}
