import Dexie, { type IndexableType } from 'dexie'
import type { IntentStatus } from '@contract/service'
import { explorerDb, intentIdsOf, prefixRange, type ExplorerDb } from './db'
import { stagedEntries } from './historyJournal'
import {
  INTENT_OBJECT_STORES,
  KEY_KINDS,
  lookupKey,
  queryTerms,
  rowTime,
  tagKey,
  toCachedRow,
  type CachedIntentRow,
  type IntentRowRecord,
  type KeyKind,
} from './records'

/** Filters on one field of the summary row, typed as the row has it. */
type RowFilter = Partial<Pick<CachedIntentRow, 'owner' | 'originChainId' | 'destinationChainId' | 'originTokenAddress' | 'destinationTokenAddress' | 'projectId'>>

export interface OfflineIntentFilter extends RowFilter {
  intentId?: string
  txHash?: string
  /** Matches the owner, a participant, the origin or destination intent address, or the edge address. */
  address?: string
  statuses?: IntentStatus[]
  /** epoch ms, inclusive */
  fromTime?: number
  /** epoch ms, inclusive */
  toTime?: number
  /**
   * Whitespace-separated terms, all of which must match the beginning of an intent id,
   * hash, address, token symbol or address, provider, rail, memo word or status.
   */
  text?: string
  /** By creation time; newest first unless 'asc'. */
  order?: 'desc' | 'asc'
}

/** Where the next page starts: the last row shown (its position in every ordered index). */
export interface OfflineCursor {
  createdAt: number
  intentId: string
}

/**
 * How a query is answered, cheapest first:
 * - identifier filters (intent id, hash, address) and text terms resolve through the
 *   multiEntry key indexes of the stored objects to a set of intent ids; a text term
 *   also matches row tags (symbols, providers, status), read up to a bound: a common
 *   tag becomes a row test instead of a huge id set;
 * - a small id set is loaded and sorted whole;
 * - otherwise one ordered index is walked by key range in batches, newest first, and
 *   every filter is checked on the small summary rows until a page is full. The index is
 *   the most selective one the filter allows: owner, else status/origin chain/project
 *   (the narrowest range by count), else creation time.
 * Pages continue from a keyset cursor (createdAt, intentId), never an offset.
 */

/** Up to this many candidate ids are loaded directly rather than streamed in index order. */
const DIRECT_LOAD_LIMIT = 1000
const MIN_BATCH = 64
const MAX_BATCH = 2048

type Field = 'ownerKey' | 'statusKey' | 'originKey' | 'projectKey'

/** The filter each ordered index answers by its range alone. */
const FILTER_OF_FIELD: Record<Field, keyof OfflineIntentFilter> = {
  ownerKey: 'owner',
  statusKey: 'statuses',
  originKey: 'originChainId',
  projectKey: 'projectId',
}
/** Filters every walk answers by its key range: the order and the time range. */
const RANGE_FILTERS: ReadonlyArray<keyof OfflineIntentFilter> = ['order', 'fromTime', 'toTime']

/** The ordered index of `field` (creation time alone without one). */
const indexName = (field?: Field) => (field ? `[profileId+${field}+createdAt+intentId]` : '[profileId+createdAt+intentId]')
/** `projectKey` of a row whose intent has no project id (see records.ts). */
const NO_PROJECT_KEY = -1

/**
 * What the project filter does with intents cached without a project id, for every view
 * that offers it offline.
 */
export const PROJECT_FILTER_CAVEAT =
  'This service does not report project ids: cached intents without one are not filtered by project, so they are listed too.'

/** One walk over an ordered index: the rows whose `field` equals `value` (all rows by time without a field). */
interface Scan {
  field?: Field
  value?: IndexableType
}

interface Bounds {
  lower: IndexableType[]
  upper: IndexableType[]
  includeLower: boolean
  includeUpper: boolean
}

type Order = 'asc' | 'desc'

const compareRows = (order: Order) => (a: CachedIntentRow, b: CachedIntentRow): number => {
  const c = a.createdAt - b.createdAt || (a.intentId < b.intentId ? -1 : a.intentId > b.intentId ? 1 : 0)
  return order === 'asc' ? c : -c
}

const isAfter = (row: CachedIntentRow, cursor: OfflineCursor, order: Order) =>
  compareRows(order)(row, { ...row, createdAt: cursor.createdAt, intentId: cursor.intentId }) > 0

const lower = (s: string | undefined) => s?.trim().toLowerCase() || undefined

type RowTest = (r: IntentRowRecord) => boolean

function rowMatcher(filter: OfflineIntentFilter, candidates: ReadonlySet<string> | undefined, tests: readonly RowTest[]): RowTest {
  const statuses = filter.statuses?.length ? new Set<string>(filter.statuses) : undefined
  const owner = lower(filter.owner)
  const originToken = lower(filter.originTokenAddress)
  const destinationToken = lower(filter.destinationTokenAddress)
  const from = filter.fromTime ?? -Infinity
  const to = filter.toTime ?? Infinity
  return (r: IntentRowRecord): boolean =>
    (!candidates || candidates.has(r.intentId)) &&
    (!statuses || statuses.has(r.statusKey)) &&
    (!owner || r.ownerKey === owner) &&
    (filter.originChainId === undefined || r.originChainId === filter.originChainId) &&
    (filter.destinationChainId === undefined || r.destinationChainId === filter.destinationChainId) &&
    // The deployed service reports no project ids: an intent cached without one is kept
    // rather than silently dropped (the views say so, with PROJECT_FILTER_CAVEAT).
    (filter.projectId === undefined || r.projectId === undefined || r.projectId === filter.projectId) &&
    (!originToken || r.originTokenAddress?.toLowerCase() === originToken) &&
    (!destinationToken || r.destinationTokenAddress?.toLowerCase() === destinationToken) &&
    r.createdAt >= from &&
    r.createdAt <= to &&
    tests.every((t) => t(r))
}

/** Intents whose stored objects carry the key (or a key starting with it). */
async function idsWithKey(db: ExplorerDb, key: string, prefix: boolean): Promise<Set<string>> {
  const lists = await Promise.all(
    INTENT_OBJECT_STORES.map((s) => {
      const where = db.table(s.store).where('keys')
      return (prefix ? where.startsWith(key) : where.equals(key)).primaryKeys()
    }),
  )
  return new Set(lists.flatMap(intentIdsOf))
}

/**
 * The intent an id names. Only an intent's own objects carry its id as a key, so its
 * summary row, read by primary key, answers at once; the key indexes are asked only
 * when the id was typed in another case than the service writes it.
 */
async function idsOfIntentId(db: ExplorerDb, profileId: string, intentId: string): Promise<Set<string>> {
  const id = intentId.trim()
  if (await db.intentRows.get([profileId, id])) return new Set([id])
  return idsWithKey(db, lookupKey(profileId, 'i', id), false)
}

function intersect(a: Set<string> | undefined, b: Set<string>): Set<string> {
  if (!a) return b
  const [small, big] = a.size <= b.size ? [a, b] : [b, a]
  return new Set([...small].filter((id) => big.has(id)))
}

/** What identifier filters and text terms allow: a set of intent ids and/or row tests. */
interface Constraints {
  ids?: Set<string>
  tests: RowTest[]
}

/** The identifier filters given (intent id, hash, address), each with the kind of key it is looked up by. */
const exactFilters = (filter: OfflineIntentFilter): Array<[KeyKind, string]> =>
  ([['i', filter.intentId], ['t', filter.txHash], ['a', filter.address]] as const).flatMap(([kind, value]) => (value?.trim() ? [[kind, value]] : []))

async function constraintsOf(db: ExplorerDb, profileId: string, filter: OfflineIntentFilter): Promise<Constraints> {
  let ids: Set<string> | undefined
  const tests: RowTest[] = []
  for (const [kind, value] of exactFilters(filter)) {
    ids = intersect(ids, kind === 'i' ? await idsOfIntentId(db, profileId, value) : await idsWithKey(db, lookupKey(profileId, kind, value), false))
    if (!ids.size) return { ids, tests }
  }
  for (const term of queryTerms(filter.text ?? '')) {
    const tag = tagKey(profileId, term)
    // At most one more than the load limit: a common tag costs no more than a rare one.
    const [keyed, tagged] = await Promise.all([
      Promise.all(KEY_KINDS.map((kind) => idsWithKey(db, lookupKey(profileId, kind, term), true))),
      db.intentRows.where('tags').startsWith(tag).limit(DIRECT_LOAD_LIMIT + 1).primaryKeys(),
    ])
    const keyIds = new Set(keyed.flatMap((s) => [...s]))
    if (tagged.length > DIRECT_LOAD_LIMIT) {
      tests.push((r) => keyIds.has(r.intentId) || r.tags.some((t) => t.startsWith(tag)))
      continue
    }
    ids = intersect(ids, new Set([...keyIds, ...intentIdsOf(tagged)]))
    if (!ids.size) return { ids, tests }
  }
  return { ids, tests }
}

/** The part of the range after `key` in the walk's order. */
const past = (b: Bounds, key: IndexableType[], order: Order): Bounds =>
  order === 'desc' ? { ...b, upper: key, includeUpper: false } : { ...b, lower: key, includeLower: false }

function bounds(profileId: string, scan: Scan, filter: OfflineIntentFilter, order: Order, after?: OfflineCursor): Bounds {
  const head: IndexableType[] = scan.field ? [profileId, scan.value!] : [profileId]
  const from = filter.fromTime ?? -Infinity
  const to = filter.toTime ?? Infinity
  const b: Bounds = {
    lower: [...head, from, Dexie.minKey],
    upper: [...head, to, Dexie.maxKey as IndexableType],
    includeLower: true,
    includeUpper: true,
  }
  const inRange = after && (order === 'desc' ? after.createdAt <= to : after.createdAt >= from)
  return inRange ? past(b, [...head, after.createdAt, after.intentId], order) : b
}

const indexKey = (r: IntentRowRecord, field?: Field): IndexableType[] =>
  field ? [r.profileId, r[field], r.createdAt, r.intentId] : [r.profileId, r.createdAt, r.intentId]

/** The rows of `field`'s ordered index within `b`. */
const rowsWithin = (db: ExplorerDb, field: Field | undefined, b: Bounds) =>
  db.intentRows.where(indexName(field)).between(b.lower, b.upper, b.includeLower, b.includeUpper)

/**
 * Walks a key range in batches (each a single getAll), keeping rows that pass `test`,
 * until `want` are found or the range ends. Batches grow so sparse matches stay cheap;
 * where every row in the range matches, the first batch is exactly `want`.
 */
async function walk(
  db: ExplorerDb,
  field: Field | undefined,
  range: Bounds,
  order: Order,
  test: RowTest,
  want: number,
  everyRowMatches: boolean,
): Promise<IntentRowRecord[]> {
  const out: IntentRowRecord[] = []
  let b = range
  let batch = everyRowMatches ? want : Math.min(MAX_BATCH, Math.max(MIN_BATCH, want))
  for (;;) {
    const coll = rowsWithin(db, field, b)
    const rows = await (order === 'desc' ? coll.reverse() : coll).limit(batch).toArray()
    for (const r of rows) {
      if (!test(r)) continue
      out.push(r)
      if (out.length >= want) return out
    }
    if (rows.length < batch) return out
    b = past(b, indexKey(rows[rows.length - 1], field), order)
    batch = Math.min(MAX_BATCH, batch * 2)
  }
}

async function rangeCount(db: ExplorerDb, profileId: string, scans: Scan[], filter: OfflineIntentFilter): Promise<number> {
  const counts = await Promise.all(scans.map((s) => rowsWithin(db, s.field, bounds(profileId, s, filter, 'desc')).count()))
  return counts.reduce((a, b) => a + b, 0)
}

/** Whether the scans' key ranges hold only matching rows: the filter asks nothing the ranges do not. */
function rangesDecide(filter: OfflineIntentFilter, scans: readonly Scan[]): boolean {
  const field = scans[0].field
  const answered = new Set([...RANGE_FILTERS, ...(field ? [FILTER_OF_FIELD[field]] : [])])
  return (Object.keys(filter) as Array<keyof OfflineIntentFilter>).every((k) => filter[k] === undefined || answered.has(k))
}

/** The walks that together cover every row the filter can match, on the narrowest index. */
async function plan(db: ExplorerDb, profileId: string, filter: OfflineIntentFilter): Promise<Scan[]> {
  const owner = lower(filter.owner)
  if (owner) return [{ field: 'ownerKey', value: owner }]
  const options: Scan[][] = []
  if (filter.statuses?.length) options.push([...new Set(filter.statuses)].map((s) => ({ field: 'statusKey', value: s })))
  if (filter.originChainId !== undefined) options.push([{ field: 'originKey', value: filter.originChainId }])
  if (filter.projectId !== undefined) options.push([filter.projectId, NO_PROJECT_KEY].map((value) => ({ field: 'projectKey', value })))
  if (!options.length) return [{}]
  if (options.length === 1) return options[0]
  const sizes = await Promise.all(options.map((scans) => rangeCount(db, profileId, scans, filter)))
  return options[sizes.indexOf(Math.min(...sizes))]
}

/**
 * The offline search: the cached intents of a profile that match every given filter,
 * one page at a time, ordered by creation time.
 */
export async function searchCachedIntents(
  profileId: string,
  filter: OfflineIntentFilter,
  page: { limit: number; after?: OfflineCursor },
): Promise<{ rows: CachedIntentRow[]; next?: OfflineCursor }> {
  const db = explorerDb()
  const order: Order = filter.order ?? 'desc'
  const limit = Math.max(1, Math.floor(page.limit))
  // One row more than shown tells whether a next page exists.
  const want = limit + 1
  const tables = [db.intentRows, ...INTENT_OBJECT_STORES.map((s) => db.table(s.store))]
  const found = await db.transaction('r', tables, async () => {
    const { ids, tests } = await constraintsOf(db, profileId, filter)
    if (ids?.size === 0) return []
    const test = rowMatcher(filter, ids, tests)
    if (ids && ids.size <= DIRECT_LOAD_LIMIT) {
      const rows = await db.intentRows.bulkGet([...ids].map((id): [string, string] => [profileId, id]))
      return rows
        .filter((r): r is IntentRowRecord => r !== undefined && test(r) && (!page.after || isAfter(r, page.after, order)))
        .sort(compareRows(order))
        .slice(0, want)
    }
    const scans = await plan(db, profileId, filter)
    const exact = !ids && tests.length === 0 && rangesDecide(filter, scans)
    const walks = await Promise.all(
      scans.map((s) => walk(db, s.field, bounds(profileId, s, filter, order, page.after), order, test, want, exact)),
    )
    return walks.flat().sort(compareRows(order)).slice(0, want)
  })
  const all = withStaged(found, stagedMatches(profileId, filter, page.after, order), order).slice(0, want)
  const rows = all.slice(0, limit)
  const last = rows[rows.length - 1]
  return {
    rows: rows.map(toCachedRow),
    next: all.length > limit ? { createdAt: last.createdAt, intentId: last.intentId } : undefined,
  }
}

/**
 * Staged history entries (stored, not yet filed) that match the filter: tested on the
 * summary row and lookup keys made when they were staged, with the same rules as the
 * indexes (identifiers exact, text terms by prefix), after the cursor.
 */
function stagedMatches(profileId: string, filter: OfflineIntentFilter, after: OfflineCursor | undefined, order: Order): IntentRowRecord[] {
  const staged = stagedEntries(profileId)
  if (!staged.length) return []
  const exact = exactFilters(filter).map(([kind, value]) => lookupKey(profileId, kind, value))
  const terms = queryTerms(filter.text ?? '').map((term) => ({ keys: KEY_KINDS.map((kind) => lookupKey(profileId, kind, term)), tag: tagKey(profileId, term) }))
  const test = rowMatcher(filter, undefined, [])
  return staged
    .filter(
      ({ row, keys }) =>
        exact.every((k) => keys.includes(k)) &&
        terms.every((t) => keys.some((k) => t.keys.some((p) => k.startsWith(p))) || row.tags.some((g) => g.startsWith(t.tag))) &&
        test(row) &&
        (!after || isAfter(row, after, order)),
    )
    .map((s) => s.row)
}

/** Filed rows and staged ones in one order, each intent once: the newer fetch wins (a staged one is live, so it beats an import). */
function withStaged(filed: IntentRowRecord[], staged: IntentRowRecord[], order: Order): IntentRowRecord[] {
  if (!staged.length) return filed
  const byId = new Map(filed.map((r) => [r.intentId, r]))
  for (const r of staged) {
    const known = byId.get(r.intentId)
    if ((known ? rowTime(known, {}) : -Infinity) <= r.fetchedAt) byId.set(r.intentId, r)
  }
  return [...byId.values()].sort(compareRows(order))
}

/** How many intents the profile has cached (for "n cached intents" labels), staged ones included. */
export async function countCachedIntents(profileId: string): Promise<number> {
  const db = explorerDb()
  const staged = stagedEntries(profileId).map((s): [string, string] => [profileId, s.row.intentId])
  const [filed, known] = await Promise.all([
    prefixRange(db.intentRows, indexName(), profileId).count(),
    staged.length ? db.intentRows.bulkGet(staged) : [],
  ])
  return filed + known.filter((r) => r === undefined).length
}
