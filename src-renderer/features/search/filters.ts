import type { SearchIntentsRequest } from '@contract/service'
import { EDGE_MODES, type SEARCH_FILTERS } from '@contract/service/constants'
import { isEvmAddress, isHash32, namedTokenProblem } from '@contract/formats'
import { isBase58Address, isWholeNumber } from '../../lib/classifyInput'
import { filterCodec, hasProblems, text, type Fields, type Problem } from '../../lib/filterCodec'
import { shortHex } from '../../lib/format'

/**
 * The SearchIntents filters as a person fills them in: labels, checks as typed, and the
 * URL form (`?byOwnerAddress=0x…`, the API's own names, through the shared codec) so a
 * search can be bookmarked.
 */

export type SearchFilterKey = (typeof SEARCH_FILTERS)[number]
export type FilterDraft = Record<SearchFilterKey, string>

export interface FilterField {
  key: SearchFilterKey
  label: string
  /** How the filter reads in a sentence: "matched as owner", "no intents for owner 0x…". */
  noun: string
  placeholder: string
  help?: string
  /** A problem with a non-empty value, said so a person can fix it. */
  check?: (value: string) => string | undefined
  /** A picker's choices, the blank one first. */
  options?: ReadonlyArray<{ value: string; label: string }>
  /** Typed values are normalised as they are typed (rail names are upper case). */
  normalise?: (value: string) => string
}

const ADDRESS_PROBLEM = 'An address is 0x followed by 40 hex digits (0-9, a-f)'
const HASH_PROBLEM = 'A hash is 0x followed by 64 hex digits (0-9, a-f)'
const checkAddress = (v: string) => (isEvmAddress(v) ? undefined : (namedTokenProblem(v) ?? ADDRESS_PROBLEM))
const checkHash = (v: string) => (isHash32(v) ? undefined : (namedTokenProblem(v) ?? HASH_PROBLEM))

export const FILTER_FIELDS: readonly FilterField[] = [
  { key: 'byIntentId', label: 'Intent id', noun: 'intent id', placeholder: '0x… (64 hex digits)', check: checkHash },
  {
    key: 'byTransactionHash',
    label: 'Transaction hash',
    noun: 'transaction hash',
    placeholder: '0x… (64 hex digits)',
    help: 'Any transaction of the intent: deposit, origin, destination, refund',
    check: checkHash,
  },
  { key: 'byOwnerAddress', label: 'Owner wallet', noun: 'owner', placeholder: '0x… (40 hex digits)', check: checkAddress },
  {
    key: 'byOriginIntentAddress',
    label: 'Deposit address (origin intent address)',
    noun: 'origin intent address',
    placeholder: '0x… (40 hex digits)',
    check: checkAddress,
  },
  {
    key: 'byDestinationIntentAddress',
    label: 'Destination intent address',
    noun: 'destination intent address',
    placeholder: '0x… (40 hex digits)',
    check: checkAddress,
  },
  {
    key: 'byEdgeAddress',
    label: 'Edge address',
    noun: 'edge address',
    placeholder: 'Account on the non-EVM leg, or 0x…',
    help: 'The user’s account on the non-EVM network (base58), or an EVM address',
    check: (v) =>
      isEvmAddress(v) || isBase58Address(v)
        ? undefined
        : 'Use a 0x address (40 hex digits) or a non-EVM account (32–44 base58 characters)',
  },
  {
    key: 'byEdgeRail',
    label: 'Edge network (rail)',
    noun: 'edge network',
    placeholder: 'e.g. SOLANA',
    help: 'The upper-case name of the non-EVM network',
    normalise: (v) => v.toUpperCase(),
    check: (v) => (/^[A-Z][A-Z0-9_]*$/.test(v) ? undefined : 'Use the network’s upper-case name, letters and digits only (e.g. SOLANA)'),
  },
  {
    key: 'byEdgeMode',
    label: 'Edge direction',
    noun: 'edge direction',
    placeholder: 'Any',
    options: [
      { value: '', label: 'Any' },
      { value: EDGE_MODES[0], label: 'ORIGIN: funds come from the non-EVM network' },
      { value: EDGE_MODES[1], label: 'DESTINATION: funds go to the non-EVM network' },
    ],
    check: (v) => ((EDGE_MODES as readonly string[]).includes(v) ? undefined : 'Choose ORIGIN or DESTINATION'),
  },
  {
    key: 'byProjectId',
    label: 'Project id',
    noun: 'project',
    placeholder: 'e.g. 42',
    check: (v) => (isWholeNumber(v) ? undefined : 'A project id is a whole number, e.g. 42'),
  },
  { key: 'byQueryString', label: 'Text search', noun: 'text', placeholder: 'Words the service matches' },
]

export const FIELD_BY_KEY = Object.fromEntries(FILTER_FIELDS.map((f) => [f.key, f])) as Record<SearchFilterKey, FilterField>

/** "owner, origin intent address": the filters as they read in a sentence. */
export const nounsOf = (keys: readonly SearchFilterKey[]): string => keys.map((k) => FIELD_BY_KEY[k].noun).join(', ')

/** A pasted value as a sentence quotes it: a long hash or address shortened. */
export const shortValue = (value: string): string => (value.length > 24 ? shortHex(value, 10, 6) : value)

/** The one codec's table for Search (`lib/filterCodec.ts`): each filter under the API's own name. */
export const searchFilters = filterCodec<FilterDraft, SearchIntentsRequest>(
  Object.fromEntries(
    FILTER_FIELDS.map((f) => [
      f.key,
      text<FilterDraft, SearchIntentsRequest>(f.key, (v): SearchIntentsRequest | Problem => {
        const problem = f.check?.(v)
        return problem ? { problem } : ({ [f.key]: f.key === 'byProjectId' ? Number(v) : v } as SearchIntentsRequest)
      }),
    ]),
  ) as Fields<FilterDraft, SearchIntentsRequest>,
)

type DraftCheck =
  | { ok: true; request: SearchIntentsRequest }
  | { ok: false; errors: Partial<Record<SearchFilterKey, string>>; formError?: string }

export const NO_FILTER_MESSAGE = 'Fill in at least one filter: the service does not list intents without one.'

/** The codec's request and problems, and the one rule of the whole form: a search needs a filter. */
export function checkDraft(draft: FilterDraft): DraftCheck {
  const { request, problems } = searchFilters.toRequest(draft)
  if (hasProblems(problems)) return { ok: false, errors: problems }
  if (!hasProblems(request)) return { ok: false, errors: {}, formError: NO_FILTER_MESSAGE }
  return { ok: true, request }
}

/** The URL of a form search: the request's filters as text, blank ones left out. */
export const searchParams = (request: SearchIntentsRequest): URLSearchParams =>
  searchFilters.encode({ ...searchFilters.empty, ...Object.fromEntries(filledKeys(request).map((k) => [k, String(request[k])])) })

/** The filters a request uses, in the form's order. */
export function filledKeys(request: SearchIntentsRequest): SearchFilterKey[] {
  return FILTER_FIELDS.flatMap((f) => (request[f.key] !== undefined ? [f.key] : []))
}

/** `owner 0x12…, project 42`: which filters a search applied, for headings and empty states. */
export function describeRequest(request: SearchIntentsRequest): string {
  return filledKeys(request)
    .map((k) => `${FIELD_BY_KEY[k].noun} ${k === 'byQueryString' ? `“${request[k]}”` : String(request[k])}`)
    .join(', ')
}
