import type { YieldGetMarketsRequest } from '@contract/service'
import { MARKET_TYPES } from '@contract/service/constants'
import { filterCodec, flag, splitList, text, type Field, type Problem, type Problems } from '../../../lib/filterCodec'

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

export type MarketFilterProblems = Problems<MarketFilterDraft>

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
const DEFAULT_SORT = 'rewardRateDesc'

/** The filters as the URL holds them: text as typed, the on/off ones as flags. */
export type MarketFilterDraft = Omit<MarketFilters, 'type' | 'limit' | 'offset'> & { type: string; limit: string; offset: string }

const isMarketType = (v: string): v is MarketType => (MARKET_TYPES as readonly string[]).includes(v)

const single = (text: string): string | undefined => {
  const parts = splitList(text)
  return parts.length === 1 ? parts[0] : undefined
}

/** A page size or offset: a bad one is named, and the request takes the default instead. */
const whole = (key: 'limit' | 'offset', fallback: number, ok: (n: number) => boolean, problem: string): Field<string, MarketFilterDraft, YieldGetMarketsRequest> => ({
  key,
  empty: String(fallback),
  serialise: (v) => v.trim(),
  toRequest: (v): YieldGetMarketsRequest | Problem => {
    const n = v.trim() ? Number(v) : fallback
    return Number.isInteger(n) && ok(n) ? { [key]: n } : { problem, fallback: { [key]: fallback } }
  },
})

/**
 * The markets view's filters as they live in the URL (`#/yield?provider=…&chain=…`, keys as
 * they always were), so a filtered page can be bookmarked and survives a reload: a table
 * for the one filter codec (`lib/filterCodec.ts`), values kept as typed, the request built
 * from the ones that pass and each bad one given a message. Several providers or chains are
 * left out of the request (the service takes one of each: the view filters those itself,
 * see `analystFilters.ts`); the flags, the minimum TVL and the tags send nothing.
 */
export const marketFilters = filterCodec<MarketFilterDraft, YieldGetMarketsRequest>({
  provider: text('provider', (v) => (single(v) ? { provider: single(v) } : undefined)),
  chainId: text('chain', (v) =>
    splitList(v).every((c) => /^\d+$/.test(c)) ? (single(v) ? { chainId: single(v) } : undefined) : { problem: 'Use numeric chain ids, separated by commas' },
  ),
  type: text('type', (v) => (isMarketType(v) ? { type: v } : { problem: `Unknown market type “${v}”; use ${MARKET_TYPES.join(' or ')}` })),
  // The search text is kept with its spaces: the box shows it as typed.
  search: { key: 'q', empty: '', toRequest: (v) => (v.trim() ? { search: v.trim() } : undefined) },
  sort: { key: 'sort', empty: DEFAULT_SORT, serialise: (v) => v.trim(), toRequest: (v) => ({ sort: v.trim() || DEFAULT_SORT }) },
  limit: whole('limit', DEFAULT_LIMIT, (n) => n > 0 && n <= 1000, 'Use a page size between 1 and 1000'),
  offset: whole('offset', 0, (n) => n >= 0, 'The page offset must be a whole number, 0 or more'),
  stable: flag('stable'),
  minTvl: text('mintvl', (v) => (Number.isFinite(Number(v)) && Number(v) >= 0 ? undefined : { problem: 'The minimum TVL is a number of US dollars, 0 or more' })),
  hideDeprecated: flag('nodeprecated'),
  hideClosed: flag('open'),
  tags: text('tag'),
})

/**
 * The URL's filters checked once: the request, each bad value's problem, and the filters
 * as the view shows them (a bad value at its default where a number or a choice is needed).
 */
export function readMarketFilters(params: URLSearchParams): { filters: MarketFilters; problems: MarketFilterProblems; request: YieldGetMarketsRequest } {
  const draft = marketFilters.decode(params)
  const { request, problems } = marketFilters.toRequest(draft)
  const type = problems.type ? '' : (draft.type.trim() as MarketType | '')
  const filters = { ...draft, type, sort: request.sort ?? DEFAULT_SORT, limit: request.limit ?? DEFAULT_LIMIT, offset: request.offset ?? 0, minTvl: problems.minTvl ? '' : draft.minTvl.trim() }
  return { filters, problems, request }
}

/**
 * The URL with one filter changed. Any change but paging itself starts again at the first
 * page, since an offset into another result set means nothing.
 */
export function withFilter(params: URLSearchParams, key: keyof MarketFilters, value: string | number): URLSearchParams {
  const draft = marketFilters.decode(params)
  const next = { ...draft, [key]: typeof draft[key] === 'boolean' ? value === '1' : String(value) }
  return marketFilters.encode(key === 'offset' ? next : { ...next, offset: '0' }, params)
}

/** Each filter that narrows the list (paging and order do not), in words: "stablecoins", "chain 1,8453". */
export function filterParts(f: MarketFilters): string[] {
  const parts = [
    f.stable && 'stablecoins',
    f.provider && `provider ${f.provider}`,
    f.chainId && `chain ${f.chainId}`,
    f.type,
    f.search.trim() && `“${f.search.trim()}”`,
    f.minTvl && `TVL ≥ $${Number(f.minTvl).toLocaleString('en-US')}`,
    f.tags.trim() && `tags ${f.tags.trim()}`,
    f.hideDeprecated && 'no deprecated',
    f.hideClosed && 'open to entry',
  ]
  return parts.filter((p): p is string => Boolean(p))
}

export const isFiltered = (f: MarketFilters): boolean => filterParts(f).length > 0
