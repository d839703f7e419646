import { readIntent } from '../../db'
import { bridgeCall } from '../../data/liveOrCached'
import { useServiceQuery } from '../../data/useServiceQuery'
import { recordVersion } from '../../stores/intentVersions'

/**
 * One intent from the service, written through to the cache; from the cache when offline
 * or when the service is out of reach. The copy the cache held before the refetch is
 * kept as a version, and so is every fetched copy, so they can be compared.
 */
export function useIntent(intentId: string) {
  return useServiceQuery('getIntent', intentId ? { intentId } : null, (profileId, args) => ({
    live: async (signal) => {
      const before = await readIntent(profileId, args.intentId).catch(() => undefined)
      if (before) recordVersion(profileId, args.intentId, { intent: before.intent, fetchedAt: before.fetchedAt, origin: 'cache' })
      const r = await bridgeCall('getIntent', args, { signal })
      if (r.ok) recordVersion(profileId, args.intentId, { intent: r.value.data, fetchedAt: r.value.source.fetchedAt, origin: 'service' })
      return r
    },
    cached: async () => {
      const hit = await readIntent(profileId, args.intentId)
      return hit && { data: hit.intent, fetchedAt: hit.fetchedAt }
    },
  }))
}
