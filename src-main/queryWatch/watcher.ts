import { randomUUID } from 'node:crypto'
import { SvcFailure, type SvcError } from '../../src-shared/contract/errors'
import type {
  AddQueryWatchArgs,
  QueryFinding,
  QueryWatchControl,
  QueryWatchList,
  QueryWatchState,
} from '../../src-shared/contract/queryWatch'
import { QUERY_WATCH_LIMITS, queryNoticeText } from '../../src-shared/contract/queryWatchNotice'
import type { GetIntentHistoryRequest, GetIntentHistoryResponse, IntentHistoryEntry } from '../../src-shared/contract/service'
import { walkIntentHistory } from '../service/historyWalk'
import { ListBook, type ListOptions } from '../watch/listBook'
import { Scheduler, type Job, type Scheduled } from '../watch/schedule'
import { canonicalJson } from '../service/quotedIntents'
import { QueryFileSchema, compare, mergeFindings, type SeenMap, type StoredQueries, type StoredQuery } from './findings'

/** Reads one GetIntentHistory page on a profile's service. */
export type ReadHistory = (profileId: string, request: GetIntentHistoryRequest, signal: AbortSignal) => Promise<GetIntentHistoryResponse>

/** A desktop notification for what a poll of a watched query found. */
export interface QueryNotice {
  profileId: string
  queryId: string
  title: string
  body: string
}

/** Shows a notice; clicking it should open the watched query (see `electron/notify.ts`). */
export type QueryNotify = (notice: QueryNotice) => void

export interface QueryWatcherOptions extends ListOptions {
  history: ReadHistory
  notify?: QueryNotify
  /** The app-wide mute that intent watches obey; query notices obey it too. */
  notificationsMuted?: () => boolean
  /** The app-wide Work-offline pause intent watches obey: while it holds, a poll that falls due waits. */
  offline?: () => boolean
  /** Bounds; the product's are in `QUERY_WATCH_LIMITS`. Tests lower the interval here. */
  maxQueries?: number
  minIntervalMs?: number
  /** "Poll now" never polls a query sooner than this after its last poll. */
  manualGapMs?: number
  /** Newest matching entries read per poll. */
  scanLimit?: number
  seenLimit?: number
}

export const DEFAULT_MANUAL_GAP_MS = 5_000
/** Two pages of the largest size the spec's examples use: new entries between polls are far fewer. */
export const DEFAULT_SCAN_LIMIT = 200
const PAGE_SIZE = 100
/** Backoff after failures grows from the poll interval up to this. */
const MAX_BACKOFF_MS = 30 * 60_000

/** What one poll read: the newest matching entries, and whether they are every match. */
interface Scan {
  entries: IntentHistoryEntry[]
  complete: boolean
}

interface Entry extends Scheduled {
  state: QueryWatchState
  seen: SeenMap
  /** Canonical text of the query, to recognise the same filter saved again. */
  key: string
  lastAttemptAt?: number
}

/** Polls every watched query on its own schedule, for every profile, with the list on disk (README.md for the rules). */
export class QueryWatcher extends ListBook<StoredQueries & { version: 1 }> implements QueryWatchControl {
  private readonly entries = new Map<string, Entry>()
  private readonly max: number
  private readonly minInterval: number
  private readonly scheduler: Scheduler<Entry>

  constructor(private readonly opts: QueryWatcherOptions) {
    super({ ...opts, kind: 'queryWatches', schema: QueryFileSchema, what: 'The watched queries' }, (saved) => saved.queries.map((q) => q.state.revision))
    this.max = opts.maxQueries ?? QUERY_WATCH_LIMITS.maxQueries
    this.minInterval = opts.minIntervalMs ?? QUERY_WATCH_LIMITS.minIntervalMs
    this.scheduler = new Scheduler(this.job(), { ...this.env, paused: opts.offline })
    for (const stored of this.saved?.queries ?? []) this.restore(stored)
  }

  list(profileId: string): QueryWatchList {
    const items = this.ofProfile(profileId).map((e) => e.state)
    return { kind: 'queryWatches', revision: this.revision(), items, count: this.entries.size, max: this.max, minIntervalMs: this.minInterval }
  }

  add(profileId: string, args: AddQueryWatchArgs): QueryWatchState {
    const key = canonicalJson(args.query)
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
      revision: this.next(),
      profileId,
      name: args.name,
      query: args.query,
      historyParams: args.historyParams,
      intervalMs,
      addedAt: this.env.now(),
      phase: 'waiting',
      nextPollAt: this.env.now(),
      seenCount: 0,
      baselined: false,
      findings: [],
      unread: 0,
    }
    const entry: Entry = { state, seen: new Map(), key, failures: 0 }
    this.entries.set(state.id, entry)
    this.scheduler.start(entry)
    this.listChanged(profileId)
    return entry.state
  }

  remove(profileId: string, id: string): boolean {
    const entry = this.entries.get(id)
    if (!entry || entry.state.profileId !== profileId) return false
    this.scheduler.halt(entry)
    this.entries.delete(id)
    this.listChanged(profileId)
    return true
  }

  setPaused(profileId: string, id: string, paused: boolean): QueryWatchState {
    const entry = this.entryOrFail(profileId, id)
    if (paused) {
      if (entry.state.phase === 'paused') return entry.state
      this.scheduler.halt(entry)
      this.stamp(entry, { phase: 'paused', nextPollAt: undefined })
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
    this.stamp(entry, { findings: entry.state.findings.map((f) => (f.unread ? { ...f, unread: false } : f)), unread: 0 })
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
      const soonest = this.soonest(entry)
      if (nextPollAt === undefined || soonest < nextPollAt) this.stamp(entry, { nextPollAt: soonest })
      // Looked at again at once: the due time moved earlier.
      entry.wake?.()
    }
    this.changed(entry, [])
    return entry.state
  }

  resumeStopped(profileId: string): number {
    const stopped = this.ofProfile(profileId).filter((e) => e.state.phase === 'stopped')
    for (const entry of stopped) {
      this.resume(entry)
      this.changed(entry, [])
    }
    return stopped.length
  }

  forgetProfile(profileId: string): number {
    const gone = this.ofProfile(profileId)
    for (const e of gone) this.remove(profileId, e.state.id)
    return gone.length
  }

  private ofProfile(profileId: string): Entry[] {
    return [...this.entries.values()].filter((e) => e.state.profileId === profileId)
  }

  async stop(): Promise<void> {
    await this.scheduler.stopAll(this.entries.values())
    await this.flush()
  }

  /** What the one scheduler does for a query: poll it when due, back off from its interval. */
  private job(): Job<Entry> {
    return {
      name: (entry) => `Polling “${entry.state.name}”`,
      crashMessage: 'Polling stopped because of an unexpected error in the app — resume the query to retry.',
      dueAt: (entry) => entry.state.nextPollAt,
      attempt: (entry, signal) => this.poll(entry, signal),
      // Never sooner than the poll interval; a rate limit's Retry-After wins when longer.
      policy: ({ state: { intervalMs } }) => ({ baseMs: intervalMs * 2, maxMs: Math.max(intervalMs, MAX_BACKOFF_MS), floorMs: intervalMs }),
      retrying: (entry, error, retryAt) => {
        this.stamp(entry, { phase: 'retrying', error, nextPollAt: retryAt })
        this.changed(entry, [])
      },
      stopped: (entry, error) => this.stopWith(entry, error),
    }
  }

  /** One poll; false when the query was stopped meanwhile. Throws what failed. */
  private async poll(entry: Entry, signal: AbortSignal): Promise<boolean> {
    const startedAt = this.env.now()
    entry.lastAttemptAt = startedAt
    this.stamp(entry, { phase: entry.state.phase === 'retrying' ? 'retrying' : 'polling' })
    // A restart never resumes a poll half-way (see `restore`).
    this.changed(entry, [])
    const read = await this.scan(entry.state, signal)
    if (!signal.aborted) this.succeeded(entry, read, startedAt)
    return entry.state.phase !== 'stopped'
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
    const now = this.env.now()
    const { seen, fresh } = compare(entry.seen, entries, { baselined: entry.state.baselined, now, complete, seenLimit: this.opts.seenLimit })
    entry.seen = seen
    entry.failures = 0
    const findings = mergeFindings(fresh, entry.state.findings)
    this.stamp(entry, {
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
    const { profileId, id: queryId, name } = entry.state
    if (notify) this.show(this.opts.notify, { profileId, queryId, ...queryNoticeText(entry.state, fresh) }, `“${name}”`)
  }

  private stopWith(entry: Entry, error: SvcError): void {
    this.stamp(entry, { phase: 'stopped', error, nextPollAt: undefined })
    entry.controller = undefined
    this.changed(entry, [])
  }

  private resume(entry: Entry): void {
    this.scheduler.halt(entry)
    entry.failures = 0
    this.stamp(entry, { phase: 'waiting', error: undefined, nextPollAt: this.soonest(entry) })
    this.scheduler.start(entry)
  }

  /** "Poll now" and resuming never poll sooner than the manual gap after the last poll. */
  private soonest(entry: Entry): number {
    return Math.max(this.env.now(), (entry.lastAttemptAt ?? 0) + (this.opts.manualGapMs ?? DEFAULT_MANUAL_GAP_MS))
  }

  private changed(entry: Entry, fresh: QueryFinding[], notify = false): void {
    this.emit({ profileId: entry.state.profileId, items: [entry.state], fresh, notify })
  }

  private listChanged(profileId: string): void {
    this.next()
    this.emit({ profileId, list: this.list(profileId) })
  }

  private entryOrFail(profileId: string, id: string): Entry {
    const entry = this.entries.get(id)
    if (!entry || entry.state.profileId !== profileId) {
      throw new SvcFailure({ kind: 'NotFound', message: 'That watched filter is gone: it was removed, or belongs to another profile.' })
    }
    return entry
  }

  protected contents(): StoredQueries & { version: 1 } {
    return { version: 1, revision: this.revision(), queries: [...this.entries.values()].map((e) => ({ state: e.state, seen: [...e.seen] })) }
  }

  /** A saved query comes back; one that was polling resumes where its schedule left it. */
  private restore(stored: StoredQuery): void {
    const { state } = stored
    const entry: Entry = { state, seen: new Map(stored.seen), key: canonicalJson(state.query), failures: 0, lastAttemptAt: state.lastPollAt }
    this.entries.set(state.id, entry)
    if (state.phase === 'paused' || state.phase === 'stopped') return
    const due = Math.max(this.env.now(), (state.lastPollAt ?? 0) + state.intervalMs)
    this.stamp(entry, { phase: state.error ? 'retrying' : 'waiting', nextPollAt: due })
    this.scheduler.start(entry)
  }
}
