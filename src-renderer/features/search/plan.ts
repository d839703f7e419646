import type { SearchIntentsRequest } from '@contract/service'
import { classifyInput, KIND_LABEL, type ClassifiedInput } from '../../lib/classifyInput'
import { checkDraft, nounsOf, searchFilters, type SearchFilterKey } from './filters'

/**
 * What the URL asks to search. `?q=` is the universal box: one pasted value tried as
 * every filter its shape allows. Any other filter parameter is the form: all filled
 * filters in one request (the service ANDs them).
 */

export const UNIVERSAL_PARAM = 'q'

/** One SearchIntents request; `as` names the filter a universal candidate stands for. */
export type Candidate = { as?: SearchFilterKey; request: SearchIntentsRequest }

export type SearchPlan =
  | { mode: 'none' }
  | { mode: 'universal'; input: ClassifiedInput; candidates: Candidate[] }
  | { mode: 'filters'; request: SearchIntentsRequest; candidates: Candidate[] }
  /** The URL holds filters that do not pass their checks (hand-edited or old link). */
  | { mode: 'invalid' }

/** The filters a pasted value can stand for, by its shape. */
const UNIVERSAL_FILTERS: Record<ClassifiedInput['kind'], SearchFilterKey[]> = {
  hash: ['byIntentId', 'byTransactionHash'],
  evmAddress: ['byOwnerAddress', 'byOriginIntentAddress', 'byDestinationIntentAddress', 'byEdgeAddress'],
  edgeAddress: ['byEdgeAddress'],
  number: ['byProjectId'],
  text: ['byQueryString'],
  empty: [],
  lookalike: [],
}
export const universalFilters = (input: ClassifiedInput): SearchFilterKey[] => UNIVERSAL_FILTERS[input.kind]

/** What the universal box will do with the value, said before Enter is pressed. */
export function universalHint(value: string): string | undefined {
  const input = classifyInput(value)
  if (input.kind === 'empty') return undefined
  if (input.kind === 'lookalike') return `Not searched: ${input.problem}`
  return `Looks like ${KIND_LABEL[input.kind]}: searches by ${nounsOf(universalFilters(input))}`
}

export function universalCandidates(input: ClassifiedInput): Candidate[] {
  return universalFilters(input).map((as) => ({
    as,
    request: { [as]: as === 'byProjectId' ? Number(input.value) : input.value } as SearchIntentsRequest,
  }))
}

export function planFromParams(params: URLSearchParams): SearchPlan {
  const universal = params.get(UNIVERSAL_PARAM)
  if (universal !== null) {
    const input = classifyInput(universal)
    return input.kind === 'empty' || input.kind === 'lookalike' ? { mode: 'none' } : { mode: 'universal', input, candidates: universalCandidates(input) }
  }
  const draft = searchFilters.decode(params)
  if (Object.values(draft).every((v) => !v.trim())) return { mode: 'none' }
  const checked = checkDraft(draft)
  if (!checked.ok) return { mode: 'invalid' }
  return { mode: 'filters', request: checked.request, candidates: [{ request: checked.request }] }
}

export const paramsForUniversal = (value: string): URLSearchParams => new URLSearchParams({ [UNIVERSAL_PARAM]: value })
