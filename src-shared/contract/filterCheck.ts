import type { GetIntentHistoryRequest, Intent, IntentHistoryEntry, SearchIntentsRequest } from './service'

/**
 * Did the service apply the filters it was sent? The published client's GetIntentHistory
 * takes only `page`, `byProjectId` and `byOwnerAddress` (its SearchIntents no edge
 * filters), and a service that ignores a filter answers unfiltered rows silently. So the rows are checked against what was sent
 * (by main's doctor and the renderer alike); a filter a row contradicts is named and
 * applied locally. A check is `false` only when the row shows the field and it does not
 * match, `undefined` when the row does not carry it.
 */

type Verdict = boolean | undefined
type Check<Row, Req> = (row: Row, request: Req) => Verdict

const same = (a: string | undefined, b: string | undefined): Verdict => (a === undefined || b === undefined ? undefined : a.toLowerCase() === b.toLowerCase())
const equal = <T>(a: T | undefined, b: T | undefined): Verdict => (a === undefined || b === undefined ? undefined : a === b)
const inOrder = (a: number | undefined, b: number | undefined): Verdict => (a === undefined || b === undefined ? undefined : a <= b)
/** Unix seconds of an ISO time, or undefined when it does not read as one. */
export const seconds = (iso: string | undefined): number | undefined => {
  const ms = iso ? Date.parse(iso) : NaN
  return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000)
}

export const owner = (e: IntentHistoryEntry) => e.receipt?.ownerAddress ?? e.receipt?.summary?.ownerAddress
const statusOf = (e: IntentHistoryEntry) => e.status ?? e.receipt?.status
const summary = (e: IntentHistoryEntry) => e.receipt?.summary
const edgeOf = (e: IntentHistoryEntry) => e.receipt?.edge ?? e.receipt?.summary?.edge

/**
 * The addresses an entry involves (owner, intent addresses, recipient, edge account), and
 * whether the entry shows them all: only then can an address it lacks be said not to be there.
 */
function addressesOf(e: IntentHistoryEntry): { known: string[]; complete: boolean } {
  const s = summary(e)
  const roles = [owner(e), s?.originIntentAddress, s?.destinationIntentAddress, s?.destinationToAddress]
  const known = [...roles, edgeOf(e)?.edgeUserAddress].filter((a): a is string => a !== undefined).map((a) => a.toLowerCase())
  return { known, complete: roles.every((a) => a !== undefined) }
}

/** The history filters a row can show, each as the service is asked to apply it. */
export const HISTORY_FILTER_CHECKS: Partial<Record<keyof GetIntentHistoryRequest, Check<IntentHistoryEntry, GetIntentHistoryRequest>>> = {
  byStatus: (e, r) => equal(statusOf(e), r.byStatus),
  byStatuses: (e, r) => {
    const status = statusOf(e)
    return status === undefined ? undefined : ((r.byStatuses ?? []) as readonly string[]).includes(status)
  },
  byOwnerAddress: (e, r) => same(owner(e), r.byOwnerAddress),
  byProjectId: (e, r) => equal(e.receipt?.projectId, r.byProjectId),
  originChainId: (e, r) => equal(e.receipt?.originChainId ?? summary(e)?.originChainId, r.originChainId),
  destinationChainId: (e, r) => equal(e.receipt?.destinationChainId ?? summary(e)?.destinationChainId, r.destinationChainId),
  originTokenAddress: (e, r) => same(summary(e)?.originTokenAddress, r.originTokenAddress),
  destinationTokenAddress: (e, r) => same(summary(e)?.destinationTokenAddress, r.destinationTokenAddress),
  fromTime: (e, r) => inOrder(r.fromTime, seconds(e.createdAt)),
  toTime: (e, r) => inOrder(seconds(e.createdAt), r.toTime),
  byEdgeRail: (e, r) => (summary(e) === undefined ? undefined : edgeOf(e) ? same(edgeOf(e)?.rail, r.byEdgeRail) : false),
  byEdgeAddress: (e, r) => (summary(e) === undefined ? undefined : edgeOf(e) ? same(edgeOf(e)?.edgeUserAddress, r.byEdgeAddress) : false),
  byParticipantAddresses: (e, r) => {
    const { known, complete } = addressesOf(e)
    return (r.byParticipantAddresses ?? []).some((a) => known.includes(a.toLowerCase())) ? true : complete ? false : undefined
  },
  onlyRecoverable: (e, r) => (r.onlyRecoverable && e.hasBalance !== undefined ? e.hasBalance : undefined),
}

const intentOwner = (i: Intent) => i.ownerAddress ?? i.quoteRequest?.ownerAddress

/** The SearchIntents filters an intent can show. */
export const SEARCH_FILTER_CHECKS: Partial<Record<keyof SearchIntentsRequest, Check<Intent, SearchIntentsRequest>>> = {
  byIntentId: (i, r) => equal(i.intentId, r.byIntentId),
  byProjectId: (i, r) => equal(i.projectId, r.byProjectId),
  byOwnerAddress: (i, r) => same(intentOwner(i), r.byOwnerAddress),
  byOriginIntentAddress: (i, r) => same(i.originIntentAddress, r.byOriginIntentAddress),
  byDestinationIntentAddress: (i, r) => same(i.destinationIntentAddress, r.byDestinationIntentAddress),
  byEdgeRail: (i, r) => (i.edge ? same(i.edge.rail, r.byEdgeRail) : false),
  byEdgeAddress: (i, r) => (i.edge ? same(i.edge.edgeUserAddress, r.byEdgeAddress) : false),
}

export interface FilterCheckResult<Row> {
  /** Filters the answer contradicts: the service did not apply them. */
  ignored: string[]
  /** The rows with the ignored filters applied here. */
  rows: Row[]
}

function check<Row, Req extends object>(checks: Partial<Record<keyof Req, Check<Row, Req>>>, request: Req, rows: readonly Row[]): FilterCheckResult<Row> {
  const sent = (Object.keys(checks) as (keyof Req)[]).filter((k) => request[k] !== undefined && request[k] !== false)
  const ignored = sent.filter((k) => rows.some((row) => checks[k]!(row, request) === false))
  if (!ignored.length) return { ignored: [], rows: [...rows] }
  return { ignored: ignored.map(String), rows: rows.filter((row) => ignored.every((k) => checks[k]!(row, request) !== false)) }
}

/** The history filters a page of answers shows were not applied, and the page filtered here. */
export const checkHistoryFilters = (request: GetIntentHistoryRequest, rows: readonly IntentHistoryEntry[]) => check(HISTORY_FILTER_CHECKS, request, rows)

/** The search filters an answer shows were not applied, and the intents filtered here. */
export const checkSearchFilters = (request: SearchIntentsRequest, rows: readonly Intent[]) => check(SEARCH_FILTER_CHECKS, request, rows)

/** "the service ignored: byStatus, originChainId" with what the app did about it. */
export function ignoredFiltersNotice(ignored: readonly string[]): string {
  return `The service ignored: ${ignored.join(', ')}. ${ignored.length > 1 ? 'They are' : 'It is'} applied here, to the rows the service sent, so rows it left out are not shown either, and counts and pages reflect its unfiltered answer.`
}
