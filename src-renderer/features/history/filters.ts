import type { GetIntentHistoryRequest, IntentStatus, Page } from '@contract/service'
import { EDGE_MODES, INTENT_PROTOCOLS, INTENT_STATUSES } from '@contract/service/constants'
import { EVM_ADDRESS, namedTokenProblem } from '@contract/formats'
import { filterCodec, flag, hasProblems, text, type Field, type Problem } from '../../lib/filterCodec'
import { isShowingUtc, zoneOffsetMs } from '../../lib/format'
import type { HistoryQuery } from '../../data/paging'

/** The History form's filters, all text so nothing typed is lost while it is still invalid. */
export interface HistoryFilterDraft {
  projectId: string
  protocol: '' | (typeof INTENT_PROTOCOLS)[number]
  swapProvider: string
  bridgeProvider: string
  owner: string
  edgeAddress: string
  edgeRail: string
  edgeMode: '' | (typeof EDGE_MODES)[number]
  /** Several addresses separated by commas, spaces or line breaks. */
  participants: string
  originChainId: string
  originToken: string
  destinationChainId: string
  destinationToken: string
  /** `datetime-local` values (local time, `YYYY-MM-DDTHH:mm[:ss]`). */
  from: string
  to: string
  includeBalances: boolean
  onlyRecoverable: boolean
  statuses: IntentStatus[]
}

export type FilterField = keyof HistoryFilterDraft

/** The request without its cursor: what defines the list being paged through. */
export type { HistoryQuery }

export const SORT_COLUMNS = ['createdAt', 'id'] as const
export type SortColumn = (typeof SORT_COLUMNS)[number]
export type SortOrder = 'ASC' | 'DESC'

/** The spec recommends 10–30 entries per page, because each carries a full receipt. */
export const PAGE_SIZES = [10, 15, 20, 25, 30] as const
const DEFAULT_PAGE_SIZE = 20
const DEFAULT_LOAD_ALL_CAP = 5000
export const MAX_LOAD_ALL_CAP = 100_000

export interface HistoryViewSettings {
  sort: SortColumn
  order: SortOrder
  pageSize: number
  /** Most entries "Load all" reads before it stops. */
  cap: number
  /** The view shows everything "Load all" reads: in the URL, so a reload or a shared link opens it, loading at once. */
  all: boolean
}

/** Accounts on a non-EVM rail (base58, base32, bech32 …): letters and digits only. */
const RAIL_ACCOUNT = /^[A-Za-z0-9]{20,128}$/
const UPPER_CODE = /^[A-Z][A-Z0-9_]*$/
const DIGITS = /^\d+$/
const MAX_PARTICIPANTS = 20

const EVM_MESSAGE = 'Use a 0x address with 40 hex digits'
const EDGE_MESSAGE = 'Use a 0x address with 40 hex digits or an account on the edge rail (letters and digits)'

function evmAddress(value: string): string | undefined {
  return EVM_ADDRESS.test(value) ? undefined : (namedTokenProblem(value, 'address') ?? EVM_MESSAGE)
}

function anyChainAddress(value: string): string | undefined {
  const odd = namedTokenProblem(value, 'address')
  if (odd) return odd
  if (value.startsWith('0x') || value.startsWith('0X')) return evmAddress(value)
  return RAIL_ACCOUNT.test(value) ? undefined : EDGE_MESSAGE
}

function splitAddresses(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter(Boolean))]
}

/**
 * Unix seconds for a `datetime-local` value, read in the zone every date in the app is
 * shown in: UTC when Settings' "Show times in UTC" is on, else the local zone.
 */
export function localInputToUnix(value: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)) return undefined
  const ms = new Date(isShowingUtc() ? `${value}Z` : value).getTime()
  return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000)
}

/** The `datetime-local` value (to the second, in the shown zone) for unix seconds. */
export const unixToLocalInput = (seconds: number): string => new Date(seconds * 1000 + zoneOffsetMs(seconds * 1000)).toISOString().slice(0, 19)

export type FilterErrors = Partial<Record<FilterField, string>>

type Validation = { ok: true; query: HistoryQuery } | { ok: false; errors: FilterErrors }

/** Entries "load all" asks for per request: fewer round trips, still a bounded answer. */
export const LOAD_ALL_PAGE_SIZE = 100

/** Entries per request in the settings' view: the page size, or bigger pages for "load all". */
export const requestPageSize = (settings: HistoryViewSettings): number =>
  settings.all ? Math.max(LOAD_ALL_PAGE_SIZE, settings.pageSize) : settings.pageSize

const oneOf = <T extends string>(values: readonly T[], v: string | null): T | '' =>
  v !== null && (values as readonly string[]).includes(v) ? (v as T) : ''

function isoToLocalInput(iso: string | null): string {
  if (!iso) return ''
  const ms = Date.parse(iso)
  return Number.isNaN(ms) ? iso : unixToLocalInput(Math.floor(ms / 1000))
}
function localInputToIso(local: string): string {
  const s = localInputToUnix(local)
  return s === undefined ? local : new Date(s * 1000).toISOString().replace('.000Z', 'Z')
}

function clampInt(v: string | null, min: number, max: number, fallback: number): number {
  const n = v !== null && DIGITS.test(v) ? Number(v) : NaN
  return Number.isSafeInteger(n) ? Math.min(max, Math.max(min, n)) : fallback
}

type Part = Partial<HistoryQuery> | Problem | undefined

/** A provider or rail code: written upper case, letters, digits and _. */
const code = (key: string, build: (code: string) => Part, problem: string): Field<string, HistoryFilterDraft, HistoryQuery> => ({
  ...text<HistoryFilterDraft, HistoryQuery>(key, (v) => (UPPER_CODE.test(v.toUpperCase()) ? build(v.toUpperCase()) : { problem })),
  serialise: (v) => v.trim().toUpperCase(),
})
const chain = (key: string, build: (id: number) => Part) =>
  text<HistoryFilterDraft, HistoryQuery>(key, (v) =>
    DIGITS.test(v) && Number.isSafeInteger(Number(v)) && Number(v) > 0 ? build(Number(v)) : { problem: 'Pick a chain or enter a positive chain id' },
  )
const address = (key: string, check: (v: string) => string | undefined, build: (address: string) => Part) =>
  text<HistoryFilterDraft, HistoryQuery>(key, (v) => {
    const problem = check(v)
    return problem ? { problem } : build(v)
  })
const choice = <T extends string>(key: string, values: readonly T[], build: (v: T) => Part): Field<'' | T, HistoryFilterDraft, HistoryQuery> => ({
  key,
  empty: '',
  parse: ([t]) => oneOf(values, t),
  toRequest: (v) => (v ? build(v) : undefined),
})
/** Times travel in the URL as ISO instants, so a shared link means the same moment in every zone; the form shows them in the shown zone. */
const time = (key: 'from' | 'to', check: (seconds: number, f: HistoryFilterDraft) => Part): Field<string, HistoryFilterDraft, HistoryQuery> => ({
  ...text<HistoryFilterDraft, HistoryQuery>(key, (v, f) => {
    const seconds = localInputToUnix(v)
    return seconds === undefined ? { problem: 'Enter a date and time' } : check(seconds, f)
  }),
  parse: ([t]) => isoToLocalInput(t),
  serialise: (v) => (v.trim() ? localInputToIso(v.trim()) : ''),
})

const participants: Field<string, HistoryFilterDraft, HistoryQuery> = {
  key: 'participant',
  many: true,
  empty: '',
  parse: (all) => all.join(', '),
  serialise: splitAddresses,
  toRequest: (v) => {
    const all = splitAddresses(v)
    if (all.length > MAX_PARTICIPANTS) return { problem: `At most ${MAX_PARTICIPANTS} addresses` }
    const bad = all.find((a) => anyChainAddress(a))
    if (bad) return { problem: `“${bad.length > 20 ? `${bad.slice(0, 18)}…` : bad}” is not an address` }
    return all.length ? { byParticipantAddresses: all } : undefined
  },
}

const PROVIDER_PROBLEM = 'Use a provider code: letters, digits and _ (e.g. AUTO)'

/** History's table for the one codec: its URL keys never change, so a link or watched filter written before reads the same. */
export const historyFilters = filterCodec<HistoryFilterDraft, HistoryQuery>({
  projectId: text('project', (v) => (DIGITS.test(v) && Number.isSafeInteger(Number(v)) ? { byProjectId: Number(v) } : { problem: 'Use a whole number (0 or more)' })),
  swapProvider: code('swap', (c) => ({ bySwapProvider: c }), PROVIDER_PROBLEM),
  bridgeProvider: code('bridge', (c) => ({ byBridgeProvider: c }), PROVIDER_PROBLEM),
  owner: address('owner', evmAddress, (a) => ({ byOwnerAddress: a })),
  edgeAddress: address('edge', anyChainAddress, (a) => ({ byEdgeAddress: a })),
  edgeRail: code('rail', (c) => ({ byEdgeRail: c }), 'Use the network name in capitals, e.g. SOLANA'),
  originChainId: chain('originChain', (id) => ({ originChainId: id })),
  originToken: address('originToken', evmAddress, (a) => ({ originTokenAddress: a })),
  destinationChainId: chain('destChain', (id) => ({ destinationChainId: id })),
  destinationToken: address('destToken', evmAddress, (a) => ({ destinationTokenAddress: a })),
  protocol: choice('protocol', INTENT_PROTOCOLS, (p) => ({ byIntentProtocol: p })),
  edgeMode: choice('mode', EDGE_MODES, (m) => ({ byEdgeMode: m })),
  participants,
  from: time('from', (s) => (s < 0 ? { problem: 'Pick a date after 1970' } : { fromTime: s })),
  to: time('to', (s, f) => {
    const from = f.from.trim() ? localInputToUnix(f.from.trim()) : undefined
    return from !== undefined && from > s ? { problem: 'The end is before the start' } : { toTime: s }
  }),
  includeBalances: flag('balances', (on) => (on ? { includeBalances: true } : undefined)),
  onlyRecoverable: flag('recoverable', (on) => (on ? { onlyRecoverable: true } : undefined)),
  statuses: {
    key: 'status',
    many: true,
    empty: [],
    parse: (all) => INTENT_STATUSES.filter((s) => all.includes(s)),
    // Every status ticked means no restriction; the list stays short either way.
    toRequest: (v) => (v.length && v.length < INTENT_STATUSES.length ? { byStatuses: INTENT_STATUSES.filter((s) => v.includes(s)) } : undefined),
  },
})

export const EMPTY_DRAFT: HistoryFilterDraft = historyFilters.empty

/** The form's answer, from the codec: the query, or the problem of each bad field. */
export function validate(draft: HistoryFilterDraft): Validation {
  const { request, problems } = historyFilters.toRequest(draft)
  return hasProblems(problems) ? { ok: false, errors: problems } : { ok: true, query: request }
}

/** The view's settings for the same codec: sort, order and size make the first page's `page`; the cap and "all" live in the URL only. */
export const historySettings = filterCodec<HistoryViewSettings, { page: Page }>({
  sort: { key: 'sort', empty: 'createdAt', parse: ([t]) => oneOf(SORT_COLUMNS, t) || 'createdAt' },
  order: { key: 'order', empty: 'DESC', parse: ([t]) => (t === 'asc' ? 'ASC' : 'DESC'), serialise: (o) => o.toLowerCase() },
  pageSize: {
    key: 'size',
    empty: DEFAULT_PAGE_SIZE,
    parse: ([t]) => clampInt(t, PAGE_SIZES[0], PAGE_SIZES[PAGE_SIZES.length - 1], DEFAULT_PAGE_SIZE),
    toRequest: (_, s) => ({ page: { column: s.sort, sort: [{ column: s.sort, order: s.order }], pageSize: requestPageSize(s) } }),
  },
  cap: { key: 'cap', empty: DEFAULT_LOAD_ALL_CAP, parse: ([t]) => clampInt(t, 1, MAX_LOAD_ALL_CAP, DEFAULT_LOAD_ALL_CAP) },
  all: flag('all'),
})

/** Newest first by creation time, the default page size and "load all" cap. */
export const DEFAULT_SETTINGS: HistoryViewSettings = historySettings.empty

/** The GetIntentHistory request, without a cursor, for a valid query in the settings' view. */
export const historyRequest = (query: HistoryQuery, settings: HistoryViewSettings): GetIntentHistoryRequest => ({
  ...query,
  ...historySettings.toRequest(settings).request,
})

/** The URL's search part for a draft and settings; defaults are left out to keep links short. */
export const historyParams = (draft: HistoryFilterDraft, settings: HistoryViewSettings): URLSearchParams =>
  historySettings.encode(settings, historyFilters.encode(draft))
