import { useEffect, useRef } from 'react'
import { collectMarkets, livePages } from '../markets/collectMarkets'

/**
 * Positions name their market only by yield id. When some ids have no cached market,
 * the market list is read once (written through to the cache), where the view's cache
 * read of the markets finds the names. Once per view: a yield the list does not have stays an id.
 */
export function useLearnMarketNames(missing: boolean, enabled: boolean): void {
  const tried = useRef(false)
  useEffect(() => {
    if (!missing || !enabled || tried.current) return
    tried.current = true
    void collectMarkets({ sort: 'nameAsc' }, livePages())
  }, [missing, enabled])
}
