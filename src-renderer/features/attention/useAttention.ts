import type { LiveOrCachedSource } from '../../data/liveOrCached'
import { useServiceQuery } from '../../data/useServiceQuery'
import { loadFromCache, loadFromService } from './load'
import type { Candidate } from './queue'

/** How often the queue asks again by itself (the query's `refetchInterval`). */
export const REFRESH_MS = 60_000

/**
 * The queue's three questions (GetIntentHistory with filters, every page written through)
 * as one data-layer source: the service's answers, or the cache's answer to the same
 * questions with the service's failure beside it (`answerLiveOrCached`). The age of a
 * live answer is when the questions were asked; of a cached one, the oldest fetch.
 */
function queueSource(profileId: string): LiveOrCachedSource<Candidate[]> {
  return {
    live: async () => {
      const now = Date.now()
      const { candidates, error } = await loadFromService(now)
      return error ? { ok: false, error } : { ok: true, value: { data: candidates, source: { fetchedAt: now } } }
    },
    cached: async () => {
      const { candidates, fetchedAt } = await loadFromCache(profileId, Date.now())
      return fetchedAt === undefined ? undefined : { data: candidates, fetchedAt }
    },
  }
}

/**
 * The queue's raw material, through the data layer: from the service or, offline or when
 * it fails, from the cache; asked again every minute while the view is shown, and on demand.
 */
export const useAttentionData = () => useServiceQuery('attentionQueue', {}, (profileId) => queueSource(profileId), { refetchInterval: REFRESH_MS })
