import type { GetEarnPoolsRequest, GetEarnPoolsResponse } from '@contract/service'
import { cacheEarnPools, readEarnPools } from '../../db'
import { call } from '../../lib/call'
import { useLiveOrCached } from '../../lib/useLiveOrCached'
import { useOfflineMode } from '../../stores/cache'
import { useConnection } from '../../stores/connection'
import { filterEarnPools } from './earnFilters'

/** GetEarnPools for valid filters (null while the form holds a problem), or the cache offline. */
export function useEarnPools(request: GetEarnPoolsRequest | null) {
  const profileId = useConnection((s) => s.info?.activeProfileId)
  const offline = useOfflineMode()
  const key = profileId === undefined || request === null ? null : JSON.stringify([profileId, request])
  return useLiveOrCached<GetEarnPoolsResponse>(key, offline, {
    live: () => call('getEarnPools', request!),
    save: ({ data, source }) => cacheEarnPools(source, data),
    cached: async () => {
      const hit = await readEarnPools(profileId!)
      if (!hit) return undefined
      return { data: { ...hit.response, pools: filterEarnPools(hit.response.pools, request!) }, fetchedAt: hit.fetchedAt }
    },
  })
}
