import { randomUUID } from 'node:crypto'
import { SvcFailure, isSvcFailure, type SvcError } from '../../src-shared/contract/errors'
import type {
  AddQueryWatchArgs,
  QueryFinding,
  QueryWatchControl,
  QueryWatchList,
  QueryWatchState,
} from '../../src-shared/contract/queryWatch'
import { QUERY_WATCH_LIMITS } from '../../src-shared/contract/queryWatchNotice'
import type { GetIntentHistoryRequest, GetIntentHistoryResponse, IntentHistoryEntry } from '../../src-shared/contract/service'
import type { EventHub } from '../events/hub'
import { realSleep, type Sleep } from '../service/retry'
import type { ServiceSession } from '../service/session'
import { walkIntentHistory } from '../service/historyWalk'
import { backoffDelay, isFatal } from '../watch/backoff'
import { keptError } from '../watch/keep'
import { RevisionCounter } from '../watch/revision'
import { LoopRunner } from '../watch/runner'
import { canonicalQuery, compare, mergeFindings, type SeenMap } from './findings'
import { queryNoticeFor, type QueryNotify } from './notice'
import { QueryFileWriter, loadQueryFile, type StoredQueries, type StoredQuery } from './persist'

/** Reads one GetIntentHistory page on a profile's service. */
export type ReadHistory = (profileId: string, request: GetIntentHistoryRequest, signal: AbortSignal) => Promise<GetIntentHistoryResponse>

export interface QueryWatcherOptions {
  history: ReadHistory
  events: EventHub
  /** JSON file holding the queries and what each has seen. */
  file: string
  notify?: QueryNotify
  /** The app-wide mute that intent watches obey; query notices obey it too. */
  notificationsMuted?: () => boolean
  /**
   * The app-wide pause that intent watches obey (a window works offline): while it holds,
   * no query asks the service; a poll that falls due waits for it to lift.
   */
  offline?: () => boolean
  /** Bounds; the product's are in `QUERY_WATCH_LIMITS`. Tests lower the interval here. */
  maxQueries?: number
  minIntervalMs?: number
  /** "Poll now" never polls a query sooner than this after its last poll. */
  manualGapMs?: number
  /** Newest matching entries read per poll. */
  scanLimit?: number
  seenLimit?: number
  saveDelayMs?: number
  /** Applied to the queries before they are written (the app's key redactor). */
  redact?: <T>(value: T) => T
  now?: () => number
  sleep?: Sleep
  random?: () => number
  log?: (message: string) => void
}

export const DEFAULT_MANUAL_GAP_MS = 5_000
/** How often a poll held by Work offline looks whether the pause was lifted. */
export const OFFLINE_CHECK_MS = 5_000
/** Two pages of the largest size the spec's examples use: new entries between polls are far fewer. */
export const DEFAULT_SCAN_LIMIT = 200
const PAGE_SIZE = 100
/** Backoff after failures grows from the poll interval up to this. */
const MAX_BACKOFF_MS = 30 * 60_000

/** A history reader over the profiles' service sessions. */
export const historyFromSessions =
  (session: (profileId: string) => ServiceSession): ReadHistory =>
  (profileId, request, signal) =>
    session(profileId).client.getIntentHistory(request, { signal })

/** What one poll read: the newest matching entries, and whether they are every match. */
interface Scan {
  entries: IntentHistoryEntry[]
  complete: boolean
}

interface Entry {
  state: QueryWatchState
  seen: SeenMap
  /** Canonical text of the query, to recognise the same filter saved again. */
  key: string
  failures: number
  lastAttemptAt?: number
  controller?: AbortController
  /** Ends the current wait early, so a changed `nextPollAt` is looked at again. */
  wake?: () => void
  loop?: Promise<void>
}

/** The failure as a query keeps it: every text a service filled cut to size. */
const asSvcError = (e: unknown): SvcError =>
  keptError(isSvcFailure(e) ? e.error : { kind: 'Internal', message: 'Polling stopped because of an unexpected error in the app — resume the query to retry.' })

/**
 * Polls every watched query on its own schedule, for every profile, and keeps them on
 * disk. See `QueryWatchControl` for the bridge-facing surface and README.md for the rules.
 */
export function createQueryWatcher(opts: QueryWatcherOptions): QueryWatchControl {
  return new QueryWatcher(opts)
}

class QueryWatcher implements QueryWatchControl {
  readonly recovered?: { backupPath: string; reason: string }
  private readonly entries = new Map<string, Entry>()
  private readonly writer: QueryFileWriter
  private readonly now: () => number
  private readonly sleep: Sleep
  private readonly random: () => number
  private readonly log: (message: string) => void
  private readonly max: number
  private readonly minInterval: number
  private readonly counter: RevisionCounter
  // Whatever goes wrong inside a loop stops this query with a message.
  private readonly runner = new LoopRunner<Entry>(
    (entry, signal) => this.run(entry, signal),
    (entry, e, current) => {
      this.log(`Polling “${entry.state.name}” ended: ${String(e)}`)
      if (current) this.stopWith(entry, asSvcError(e))
    },
  )

  constructor(private readonly opts: QueryWatcherOptions) {
    this.now = opts.now ?? Date.now
    this.sleep = opts.sleep ?? realSleep
    this.random = opts.random ?? Math.random
    this.log = opts.log ?? ((m: string) => console.error(m))
    this.max = opts.maxQueries ?? QUERY_WATCH_LIMITS.maxQueries
    this.minInterval = opts.minIntervalMs ?? QUERY_WATCH_LIMITS.minIntervalMs
    const redact = opts.redact ?? (<T>(value: T) => value)
    this.writer = new QueryFileWriter(opts.file, () => redact(this.snapshot()), opts.saveDelayMs ?? 200, this.log)
    const { revision, queries, recovery } = loadQueryFile(opts.file, this.log)
    this.recovered = recovery
    this.counter = new RevisionCounter(Math.max(revision, ...queries.map((q) => q.state.revision)), this.now)
    for (const stored of queries) this.restore(stored)
  }

  // ---- bridge surface -------------------------------------------------------------

  list(profileId: string): QueryWatchList {
    const items = [...this.entries.values()].filter((e) => e.state.profileId === profileId).map((e) => e.state)
    return { kind: 'queryWatches', revision: this.counter.current, items, count: this.entries.size, max: this.max, minIntervalMs: this.minInterval }
  }

  revision(): number {
    return this.counter.current
  }

  add(profileId: string, args: AddQueryWatchArgs): QueryWatchState {
    const key = canonicalQuery(args.query)
    const known = [...this.entries.values()].find((e) => e.state.profileId === profileId && e.key === key)
    if (known) return known.state
    if (this.entries.size >= this.max) {
      throw new SvcFailure({
        kind: 'InvalidArgument',
        message: `The app already watches ${this.max} filters, the most it polls at once — remove one on the Watch page, then save this one again.`,
      })
    }
    const intervalMs = args.intervalMs ?? Math.max(QUERY_WATCH_LIMITS.defaultIntervalMs, this.minInterval)
    if (intervalMs < this.minInterval) {
      throw new SvcFailure({
        kind: 'InvalidArgument',
        path: 'intervalMs',
        message: `A watched filter is polled at most every ${Math.round(this.minInterval / 1000)} s; pick a longer interval.`,
      })
    }
    const state: QueryWatchState = {
      id: randomUUID(),
      revision: this.counter.next(),
      profileId,
      name: args.name,
      query: args.query,
      historyParams: args.historyParams,
      intervalMs,
      addedAt: this.now(),
      phase: 'waiting',
      nextPollAt: this.now(),
      seenCount: 0,
      baselined: false,
      findings: [],
      unread: 0,
    }
    const entry: Entry = { state, seen: new Map(), key, failures: 0 }
    this.entries.set(state.id, entry)
    this.start(entry)
    this.listChanged(profileId)
    return entry.state
  }

  remove(profileId: string, id: string): boolean {
    const entry = this.entries.get(id)
    if (!entry || entry.state.profileId !== profileId) return false
    this.halt(entry)
    this.entries.delete(id)
    this.listChanged(profileId)
    return true
  }

  setPaused(profileId: string, id: string, paused: boolean): QueryWatchState {
    const entry = this.entryOrFail(profileId, id)
    if (paused) {
      if (entry.state.phase === 'paused') return entry.state
      this.halt(entry)
      this.update(entry, { phase: 'paused', nextPollAt: undefined })
    } else {
      if (entry.state.phase !== 'paused' && entry.state.phase !== 'stopped') return entry.state
      this.resume(entry)
    }
    this.changed(entry, [])
    return entry.state
  }

  markSeen(profileId: string, id: string): QueryWatchState {
    const entry = this.entryOrFail(profileId, id)
    if (entry.state.unread === 0) return entry.state
    this.update(entry, { findings: entry.state.findings.map((f) => (f.unread ? { ...f, unread: false } : f)), unread: 0 })
    this.changed(entry, [])
    return entry.state
  }

  pollNow(profileId: string, id: string): QueryWatchState {
    const entry = this.entryOrFail(profileId, id)
    const { phase, error, nextPollAt } = entry.state
    if (phase === 'paused') {
      throw new SvcFailure({ kind: 'InvalidArgument', message: `“${entry.state.name}” is paused: resume it to poll.` })
    }
    if (phase === 'stopped') this.resume(entry)
    // A rate limit is honoured whatever the button says.
    else if (!(phase === 'retrying' && error?.kind === 'RateLimited')) {
      const soonest = Math.max(this.now(), (entry.lastAttemptAt ?? 0) + (this.opts.manualGapMs ?? DEFAULT_MANUAL_GAP_MS))
      if (nextPollAt === undefined || soonest < nextPollAt) this.update(entry, { nextPollAt: soonest })
      entry.wake?.()
    }
    this.changed(entry, [])
    return entry.state
  }

  resumeStopped(profileId: string): number {
    let resumed = 0
    for (const entry of this.entries.values()) {
      if (entry.state.profileId !== profileId || entry.state.phase !== 'stopped') continue
      this.resume(entry)
      this.changed(entry, [])
      resumed++
    }
    return resumed
  }

  forgetProfile(profileId: string): number {
    const ids = [...this.entries.values()].filter((e) => e.state.profileId === profileId).map((e) => e.state.id)
    for (const id of ids) this.remove(profileId, id)
    return ids.length
  }

  async stop(): Promise<void> {
    await this.runner.stopAll(this.entries.values())
    await this.writer.flush()
  }

  // ---- the loop -------------------------------------------------------------------

  private start(entry: Entry): void {
    this.runner.start(entry)
  }

  private async run(entry: Entry, signal: AbortSignal): Promise<void> {
    while (!signal.aborted && entry.state.phase !== 'stopped') {
      const wait = (entry.state.nextPollAt ?? this.now()) - this.now()
      if (wait > 0) {
        await this.waitOrWake(entry, wait, signal)
        continue
      }
      // Work offline: the service is asked nothing; the poll that fell due waits for the pause to lift.
      if (this.opts.offline?.()) {
        await this.waitOrWake(entry, OFFLINE_CHECK_MS, signal)
        continue
      }
      await this.poll(entry, signal)
    }
  }

  private async waitOrWake(entry: Entry, ms: number, signal: AbortSignal): Promise<void> {
    const inner = new AbortController()
    const onAbort = () => inner.abort()
    signal.addEventListener('abort', onAbort, { once: true })
    entry.wake = onAbort
    try {
      await this.sleep(ms, inner.signal)
    } finally {
      signal.removeEventListener('abort', onAbort)
      entry.wake = undefined
    }
  }

  private async poll(entry: Entry, signal: AbortSignal): Promise<void> {
    const startedAt = this.now()
    entry.lastAttemptAt = startedAt
    this.update(entry, { phase: entry.state.phase === 'retrying' ? 'retrying' : 'polling' })
    // Shown, not saved: a restart never resumes a poll half-way.
    this.opts.events.emit({ type: 'queryWatch:changed', query: entry.state, fresh: [], notify: false })
    let read: Scan
    try {
      read = await this.scan(entry.state, signal)
    } catch (failure) {
      if (signal.aborted) return
      if (!isSvcFailure(failure)) this.log(`Polling “${entry.state.name}”: ${String(failure)}`)
      return this.failed(entry, asSvcError(failure))
    }
    if (signal.aborted) return
    this.succeeded(entry, read, startedAt)
  }

  /** The newest matching entries, newest first: what a poll compares with the seen-map. */
  private async scan(state: QueryWatchState, signal: AbortSignal): Promise<Scan> {
    const limit = this.opts.scanLimit ?? DEFAULT_SCAN_LIMIT
    // Balances are not needed to tell what is new or what moved, and cost the service work.
    const { includeBalances: _unused, ...query } = state.query
    const request: GetIntentHistoryRequest = {
      ...query,
      page: { column: 'createdAt', sort: [{ column: 'createdAt', order: 'DESC' }], pageSize: Math.min(PAGE_SIZE, limit) },
    }
    const read = (page: GetIntentHistoryRequest, s?: AbortSignal) => this.opts.history(state.profileId, page, s ?? signal)
    const walked = await walkIntentHistory(read, request, { maxEntries: limit, signal, baseUrl: 'The service' })
    return { entries: walked.intents.slice(0, limit), complete: walked.complete && walked.intents.length <= limit }
  }

  private succeeded(entry: Entry, { entries, complete }: Scan, startedAt: number): void {
    const now = this.now()
    const { seen, fresh } = compare(entry.seen, entries, { baselined: entry.state.baselined, now, complete, seenLimit: this.opts.seenLimit })
    entry.seen = seen
    entry.failures = 0
    const findings = mergeFindings(fresh, entry.state.findings)
    this.update(entry, {
      phase: 'waiting',
      error: undefined,
      lastPollAt: now,
      nextPollAt: Math.max(startedAt + entry.state.intervalMs, now + 1),
      lastCount: entries.length,
      seenCount: seen.size,
      baselined: true,
      findings,
      unread: findings.filter((f) => f.unread).length,
    })
    const notify = fresh.length > 0 && !this.opts.notificationsMuted?.()
    this.changed(entry, fresh, notify)
    if (notify) this.notify(entry, fresh)
  }

  private failed(entry: Entry, error: SvcError): void {
    if (isFatal(error)) return this.stopWith(entry, error)
    entry.failures++
    const { intervalMs } = entry.state
    // Never sooner than the poll interval; a rate limit's Retry-After wins when longer.
    const delay = Math.max(intervalMs, backoffDelay({ baseMs: intervalMs * 2, maxMs: Math.max(intervalMs, MAX_BACKOFF_MS) }, entry.failures, error, this.random))
    this.update(entry, { phase: 'retrying', error, nextPollAt: this.now() + delay })
    this.changed(entry, [])
  }

  private stopWith(entry: Entry, error: SvcError): void {
    this.update(entry, { phase: 'stopped', error, nextPollAt: undefined })
    entry.controller = undefined
    this.changed(entry, [])
  }

  private notify(entry: Entry, fresh: QueryFinding[]): void {
    if (!this.opts.notify) return
    try {
      this.opts.notify(queryNoticeFor(entry.state, fresh))
    } catch (e) {
      this.log(`Could not show a notification for “${entry.state.name}”: ${String(e)}`)
    }
  }

  // ---- helpers --------------------------------------------------------------------

  private resume(entry: Entry): void {
    this.halt(entry)
    entry.failures = 0
    const soonest = Math.max(this.now(), (entry.lastAttemptAt ?? 0) + (this.opts.manualGapMs ?? DEFAULT_MANUAL_GAP_MS))
    this.update(entry, { phase: 'waiting', error: undefined, nextPollAt: soonest })
    this.start(entry)
  }

  private halt(entry: Entry): void {
    this.runner.halt(entry)
  }

  private update(entry: Entry, patch: Partial<QueryWatchState>): void {
    entry.state = { ...entry.state, ...patch, revision: this.counter.next() }
  }

  private changed(entry: Entry, fresh: QueryFinding[], notify = false): void {
    this.opts.events.emit({ type: 'queryWatch:changed', query: entry.state, fresh, notify })
    this.writer.schedule()
  }

  private listChanged(profileId: string): void {
    this.counter.next()
    this.opts.events.emit({ type: 'queryWatch:list', profileId, list: this.list(profileId) })
    this.writer.schedule()
  }

  private entryOrFail(profileId: string, id: string): Entry {
    const entry = this.entries.get(id)
    if (!entry || entry.state.profileId !== profileId) {
      throw new SvcFailure({ kind: 'NotFound', message: 'That watched filter is gone: it was removed, or belongs to another profile.' })
    }
    return entry
  }

  private snapshot(): StoredQueries {
    return { revision: this.counter.current, queries: [...this.entries.values()].map((e) => ({ state: e.state, seen: [...e.seen] })) }
  }

  /** A saved query comes back; one that was polling resumes where its schedule left it. */
  private restore(stored: StoredQuery): void {
    const { state } = stored
    const entry: Entry = { state, seen: new Map(stored.seen), key: canonicalQuery(state.query), failures: 0, lastAttemptAt: state.lastPollAt }
    this.entries.set(state.id, entry)
    if (state.phase === 'paused' || state.phase === 'stopped') return
    const due = Math.max(this.now(), (state.lastPollAt ?? 0) + state.intervalMs)
    this.update(entry, { phase: state.error ? 'retrying' : 'waiting', nextPollAt: due })
    this.start(entry)
  }
}
