import type { QueryFinding } from '../../src-shared/contract/queryWatch'
import type { IntentHistoryEntry } from '../../src-shared/contract/service'

/**
 * Pure: what one poll of a watched query found, against what earlier polls saw. The
 * seen-map holds intentId → last status ('' when the entry had none), oldest first, and
 * is bounded: the ids a poll reads move to its end, and the oldest fall off past the
 * limit. A poll reads far fewer entries than the limit, so an id still in the window of
 * recent entries is never forgotten and reported as new again.
 */

/** Intents remembered per query. */
export const SEEN_LIMIT = 1_000
/** Findings kept per query, newest first. */
export const FINDINGS_LIMIT = 100

export type SeenMap = Map<string, string>

export interface Comparison {
  seen: SeenMap
  /** What this poll found, in the page's order (newest first). */
  fresh: QueryFinding[]
}

/**
 * Folds one poll's entries into the seen-map. Before the first good poll (`baselined`
 * false) everything read is the starting point, not news. An entry with no status
 * does not count as a change of one.
 */
export function compare(
  previous: ReadonlyMap<string, string>,
  entries: readonly IntentHistoryEntry[],
  opts: { baselined: boolean; now: number; seenLimit?: number },
): Comparison {
  const seen: SeenMap = new Map(previous)
  const fresh: QueryFinding[] = []
  // Oldest first, so after the loop the newest entry of the page is the last remembered.
  for (const entry of [...entries].reverse()) {
    const id = entry.intentId
    if (!id) continue
    const status = entry.status ?? ''
    const before = seen.get(id)
    if (opts.baselined && before === undefined) {
      fresh.push({ kind: 'new', intentId: id, status: entry.status, createdAt: entry.createdAt, foundAt: opts.now, unread: true })
    } else if (before !== undefined && status && before !== status) {
      fresh.push({
        kind: 'status',
        intentId: id,
        status: entry.status,
        previousStatus: before || undefined,
        createdAt: entry.createdAt,
        foundAt: opts.now,
        unread: true,
      })
    }
    seen.delete(id)
    seen.set(id, status || (before ?? ''))
  }
  const limit = opts.seenLimit ?? SEEN_LIMIT
  for (const id of seen.keys()) {
    if (seen.size <= limit) break
    seen.delete(id)
  }
  return { seen, fresh: fresh.reverse() }
}

/** The query's findings after a poll: the fresh ones first, bounded. */
export const mergeFindings = (fresh: readonly QueryFinding[], old: readonly QueryFinding[], limit = FINDINGS_LIMIT): QueryFinding[] =>
  [...fresh, ...old].slice(0, limit)

/** Canonical text of a query (keys sorted), so the same filter saved twice is recognised. */
export function canonicalQuery(query: object): string {
  const sort = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sort)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v)
              .filter(([, x]) => x !== undefined)
              .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
              .map(([k, x]) => [k, sort(x)]),
          )
        : v
  return JSON.stringify(sort(query))
}
