import type { Intent } from '@contract/service'
import { cacheIntents, readIntent } from '../../db'
import { call } from '../../lib/call'
import { useLiveOrCached } from '../../lib/useLiveOrCached'
import { recordVersion } from './versions'

/**
 * One intent from the service, written through to the cache; from the cache when offline
 * or when the service is out of reach. The copy the cache held before the refetch is
 * kept as a version, so it can be compared with the fresh one.
 */
export function useIntent(profileId: string | undefined, intentId: string, offline: boolean) {
  return useLiveOrCached<Intent>(profileId && intentId ? `${profileId}|${intentId}` : null, offline, {
    live: async () => {
      const before = await readIntent(profileId!, intentId).catch(() => undefined)
      if (before) recordVersion(profileId!, intentId, { intent: before.intent, fetchedAt: before.fetchedAt, origin: 'cache' })
      return call('getIntent', { intentId })
    },
    save: async (fetched) => {
      recordVersion(fetched.source.profileId, intentId, { intent: fetched.data, fetchedAt: fetched.source.fetchedAt, origin: 'service' })
      await cacheIntents(fetched.source, [fetched.data])
    },
    cached: async () => {
      const hit = await readIntent(profileId!, intentId)
      return hit && { data: hit.intent, fetchedAt: hit.fetchedAt }
    },
  })
}
