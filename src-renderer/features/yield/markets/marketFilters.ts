import type { YieldGetMarketsRequest } from '@contract/service'
import { MARKET_TYPES } from '@contract/service/constants'

/**
 * The markets view's filters as they live in the URL (`#/yield?provider=…&chain=…`), so a
 * filtered page can be bookmarked and survives a reload. Values are kept as typed; the
 * request is built only from the ones that pass, and each bad one gets a message.
 */

export type MarketType = (typeof MARKET_TYPES)[number]

export interface MarketFilters {
  /** A provider id, or several separated by commas ('' for any). */
  provider: string
  /** A decimal chain id, or several separated by commas ('' for any). */
  chainId: string
  type: MarketType | ''
  search: string
  sort: string
  limit: number
  offset: number
  /** Stablecoin markets only. */
  stable: boolean
  /** Minimum TVL in USD, as typed ('' for none). */
  minTvl: string
  hideDeprecated: boolean
  /** Hide markets closed to entry. */
  hideClosed: boolean
  /** Tags every market must carry, separated by commas. */
  tags: string
}

export type MarketFilterField = 'provider' | 'chainId' | 'type' | 'sort' | 'limit' | 'offset' | 'minTvl'
export type MarketFilterProblems = Partial<Record<MarketFilterField, string>>

export const PAGE_SIZES = [10, 20, 50, 100] as const
export const DEFAULT_LIMIT = 20

/**
 * Orders offered in the sort picker. The spec names only `rewardRateDesc`; the rest are
 * the orders the service answers to in practice (see README.md). An unknown value from a
 * bookmark is still sent, so a service that knows more orders keeps working.
 */
export const SORT_OPTIONS: ReadonlyArray<{ value: string; label: string }> = [
  { value: 'rewardRateDesc', label: 'Reward rate, highest first' },
  { value: 'rewardRateAsc', label: 'Reward rate, lowest first' },
  { value: 'tvlDesc', label: 'TVL, highest first' },
  { value: 'tvlAsc', label: 'TVL, lowest first' },
  { value: 'nameAsc', label: 'Name, A to Z' },
]
export const DEFAULT_SORT = 'rewardRateDesc'

/** URL parameter of each filter. */
export const PARAM: Record<keyof MarketFilters, string> = {
  provider: 'provider',
  chainId: 'chain',
  type: 'type',
  search: 'q',
  sort: 'sort',
  limit: 'limit',
  offset: 'offset',
  stable: 'stable',
  minTvl: 'mintvl',
  hideDeprecated: 'nodeprecated',
  hideClosed: 'open',
  tags: 'tag',
}

/** Filters that are on or off: `1` in the URL when on. */
export const FLAG_FILTERS = ['stable', 'hideDeprecated', 'hideClosed'] as const

const isMarketType = (v: string): v is MarketType => (MARKET_TYPES as readonly string[]).includes(v)

/** The filters as the URL holds them, text as typed. */
export type MarketFilterDraft = Record<keyof MarketFilters, string>

/** URL → filters as typed. */
export function readFilters(params: URLSearchParams): MarketFilterDraft {
  const get = (k: keyof MarketFilters) => (params.get(PARAM[k]) ?? '').trim()
  return {
    provider: get('provider'),
    chainId: get('chainId'),
    type: get('type'),
    // The search text is kept with its spaces: the box shows it as typed.
    search: params.get(PARAM.search) ?? '',
    sort: get('sort'),
    limit: get('limit'),
    offset: get('offset'),
    stable: get('stable'),
    minTvl: get('minTvl'),
    hideDeprecated: get('hideDeprecated'),
    hideClosed: get('hideClosed'),
    tags: get('tags'),
  }
}

function wholeNumber(text: string, fallback: number, ok: (n: number) => boolean): number | undefined {
  if (!text) return fallback
  const n = Number(text)
  return Number.isInteger(n) && ok(n) ? n : undefined
}

/**
 * Typed filters from a draft, and the problem of each bad value. A bad value is kept
 * where the view shows it as typed (the chain id) and replaced by its default where a
 * number is needed (page size, offset).
 */
export function validateFilters(draft: MarketFilterDraft): { filters: MarketFilters; problems: MarketFilterProblems } {
  const problems: MarketFilterProblems = {}
  if (draft.chainId && !draft.chainId.split(',').every((c) => /^\d+$/.test(c.trim()) || !c.trim())) problems.chainId = 'Use numeric chain ids, separated by commas'
  const min = Number(draft.minTvl)
  if (draft.minTvl && !(Number.isFinite(min) && min >= 0)) problems.minTvl = 'The minimum TVL is a number of US dollars, 0 or more'
  const type = isMarketType(draft.type) ? draft.type : ''
  if (draft.type && !type) problems.type = `Unknown market type “${draft.type}”; use ${MARKET_TYPES.join(' or ')}`
  const limit = wholeNumber(draft.limit, DEFAULT_LIMIT, (n) => n > 0 && n <= 1000)
  if (limit === undefined) problems.limit = 'Use a page size between 1 and 1000'
  const offset = wholeNumber(draft.offset, 0, (n) => n >= 0)
  if (offset === undefined) problems.offset = 'The page offset must be a whole number, 0 or more'
  return {
    filters: {
      provider: draft.provider,
      chainId: draft.chainId,
      type,
      search: draft.search,
      sort: draft.sort || DEFAULT_SORT,
      limit: limit ?? DEFAULT_LIMIT,
      offset: offset ?? 0,
      stable: draft.stable === '1',
      minTvl: problems.minTvl ? '' : draft.minTvl,
      hideDeprecated: draft.hideDeprecated === '1',
      hideClosed: draft.hideClosed === '1',
      tags: draft.tags,
    },
    problems,
  }
}

const single = (text: string): string | undefined => {
  const parts = text.split(',').map((s) => s.trim()).filter(Boolean)
  return parts.length === 1 ? parts[0] : undefined
}

/**
 * The YieldGetMarkets request for valid filters; unset and invalid ones are left out, and
 * so are several providers or chains (the service takes one of each: the view filters
 * those itself, see `analystFilters.ts`).
 */
export function toRequest(f: MarketFilters, problems: MarketFilterProblems = {}): YieldGetMarketsRequest {
  const search = f.search.trim()
  const provider = single(f.provider)
  const chainId = single(f.chainId)
  return {
    ...(provider && !problems.provider && { provider }),
    ...(chainId && !problems.chainId && { chainId }),
    ...(f.type && { type: f.type }),
    ...(search && { search }),
    sort: f.sort,
    limit: f.limit,
    offset: f.offset,
  }
}

/**
 * Writes one change into the URL parameters. Any change but paging itself starts again
 * at the first page, since an offset into another result set means nothing.
 */
export function writeFilters(
  params: URLSearchParams,
  key: keyof MarketFilters,
  value: string | number,
): URLSearchParams {
  const next = new URLSearchParams(params)
  const text = String(value)
  const isDefault =
    text === '' ||
    (key === 'sort' && text === DEFAULT_SORT) ||
    (key === 'limit' && text === String(DEFAULT_LIMIT)) ||
    (key === 'offset' && text === '0')
  if (isDefault) next.delete(PARAM[key])
  else next.set(PARAM[key], text)
  if (key !== 'offset') next.delete(PARAM.offset)
  return next
}

/** True when any filter narrows the list (paging and order do not). */
export const isFiltered = (f: MarketFilters): boolean =>
  Boolean(f.provider || f.chainId || f.type || f.search.trim() || f.stable || f.minTvl || f.hideDeprecated || f.hideClosed || f.tags.trim())
