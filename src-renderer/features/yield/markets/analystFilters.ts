import type { YieldMarket } from '@contract/service'
import { splitList } from '../../../lib/filterCodec'
import type { MarketFilters } from './marketFilters'

/** Stablecoin symbols recognised when a market has no `stablecoin` tag. */
const STABLE_SYMBOLS = new Set(['USDC', 'USDT', 'DAI', 'USDS', 'USDE', 'FRAX', 'LUSD', 'PYUSD', 'GHO', 'CRVUSD', 'USDC.E', 'USDBC', 'TUSD', 'FDUSD', 'RLUSD', 'USD0', 'XDAI', 'SDAI', 'SUSDS'])

/**
 * The filters analysts use that the service does not take (it filters by one provider and
 * one chain): several providers or chains at once, stablecoins only, a minimum TVL,
 * deprecated and closed-to-entry markets hidden, tags. With any of them set, the view
 * reads every market matching the service's own filters and applies these over them.
 */
export function analystFiltersOf(f: MarketFilters) {
  const min = Number(f.minTvl)
  return {
    providers: splitList(f.provider),
    chains: splitList(f.chainId),
    stablecoinOnly: f.stable,
    minTvlUsd: f.minTvl.trim() && Number.isFinite(min) && min >= 0 ? min : undefined,
    hideDeprecated: f.hideDeprecated,
    hideClosed: f.hideClosed,
    tags: splitList(f.tags).map((t) => t.toLowerCase()),
  }
}

export type AnalystFilters = ReturnType<typeof analystFiltersOf>

/** True when the list must be filtered here: a filter the service cannot apply is set. */
export function needsLocalFiltering(a: AnalystFilters): boolean {
  return a.providers.length > 1 || a.chains.length > 1 || a.stablecoinOnly || a.minTvlUsd !== undefined || a.hideDeprecated || a.hideClosed || a.tags.length > 0
}

/** A stablecoin market: tagged so, or its token (or every input token) a known stablecoin. */
export function isStablecoinMarket(m: Pick<YieldMarket, 'tags' | 'token' | 'inputTokens'>): boolean {
  if (m.tags?.some((t) => /^stable(coin)?s?$/i.test(t))) return true
  const symbols = [m.token?.symbol, ...(m.inputTokens ?? []).map((t) => t.symbol)].filter((s): s is string => Boolean(s))
  return symbols.length > 0 && symbols.every((s) => STABLE_SYMBOLS.has(s.toUpperCase()))
}

export function matchesAnalystFilters(m: YieldMarket, a: AnalystFilters): boolean {
  if (a.providers.length && !a.providers.some((p) => p.toLowerCase() === m.providerId?.toLowerCase())) return false
  if (a.chains.length && !a.chains.includes(String(m.chainId ?? ''))) return false
  if (a.stablecoinOnly && !isStablecoinMarket(m)) return false
  if (a.minTvlUsd !== undefined && !(Number(m.statistics?.tvlUsd) >= a.minTvlUsd)) return false
  if (a.hideDeprecated && m.metadata?.deprecated) return false
  if (a.hideClosed && m.status?.enter === false) return false
  const tags = new Set((m.tags ?? []).map((t) => t.toLowerCase()))
  return a.tags.every((t) => tags.has(t))
}
