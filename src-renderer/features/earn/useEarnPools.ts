import type { GetEarnPoolsRequest, GetEarnPoolsResponse } from '@contract/service'
import { readEarnPools } from '../../db'
import { bridgeCall } from '../../data/liveOrCached'
import { useServiceQuery } from '../../data/useServiceQuery'
import { filterEarnPools } from './earnFilters'

/** GetEarnPools for valid filters (null while the form holds a problem), or the cache offline. */
export function useEarnPools(request: GetEarnPoolsRequest | null) {
  return useServiceQuery('getEarnPools', request, (profileId, args) => ({
    live: (signal) => bridgeCall('getEarnPools', args, { signal }),
    cached: async () => {
      const hit = await readEarnPools(profileId)
      if (!hit) return undefined
      const data: GetEarnPoolsResponse = { ...hit.response, pools: filterEarnPools(hit.response.pools, args) }
      return { data, fetchedAt: hit.fetchedAt }
    },
  }))
}
