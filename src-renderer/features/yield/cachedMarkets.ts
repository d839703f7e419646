import { useEffect, useState } from 'react'
import type { YieldMarket } from '@contract/service'
import { queryMarkets } from '../../db'
import { useConnection } from '../../stores/connection'
import { marketName } from './markets/marketText'

export interface MarketVocabulary {
  providers: string[]
  networks: string[]
  tags: string[]
}

const distinct = (values: ReadonlyArray<string | undefined>): string[] =>
  [...new Set(values.filter((v): v is string => typeof v === 'string' && v !== ''))].sort((a, b) => a.localeCompare(b))

/** Providers and networks seen in markets: suggestions for filters and wallet networks. */
export function vocabularyOf(markets: readonly YieldMarket[]): MarketVocabulary {
  return {
    providers: distinct(markets.map((m) => m.providerId)),
    networks: distinct(markets.flatMap((m) => [m.network, m.token?.network])),
    tags: distinct(markets.flatMap((m) => m.tags ?? [])),
  }
}

/** Market names by id, to label positions and errors that carry only a yield id. */
export const namesById = (markets: readonly YieldMarket[]): ReadonlyMap<string, string> =>
  new Map(markets.map((m) => [m.id, marketName(m)]))

/**
 * Every market cached for the profile (whatever pages were seen, live or offline);
 * re-read whenever `version` changes, e.g. after a new page arrived.
 */
export function useCachedMarkets(version: unknown = 0): YieldMarket[] {
  const profileId = useConnection((s) => s.info?.activeProfileId)
  const [markets, setMarkets] = useState<YieldMarket[]>([])
  useEffect(() => {
    if (!profileId) return
    let live = true
    void queryMarkets(profileId, { limit: Number.MAX_SAFE_INTEGER, offset: 0 })
      .then((r) => live && setMarkets(r.items))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [profileId, version])
  return markets
}
