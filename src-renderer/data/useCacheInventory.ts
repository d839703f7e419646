import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { cacheInventory, estimateStorage, onCacheActivity, storageErrorMessage, type CachedProfile, type StorageEstimate, type StoreInventory } from '../db'
import { toSvcError } from './errors'
import { queryKeys } from './keys'
import { useProfileId } from './useServiceQuery'

export interface Inventory {
  profiles: CachedProfile[]
  stores: StoreInventory[]
  storage: StorageEstimate
}

const readInventory = (): Promise<Inventory> =>
  Promise.all([cacheInventory(), estimateStorage()]).then(
    ([inv, storage]) => ({ ...inv, storage }),
    (e: unknown) => Promise.reject(toSvcError(new Error(storageErrorMessage(e)))),
  )

/**
 * What the cache holds (every profile's records), a cache-only query. Counted afresh when
 * the view opens, after every change the view makes (`reload`), and when the cache
 * reports activity (entries filed, a failed write).
 */
export function useCacheInventory() {
  const client = useQueryClient()
  const profileId = useProfileId() ?? ''
  const query = useQuery({ queryKey: queryKeys.request(profileId, 'cacheInventory', {}), queryFn: readInventory })

  useEffect(() => {
    // Entries filed or a write failed: the counts moved. Reading the inventory reports the
    // waiting count again, unchanged, which must not start another reading.
    // What it is told on subscribing (the count, an earlier failure) is how things stand.
    let waiting: number | undefined
    let subscribed = false
    const stop = onCacheActivity((activity) => {
      const moved = activity.kind === 'unindexed' ? waiting !== undefined && activity.count !== waiting : subscribed
      if (activity.kind === 'unindexed') waiting = activity.count
      if (moved) void client.invalidateQueries({ queryKey: queryKeys.source(profileId, 'cacheInventory') })
    })
    subscribed = true
    return stop
  }, [client, profileId])

  return {
    /** The last count, kept on screen while the next runs or after it failed. */
    inventory: query.data,
    loading: query.isFetching,
    /** Why the cache could not be counted. */
    error: query.isError ? query.error.message : undefined,
    reload: () => void query.refetch(),
  }
}
