import { SvcFailure, type SvcError } from '../../src-shared/contract/errors'
import type { GetIntentHistoryRequest, GetIntentHistoryResponse, IntentHistoryEntry } from '../../src-shared/contract/service'
import type { Sleep } from '../service/retry'
import type { ReadHistory } from './watcher'

/** Test helpers for the query watcher: a clock the test moves, and a history service it scripts. */

interface Sleeper {
  at: number
  resolve: () => void
}

/** A clock whose sleeps end only when the test advances past them (or their signal aborts). */
export class FakeClock {
  private t: number
  private sleepers: Sleeper[] = []

  constructor(start = 1_700_000_000_000) {
    this.t = start
  }

  readonly now = (): number => this.t

  readonly sleep: Sleep = (ms, signal) =>
    new Promise<void>((resolve) => {
      if (signal?.aborted) return resolve()
      const sleeper: Sleeper = { at: this.t + ms, resolve }
      const done = () => {
        this.sleepers = this.sleepers.filter((s) => s !== sleeper)
        resolve()
      }
      sleeper.resolve = done
      this.sleepers.push(sleeper)
      signal?.addEventListener('abort', done, { once: true })
    })

  /** Moves time on, waking each sleeper that is due, and lets what they start settle. */
  async advance(ms: number): Promise<void> {
    const end = this.t + ms
    for (;;) {
      await settle()
      const due = this.sleepers.filter((s) => s.at <= end).sort((a, b) => a.at - b.at)[0]
      if (!due) break
      this.t = Math.max(this.t, due.at)
      due.resolve()
    }
    this.t = end
    await settle()
  }

  get pending(): number {
    return this.sleepers.length
  }
}

/** Lets promise chains run to their next real wait. */
export const settle = async (): Promise<void> => {
  for (let i = 0; i < 20; i++) await new Promise<void>((r) => setImmediate(r))
}

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
