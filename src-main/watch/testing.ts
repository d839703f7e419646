import { SvcClient, type ServiceSession } from '../service/client'
import type { Sleep } from '../service/retry'
import { EventHub } from '../events/hub'
import type { BridgeEvent } from '../../src-shared/contract/bridge'
import { watchNews, type WatchList, type WatchNotice, type WatchState } from '../../src-shared/contract/watch'

/** Helpers for the watcher's tests: a recording session, and events one can wait for. */

export const ACCESS_KEY = 'demo-key'

export interface WaitRequest {
  intentId: string
  lastReceiptStates?: unknown[]
}

/** A fetch that records every WaitIntentReceipt request and how many are open at once. */
export class RecordingFetch {
  readonly requests: WaitRequest[] = []
  open = 0
  maxOpen = 0

  readonly fetch = async (input: string, init: RequestInit): Promise<Response> => {
    if (input.endsWith('/WaitIntentReceipt')) this.requests.push(JSON.parse(String(init.body)) as WaitRequest)
    this.open++
    this.maxOpen = Math.max(this.maxOpen, this.open)
    try {
      const res = await fetch(input, init)
      // The exchange ends when the body has been read: count until then.
      const text = await res.text()
      return new Response(text, { status: res.status, headers: res.headers })
    } finally {
      this.open--
    }
  }

  requestsFor(intentId: string): WaitRequest[] {
    return this.requests.filter((r) => r.intentId === intentId)
  }
}

/** Sessions on one service URL for any profile, through a recording fetch. */
export function sessionsFor(baseUrl: string, recorder = new RecordingFetch(), key: () => string | undefined = () => ACCESS_KEY) {
  const client = new SvcClient({ baseUrl, getAccessKey: key, fetch: recorder.fetch, longPollTimeoutMs: 5_000 })
  return (profileId: string): ServiceSession => ({
    client,
    source: () => ({ profileId, baseUrl, simulated: true, fetchedAt: Date.now() }),
  })
}

/** Polls `check` until it holds; for conditions no event announces (open connections). */
export async function eventually(check: () => boolean, timeoutMs = 2_000, what = 'the condition'): Promise<void> {
  const deadline = performance.now() + timeoutMs
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

/** Every event the hub emits, with a way to wait for the one a test expects. */
export class EventLog {
  readonly hub = new EventHub()
  readonly events: BridgeEvent[] = []
  private readonly waiters = new Set<() => void>()

  constructor() {
    this.hub.on((e) => {
      this.events.push(e)
      for (const w of [...this.waiters]) w()
    })
  }

  /** Each watch change the hub told, by what it tells (`watchNews`), of one intent or all. */
  of(news: ReturnType<typeof watchNews>, intentId?: string): Array<{ watch: WatchState; notice?: WatchNotice }> {
    return this.events.flatMap((e) =>
      e.type !== 'list:changed' || e.kind !== 'watches'
        ? []
        : e.items.filter((w) => watchNews(w) === news && (intentId === undefined || w.intentId === intentId)).map((watch) => ({ watch, notice: e.notice })),
    )
  }

  /** The list snapshots the hub told. */
  lists(): WatchList[] {
    return this.events.flatMap((e) => (e.type === 'list:changed' && e.kind === 'watches' && e.list ? [e.list] : []))
  }

  /** Resolves once `check` holds over the events so far; rejects after `timeoutMs`. */
  until(check: (log: EventLog) => boolean, timeoutMs = 5_000, what = 'the expected events'): Promise<void> {
    if (check(this)) return Promise.resolve()
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(probe)
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`))
      }, timeoutMs)
      const probe = () => {
        if (!check(this)) return
        clearTimeout(timer)
        this.waiters.delete(probe)
        resolve()
      }
      this.waiters.add(probe)
    })
  }
}

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
