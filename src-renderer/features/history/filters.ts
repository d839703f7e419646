import type { GetIntentHistoryRequest, IntentStatus, Page } from '@contract/service'
import { EDGE_MODES, INTENT_PROTOCOLS, INTENT_STATUSES } from '@contract/service/constants'
import { EVM_ADDRESS, plainTokenProblem } from '@contract/formats'
import { isShowingUtc, pad2, timeParts } from '../../lib/format'
import type { HistoryQuery } from '../../data/paging'

/**
 * The History view's filters as the form edits them (all text, so nothing typed is lost
 * while it is still invalid), how they live in the URL, and how a valid set becomes a
 * GetIntentHistory request. Invalid input never reaches the service: `validateFilters`
 * either yields a request or a message per field. The verbs: `read` (URL → form),
 * `validate` (form → query or messages), `toRequest` (query → GetIntentHistory request),
 * `write` (form → URL).
 */

export type IntentProtocol = (typeof INTENT_PROTOCOLS)[number]
export type EdgeMode = (typeof EDGE_MODES)[number]

export interface HistoryFilterDraft {
  projectId: string
  protocol: '' | IntentProtocol
  swapProvider: string
  bridgeProvider: string
  owner: string
  edgeAddress: string
  edgeRail: string
  edgeMode: '' | EdgeMode
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

export const EMPTY_DRAFT: HistoryFilterDraft = {
  projectId: '',
  protocol: '',
  swapProvider: '',
  bridgeProvider: '',
  owner: '',
  edgeAddress: '',
  edgeRail: '',
  edgeMode: '',
  participants: '',
  originChainId: '',
  originToken: '',
  destinationChainId: '',
  destinationToken: '',
  from: '',
  to: '',
  includeBalances: false,
  onlyRecoverable: false,
  statuses: [],
}

/** The request without its cursor: what defines the list being paged through. */
export type { HistoryQuery }

export const SORT_COLUMNS = ['createdAt', 'id'] as const
export type SortColumn = (typeof SORT_COLUMNS)[number]
export type SortOrder = 'ASC' | 'DESC'

/** The spec recommends 10–30 entries per page, because each carries a full receipt. */
export const PAGE_SIZES = [10, 15, 20, 25, 30] as const
export const DEFAULT_PAGE_SIZE = 20
export const DEFAULT_LOAD_ALL_CAP = 5000
export const MAX_LOAD_ALL_CAP = 100_000

export interface HistoryViewSettings {
  sort: SortColumn
  order: SortOrder
  pageSize: number
  /** Most entries "Load all" reads before it stops. */
  cap: number
  /**
   * The view shows everything "Load all" reads rather than one page. Kept in the URL so a
   * reload or a shared link opens the same view, loading at once.
   */
  all: boolean
}

export const DEFAULT_SETTINGS: HistoryViewSettings = {
  sort: 'createdAt',
  order: 'DESC',
  pageSize: DEFAULT_PAGE_SIZE,
  cap: DEFAULT_LOAD_ALL_CAP,
  all: false,
}

// ---- validation -----------------------------------------------------------------

/** Accounts on a non-EVM rail (base58, base32, bech32 …): letters and digits only. */
const RAIL_ACCOUNT = /^[A-Za-z0-9]{20,128}$/
const UPPER_CODE = /^[A-Z][A-Z0-9_]*$/
const DIGITS = /^\d+$/
export const MAX_PARTICIPANTS = 20

const EVM_MESSAGE = 'Use a 0x address with 40 hex digits'
const EDGE_MESSAGE = 'Use a 0x address with 40 hex digits or an account on the edge rail (letters and digits)'

/** A look-alike (a Cyrillic “с” for “c”, an invisible character) is named, not just refused. */
const lookAlike = (value: string): string | undefined => {
  const problem = plainTokenProblem(value)
  return problem && `This address ${problem}`
}

function evmAddress(value: string): string | undefined {
  return EVM_ADDRESS.test(value) ? undefined : (lookAlike(value) ?? EVM_MESSAGE)
}

function anyChainAddress(value: string): string | undefined {
  const odd = lookAlike(value)
  if (odd) return odd
  if (value.startsWith('0x') || value.startsWith('0X')) return evmAddress(value)
  return RAIL_ACCOUNT.test(value) ? undefined : EDGE_MESSAGE
}

export function splitAddresses(text: string): string[] {
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
export function unixToLocalInput(seconds: number): string {
  const p = timeParts(seconds * 1000)
  return `${p.year}-${pad2(p.month)}-${pad2(p.day)}T${pad2(p.hour)}:${pad2(p.minute)}:${pad2(p.second)}`
}

export type FilterErrors = Partial<Record<FilterField, string>>

export type Validation = { ok: true; query: HistoryQuery } | { ok: false; errors: FilterErrors }

type Checked = { errors: FilterErrors; query: HistoryQuery }
const text = (draft: HistoryFilterDraft, field: FilterField) => String(draft[field] ?? '').trim()

function checkProjectAndCodes(draft: HistoryFilterDraft, { errors, query }: Checked) {
  const projectId = text(draft, 'projectId')
  if (projectId) {
    if (DIGITS.test(projectId) && Number.isSafeInteger(Number(projectId))) query.byProjectId = Number(projectId)
    else errors.projectId = 'Use a whole number (0 or more)'
  }
  if (draft.protocol) query.byIntentProtocol = draft.protocol
  for (const [field, key] of [
    ['swapProvider', 'bySwapProvider'],
    ['bridgeProvider', 'byBridgeProvider'],
  ] as const) {
    const code = text(draft, field).toUpperCase()
    if (!code) continue
    if (UPPER_CODE.test(code)) query[key] = code
    else errors[field] = 'Use a provider code: letters, digits and _ (e.g. AUTO)'
  }
  const rail = text(draft, 'edgeRail').toUpperCase()
  if (rail) {
    if (UPPER_CODE.test(rail)) query.byEdgeRail = rail
    else errors.edgeRail = 'Use the network name in capitals, e.g. SOLANA'
  }
  if (draft.edgeMode) query.byEdgeMode = draft.edgeMode
}

function checkAddresses(draft: HistoryFilterDraft, { errors, query }: Checked) {
  const owner = text(draft, 'owner')
  if (owner) {
    const problem = evmAddress(owner)
    if (problem) errors.owner = problem
    else query.byOwnerAddress = owner
  }
  const edgeAddress = text(draft, 'edgeAddress')
  if (edgeAddress) {
    const problem = anyChainAddress(edgeAddress)
    if (problem) errors.edgeAddress = problem
    else query.byEdgeAddress = edgeAddress
  }
  const participants = splitAddresses(draft.participants)
  if (participants.length > MAX_PARTICIPANTS) errors.participants = `At most ${MAX_PARTICIPANTS} addresses`
  else if (participants.length) {
    const bad = participants.find((a) => anyChainAddress(a))
    if (bad) errors.participants = `“${bad.length > 20 ? `${bad.slice(0, 18)}…` : bad}” is not an address`
    else query.byParticipantAddresses = participants
  }
}

function checkChainsAndTokens(draft: HistoryFilterDraft, { errors, query }: Checked) {
  for (const [field, key] of [
    ['originChainId', 'originChainId'],
    ['destinationChainId', 'destinationChainId'],
  ] as const) {
    const v = text(draft, field)
    if (!v) continue
    const n = Number(v)
    if (DIGITS.test(v) && Number.isSafeInteger(n) && n > 0) query[key] = n
    else errors[field] = 'Pick a chain or enter a positive chain id'
  }
  for (const [field, key] of [
    ['originToken', 'originTokenAddress'],
    ['destinationToken', 'destinationTokenAddress'],
  ] as const) {
    const v = text(draft, field)
    if (!v) continue
    const problem = evmAddress(v)
    if (problem) errors[field] = problem
    else query[key] = v
  }
}

function checkTimes(draft: HistoryFilterDraft, { errors, query }: Checked) {
  const from = text(draft, 'from')
  const to = text(draft, 'to')
  const fromTime = from ? localInputToUnix(from) : undefined
  const toTime = to ? localInputToUnix(to) : undefined
  if (from && fromTime === undefined) errors.from = 'Enter a date and time'
  if (to && toTime === undefined) errors.to = 'Enter a date and time'
  if (fromTime !== undefined && toTime !== undefined && fromTime > toTime) errors.to = 'The end is before the start'
  if (fromTime !== undefined && fromTime < 0) errors.from = 'Pick a date after 1970'
  if (!errors.from && fromTime !== undefined) query.fromTime = fromTime
  if (!errors.to && toTime !== undefined) query.toTime = toTime
}

/** Trims, upper-cases codes and checks every field; a valid draft becomes the request. */
export function validateFilters(draft: HistoryFilterDraft): Validation {
  const checked: Checked = { errors: {}, query: {} }
  checkProjectAndCodes(draft, checked)
  checkAddresses(draft, checked)
  checkChainsAndTokens(draft, checked)
  checkTimes(draft, checked)
  const { errors, query } = checked
  if (draft.includeBalances) query.includeBalances = true
  if (draft.onlyRecoverable) query.onlyRecoverable = true
  // Every status ticked means no restriction; the list stays short either way.
  if (draft.statuses.length && draft.statuses.length < INTENT_STATUSES.length) {
    query.byStatuses = INTENT_STATUSES.filter((s) => draft.statuses.includes(s))
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, query }
}

/** Entries "load all" asks for per request: fewer round trips, still a bounded answer. */
export const LOAD_ALL_PAGE_SIZE = 100

/** Entries per request in the settings' view: the page size, or bigger pages for "load all". */
export const requestPageSize = (settings: HistoryViewSettings): number =>
  settings.all ? Math.max(LOAD_ALL_PAGE_SIZE, settings.pageSize) : settings.pageSize

/**
 * The GetIntentHistory request for a valid query in the settings' view, without a cursor:
 * the first page's `page` holds the sort column, the order and the size. It names the list
 * (the query key); later pages re-send the service's `nextPage`.
 */
export function toRequest(query: HistoryQuery, settings: HistoryViewSettings): GetIntentHistoryRequest {
  const page: Page = { column: settings.sort, sort: [{ column: settings.sort, order: settings.order }], pageSize: requestPageSize(settings) }
  return { ...query, page }
}

// ---- URL ------------------------------------------------------------------------

/** URL parameter of each single-valued text field. */
const TEXT_PARAMS = {
  projectId: 'project',
  swapProvider: 'swap',
  bridgeProvider: 'bridge',
  owner: 'owner',
  edgeAddress: 'edge',
  edgeRail: 'rail',
  originChainId: 'originChain',
  originToken: 'originToken',
  destinationChainId: 'destChain',
  destinationToken: 'destToken',
} as const satisfies Partial<Record<FilterField, string>>

const oneOf = <T extends string>(values: readonly T[], v: string | null): T | '' =>
  v !== null && (values as readonly string[]).includes(v) ? (v as T) : ''

/**
 * Times travel in the URL as ISO instants, so a shared link means the same moment in
 * every time zone; the form shows them in local time.
 */
function isoToLocalInput(iso: string | null): string {
  if (!iso) return ''
  const ms = Date.parse(iso)
  return Number.isNaN(ms) ? iso : unixToLocalInput(Math.floor(ms / 1000))
}
function localInputToIso(local: string): string {
  const s = localInputToUnix(local)
  return s === undefined ? local : new Date(s * 1000).toISOString().replace('.000Z', 'Z')
}

export function readFilters(params: URLSearchParams): HistoryFilterDraft {
  const draft: HistoryFilterDraft = { ...EMPTY_DRAFT }
  for (const [field, key] of Object.entries(TEXT_PARAMS) as [keyof typeof TEXT_PARAMS, string][]) {
    draft[field] = params.get(key) ?? ''
  }
  draft.protocol = oneOf(INTENT_PROTOCOLS, params.get('protocol'))
  draft.edgeMode = oneOf(EDGE_MODES, params.get('mode'))
  draft.participants = params.getAll('participant').join(', ')
  draft.from = isoToLocalInput(params.get('from'))
  draft.to = isoToLocalInput(params.get('to'))
  draft.includeBalances = params.get('balances') === '1'
  draft.onlyRecoverable = params.get('recoverable') === '1'
  const statuses = new Set(params.getAll('status'))
  draft.statuses = INTENT_STATUSES.filter((s) => statuses.has(s))
  return draft
}

function clampInt(v: string | null, min: number, max: number, fallback: number): number {
  const n = v !== null && DIGITS.test(v) ? Number(v) : NaN
  return Number.isSafeInteger(n) ? Math.min(max, Math.max(min, n)) : fallback
}

export function readSettings(params: URLSearchParams): HistoryViewSettings {
  const sort = oneOf(SORT_COLUMNS, params.get('sort')) || DEFAULT_SETTINGS.sort
  const order = params.get('order') === 'asc' ? 'ASC' : 'DESC'
  const size = clampInt(params.get('size'), PAGE_SIZES[0], PAGE_SIZES[PAGE_SIZES.length - 1], DEFAULT_PAGE_SIZE)
  const cap = clampInt(params.get('cap'), 1, MAX_LOAD_ALL_CAP, DEFAULT_LOAD_ALL_CAP)
  return { sort, order, pageSize: size, cap, all: params.get('all') === '1' }
}

/** The URL's search part for a draft and settings; defaults are left out to keep links short. */
export function writeFilters(draft: HistoryFilterDraft, settings: HistoryViewSettings): URLSearchParams {
  const p = new URLSearchParams()
  for (const [field, key] of Object.entries(TEXT_PARAMS) as [keyof typeof TEXT_PARAMS, string][]) {
    const v = draft[field].trim()
    if (v) p.set(key, field.endsWith('Provider') || field === 'edgeRail' ? v.toUpperCase() : v)
  }
  if (draft.protocol) p.set('protocol', draft.protocol)
  if (draft.edgeMode) p.set('mode', draft.edgeMode)
  for (const a of splitAddresses(draft.participants)) p.append('participant', a)
  if (draft.from.trim()) p.set('from', localInputToIso(draft.from.trim()))
  if (draft.to.trim()) p.set('to', localInputToIso(draft.to.trim()))
  if (draft.includeBalances) p.set('balances', '1')
  if (draft.onlyRecoverable) p.set('recoverable', '1')
  for (const s of draft.statuses) p.append('status', s)
  if (settings.sort !== DEFAULT_SETTINGS.sort) p.set('sort', settings.sort)
  if (settings.order !== DEFAULT_SETTINGS.order) p.set('order', settings.order.toLowerCase())
  if (settings.pageSize !== DEFAULT_SETTINGS.pageSize) p.set('size', String(settings.pageSize))
  if (settings.cap !== DEFAULT_SETTINGS.cap) p.set('cap', String(settings.cap))
  if (settings.all) p.set('all', '1')
  return p
}
