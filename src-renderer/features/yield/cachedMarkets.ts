import type { YieldMarket } from '@contract/service'
import { queryMarkets } from '../../db'
import { useCacheRead } from '../../data/useCacheRead'
import { useProfileId } from '../../data/useServiceQuery'
import { marketName } from './markets/marketText'

const distinct = (values: ReadonlyArray<string | undefined>): string[] =>
  [...new Set(values.filter((v): v is string => typeof v === 'string' && v !== ''))].sort((a, b) => a.localeCompare(b))

/** Providers and networks seen in markets: suggestions for filters and wallet networks. */
export function vocabularyOf(markets: readonly YieldMarket[]) {
  return {
    providers: distinct(markets.map((m) => m.providerId)),
    networks: distinct(markets.flatMap((m) => [m.network, m.token?.network])),
    tags: distinct(markets.flatMap((m) => m.tags ?? [])),
  }
}

/** Market names by id, to label positions and errors that carry only a yield id. */
export const namesById = (markets: readonly YieldMarket[]): ReadonlyMap<string, string> =>
  new Map(markets.map((m) => [m.id, marketName(m)]))

const NO_MARKETS: YieldMarket[] = []
const readMarkets = async (profileId: string) => (await queryMarkets(profileId, { limit: Number.MAX_SAFE_INTEGER, offset: 0 })).items

/**
 * Every market cached for the profile (whatever pages were seen, live or offline): a
 * cache read of the data layer, read again whenever the cache's markets change (a new
 * page arrived). Empty until read, or when the cache cannot be read.
 */
export function useCachedMarkets(): YieldMarket[] {
  return useCacheRead('cachedMarkets', useProfileId(), {}, readMarkets).data ?? NO_MARKETS
}
