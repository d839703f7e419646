import { z } from 'zod'
import { QueryWatchStateSchema, type QueryFinding, type QueryWatchState } from '../../src-shared/contract/queryWatch'
import type { IntentHistoryEntry, ReportedStatus } from '../../src-shared/contract/service'
import { parseTime } from '../../src-shared/contract/time'
import { MAX_FIELD_CHARS, clipText, keptError } from '../watch/keep'

/**
 * Pure: what one poll of a watched query found, against what earlier polls saw, and how the
 * queries are kept on disk (`QueryFileSchema`). The
 * seen-map holds, per intent id, its last status ('' for none), creation time and whether
 * it last matched; ids a poll reads move to its end and the oldest fall off past the
 * limit, which is far more than a poll reads, so a recent id is never reported new again.
 */

/** Intents remembered per query. */
export const SEEN_LIMIT = 1_000
/** Findings kept per query, newest first. */
export const FINDINGS_LIMIT = 100
/**
 * The longest intent id remembered or reported (as long as the bridge accepts for a
 * watch): an entry with a longer one is passed over, so a service cannot fill the
 * seen-map with megabyte ids.
 */
export const MAX_ID_CHARS = 200
/** A creation time longer than this is not a time: it is not kept. */
const MAX_TIME_CHARS = 64

/** What a poll keeps of one entry: the id, the status cut to size, a plausible creation time. */
function keptFields(entry: IntentHistoryEntry): { id: string; status: string; createdAt?: string } | undefined {
  const id = entry.intentId
  if (!id || id.length > MAX_ID_CHARS) return undefined
  const createdAt = entry.createdAt !== undefined && entry.createdAt.length <= MAX_TIME_CHARS ? entry.createdAt : undefined
  return { id, status: clipText(entry.status ?? '', MAX_FIELD_CHARS), createdAt }
}

/** What is remembered of an intent: its status, its createdAt as the service sent it, and whether it matched the filter when last looked at. */
export const SeenSchema = z.object({ status: z.string(), createdAt: z.string().optional(), matching: z.boolean() })
export type Seen = z.output<typeof SeenSchema>

export type SeenMap = Map<string, Seen>

export interface Comparison {
  seen: SeenMap
  /** What this poll found, in the page's order (newest first), then what left the filter. */
  fresh: QueryFinding[]
}

export interface PollRead {
  baselined: boolean
  now: number
  /** True when the poll read every matching entry (the service said there were no more). */
  complete?: boolean
  seenLimit?: number
}

/**
 * Folds one poll's entries into the seen-map. Before the first good poll (`baselined`
 * false) everything read is the starting point, not news. An entry with no status
 * does not count as a change of one.
 */
export function compare(previous: ReadonlyMap<string, Seen>, entries: readonly IntentHistoryEntry[], opts: PollRead): Comparison {
  const seen: SeenMap = new Map(previous)
  const fresh: QueryFinding[] = []
  const base = { foundAt: opts.now, unread: true }
  // Oldest first, so after the loop the newest entry of the page is the last remembered.
  for (const entry of [...entries].reverse()) {
    const kept = keptFields(entry)
    if (!kept) continue
    const { id, status, createdAt } = kept
    const reported = (status || undefined) as ReportedStatus | undefined
    const before = seen.get(id)
    if (opts.baselined && before === undefined) {
      fresh.push({ ...base, kind: 'new', intentId: id, status: reported, createdAt })
    } else if (before !== undefined && status && before.status !== status) {
      fresh.push({ ...base, kind: 'status', intentId: id, status: reported, previousStatus: before.status || undefined, createdAt })
    }
    seen.delete(id)
    seen.set(id, { status: status || (before?.status ?? ''), createdAt: createdAt ?? before?.createdAt, matching: true })
  }
  fresh.reverse()
  if (opts.baselined) fresh.push(...leftTheFilter(seen, entries, opts))
  const limit = opts.seenLimit ?? SEEN_LIMIT
  for (const id of seen.keys()) {
    if (seen.size <= limit) break
    seen.delete(id)
  }
  return { seen, fresh }
}

/** The creation time of the oldest entry read, unless some entry has none (then the window's end is unknown). */
function oldestTime(entries: readonly IntentHistoryEntry[]): number | undefined {
  const times = entries.map((e) => parseTime(e.createdAt))
  return times.length && !times.includes(undefined) ? Math.min(...(times as number[])) : undefined
}

/**
 * Intents that matched before and are missing from a window this poll read whole (matches
 * come newest first, so one created after the oldest entry read would be there if it still
 * matched); one that only slid past the window's end is not. Marked in `seen`, so each is
 * reported once.
 */
function leftTheFilter(seen: SeenMap, entries: readonly IntentHistoryEntry[], opts: PollRead): QueryFinding[] {
  const oldest = opts.complete ? -Infinity : oldestTime(entries)
  if (oldest === undefined) return []
  const read = new Set(entries.map((e) => e.intentId))
  const left: QueryFinding[] = []
  for (const [id, s] of seen) {
    if (!s.matching || read.has(id)) continue
    const created = parseTime(s.createdAt)
    // Strictly newer: entries created in the same instant as the oldest read may lie past the page's end.
    if (oldest !== -Infinity && (created === undefined || created <= oldest)) continue
    seen.set(id, { ...s, matching: false })
    left.push({ kind: 'left', intentId: id, previousStatus: s.status || undefined, createdAt: s.createdAt, foundAt: opts.now, unread: true })
  }
  return left.reverse()
}

/** The query's findings after a poll: the fresh ones first, bounded. */
export const mergeFindings = (fresh: readonly QueryFinding[], old: readonly QueryFinding[], limit = FINDINGS_LIMIT): QueryFinding[] =>
  [...fresh, ...old].slice(0, limit)

/** A watched query on disk, with its findings and seen-map, so a restart neither loses a finding nor reports it again. */
export interface StoredQuery {
  state: QueryWatchState
  seen: Array<[string, Seen]>
}

/** The file (written by `ListBook`): the queries and the revision counter when written. */
export interface StoredQueries {
  revision: number
  queries: StoredQuery[]
}

// Files written before both lists shared one protocol call it `rev` (a count per query).
const StateSchema = QueryWatchStateSchema.extend({ revision: z.number().int().nonnegative().optional(), rev: z.number().int().nonnegative().optional() }).transform(
  ({ rev, revision, ...state }) => ({ ...state, revision: revision ?? rev ?? 0 }),
)

const KeptSeenSchema = z.union([
  SeenSchema,
  // Files written before intents that stop matching were told apart: the status alone.
  // Whether such an intent still matches is unknown until a poll reads it again.
  z.string().transform((status): Seen => ({ status, matching: false })),
])

/** The file's contents, every query within today's bounds, also from a file an older version wrote. */
export const QueryFileSchema = z
  .object({
    version: z.literal(1),
    /** The revision counter when written (absent from older files). */
    revision: z.number().int().nonnegative().default(0),
    queries: z.array(z.object({ state: StateSchema, seen: z.array(z.tuple([z.string(), KeptSeenSchema])) })),
  })
  .transform((f): StoredQueries & { version: 1 } => ({ ...f, queries: (f.queries as StoredQuery[]).map(bounded) }))

/**
 * A saved query within today's bounds (a file an older version wrote may hold ids or
 * errors of any length): over-long ids are dropped, the error's texts cut to size.
 */
function bounded({ state, seen }: StoredQuery): StoredQuery {
  const findings = state.findings.filter((f) => f.intentId.length <= MAX_ID_CHARS)
  return {
    state: { ...state, findings, ...(state.error && { error: keptError(state.error) }) },
    seen: seen.filter(([id]) => id.length <= MAX_ID_CHARS),
  }
}
