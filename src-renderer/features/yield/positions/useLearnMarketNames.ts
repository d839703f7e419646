import { useEffect, useRef } from 'react'
import { collectMarkets } from '../markets/collectMarkets'
import { liveMarketsPage } from '../markets/liveMarketsPage'

/**
 * Positions name their market only by yield id. When some ids have no cached market,
 * the market list is read once (written through to the cache), then `onLearnt` lets the
 * view re-read the names. Once per view: a yield the list does not have stays an id.
 */
export function useLearnMarketNames(missing: boolean, enabled: boolean, onLearnt: () => void): void {
  const tried = useRef(false)
  const latest = useRef(onLearnt)
  latest.current = onLearnt
  useEffect(() => {
    if (!missing || !enabled || tried.current) return
    tried.current = true
    void collectMarkets({ sort: 'nameAsc' }, liveMarketsPage).then((r) => {
      if (r.ok) latest.current()
    })
  }, [missing, enabled])
}
