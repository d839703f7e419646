/**
 * GetIntentHistory: filtered intents with their receipts, a page at a time.
 *
 * Paging is by cursor. `page.column` is `id` (default) or `createdAt`; cursors are the
 * column's value: the numeric id, or createdAt in epoch milliseconds (unique per
 * intent). `sort[0].order` gives the direction (default DESC, newest first).
 * - `after`: the page starts just past the cursor in sort order.
 * - `before`: the page ends just before the cursor (the page preceding it).
 * - both: only entries strictly between them.
 * `nextPage` always describes the page that follows this one: the same column, sort and
 * page size, `after` = the last entry's cursor, and `more` telling whether anything
 * follows. A request with a given cursor always yields the same page while the data is
 * unchanged, so clients may walk back by re-sending cursors they saw.
 */
import { Args, evmAddress, type Json } from '../args'
import type { OpRequest } from '../context'
import type { Dataset } from '../dataset'
import { invalidArgument } from '../errors'
import { candidates, firstCreatedAtOrAfter, lowerBound, matches, parseSharedFilters, type IntentFilter } from '../filters'
import { historyEntry } from '../materialise/receipt'
import { PROVIDER_CODES } from '../providers'
import { INTENT_PROTOCOLS, INTENT_STATUSES, type IntentProtocol, type IntentStatus } from '../records'
import { JsonText } from '../wire'

export const DEFAULT_PAGE_SIZE = 20
export const MAX_PAGE_SIZE = 100
const COLUMNS = ['id', 'createdAt'] as const
type Column = (typeof COLUMNS)[number]
type Order = 'ASC' | 'DESC'

interface PageRequest {
  column: Column
  order: Order
  sort: Json[]
  pageSize: number
  after?: number
  before?: number
}

function parsePage(a: Args | undefined): PageRequest {
  const pageSize = a?.int('pageSize') ?? DEFAULT_PAGE_SIZE
  if (pageSize < 1 || pageSize > MAX_PAGE_SIZE) throw invalidArgument(`page.pageSize must be between 1 and ${MAX_PAGE_SIZE}`, 'page.pageSize')
  const sortItems = a?.array('sort') ?? []
  const sorts = sortItems.map((s, i) => Args.of(s, `page.sort[${i}]`))
  const first = sorts[0]
  const sortColumn = first?.oneOf('column', COLUMNS)
  const column = a?.oneOf('column', COLUMNS) ?? sortColumn ?? 'id'
  const order = first?.oneOf('order', ['ASC', 'DESC'] as const) ?? 'DESC'
  return {
    column,
    order,
    sort: [{ column: sortColumn ?? column, order }],
    pageSize,
    after: a?.num('after'),
    before: a?.num('before'),
  }
}

const STATUSES = INTENT_STATUSES as readonly IntentStatus[]

const PROTOCOL_SPELLINGS: Record<string, IntentProtocol | undefined> = { v1: 'v1', v1_5: 'v1_5', 'v1.5': 'v1_5' }

function parseFilter(a: Args): IntentFilter {
  const statuses = a.strArray('byStatuses')
  const status = a.oneOf('byStatus', STATUSES)
  if (statuses) for (const s of statuses) if (!STATUSES.includes(s as IntentStatus)) throw invalidArgument(`byStatuses contains unknown status ${s}`, 'byStatuses')
  const fromTime = a.num('fromTime')
  const toTime = a.num('toTime')
  const participants = a.strArray('byParticipantAddresses')?.map((p) => p.toLowerCase())
  return {
    ...parseSharedFilters(a),
    // `v1.5` is the deployed wire's spelling of the spec's `v1_5`; both are accepted.
    protocol: PROTOCOL_SPELLINGS[a.oneOf('byIntentProtocol', [...INTENT_PROTOCOLS, 'v1.5'] as const) ?? ''],
    swapProvider: a.oneOf('bySwapProvider', PROVIDER_CODES),
    bridgeProvider: a.oneOf('byBridgeProvider', PROVIDER_CODES),
    participants: participants && participants.length > 0 ? participants : undefined,
    originChainId: a.int('originChainId'),
    originTokenAddress: evmAddress(a, 'originTokenAddress'),
    destinationChainId: a.int('destinationChainId'),
    destinationTokenAddress: evmAddress(a, 'destinationTokenAddress'),
    // Unix seconds, inclusive: toTime covers the whole of its second.
    fromMs: fromTime === undefined ? undefined : fromTime * 1000,
    toMs: toTime === undefined ? undefined : toTime * 1000 + 999,
    statuses: statuses && statuses.length > 0 ? new Set(statuses as IntentStatus[]) : status ? new Set([status]) : undefined,
    onlyRecoverable: a.bool('onlyRecoverable'),
  }
}

/** Position of the first intent whose column value is >= `value`. */
function positionOf(ds: Dataset, column: Column, value: number): number {
  if (column === 'id') return Math.min(ds.size, Math.max(0, Math.ceil(value) - 1))
  return firstCreatedAtOrAfter(ds, Math.ceil(value))
}

/** Position just past every intent whose column value is <= `value`. */
const positionAfter = (ds: Dataset, column: Column, value: number): number => positionOf(ds, column, Math.floor(value) + 1)

/** A walk over matching positions in one direction, within [lo, hi). */
function* walk(ds: Dataset, list: readonly number[] | null, lo: number, hi: number, descending: boolean, f: IntentFilter) {
  const from = list ? lowerBound(list, lo) : lo
  const to = list ? lowerBound(list, hi) : hi
  const at = (i: number) => (list ? list[i] : i)
  if (descending) {
    for (let i = to - 1; i >= from; i--) if (matches(ds.records[at(i)], f)) yield at(i)
  } else {
    for (let i = from; i < to; i++) if (matches(ds.records[at(i)], f)) yield at(i)
  }
}

function take(it: Iterator<number>, n: number): number[] {
  const out: number[] = []
  for (let x = it.next(); !x.done && out.length < n; x = it.next()) out.push(x.value)
  return out
}

export function getIntentHistory({ ctx, args }: OpRequest) {
  const ds = ctx.dataset
  const page = parsePage(args.obj('page'))
  const f = parseFilter(args)
  const desc = page.order === 'DESC'

  // The window of positions the time filters allow, then narrowed by the cursors.
  const timeLo = f.fromMs === undefined ? 0 : firstCreatedAtOrAfter(ds, f.fromMs)
  const timeHi = f.toMs === undefined ? ds.size : firstCreatedAtOrAfter(ds, f.toMs + 1)
  let lo = timeLo
  let hi = timeHi
  const bound = (cursor: number | undefined, towardsEnd: boolean) => {
    if (cursor === undefined) return
    // "Towards the end" means higher positions: past the cursor in ASC, before it in DESC.
    if (towardsEnd) lo = Math.max(lo, positionAfter(ds, page.column, cursor))
    else hi = Math.min(hi, positionOf(ds, page.column, cursor))
  }
  bound(page.after, !desc)
  bound(page.before, desc)

  const list = candidates(ds, f)
  // A before-only page is the one just preceding the cursor: walk back from it.
  const backwards = page.before !== undefined && page.after === undefined
  const found = take(walk(ds, list, lo, hi, backwards ? !desc : desc, f), page.pageSize + 1)
  let more: boolean
  let idxs: number[]
  if (backwards) {
    idxs = found.slice(0, page.pageSize).reverse()
    const last = idxs[idxs.length - 1]
    more = last !== undefined && !walk(ds, list, desc ? timeLo : last + 1, desc ? last : timeHi, desc, f).next().done
  } else {
    more = found.length > page.pageSize
    idxs = found.slice(0, page.pageSize)
  }

  const includeBalances = args.bool('includeBalances') === true
  const key = (idx: number) => (page.column === 'id' ? idx + 1 : ds.records[idx].createdAt)
  const lastIdx = idxs[idxs.length - 1]
  const nextPage = { column: page.column, after: lastIdx === undefined ? page.after : key(lastIdx), sort: page.sort, pageSize: page.pageSize, more }
  const entries = idxs.map((i) => {
    const r = ds.records[i]
    return ctx.recordJson.get(`entry:${i}:${r.version}:${includeBalances}`, () =>
      ctx.wire.json(ctx.wire.deployed ? { ...historyEntry(r, includeBalances), receipt: ctx.wire.receipt(r) } : historyEntry(r, includeBalances)),
    )
  })
  // Assembled from cached entry texts: the same JSON toJson would write for the object.
  return new JsonText(`{"intents":[${entries.join(',')}],"nextPage":${ctx.wire.json(nextPage)}}`)
}
