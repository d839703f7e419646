import { useServiceQuery } from '../../data/useServiceQuery'
import { queueSource } from './load'

/** How often the queue asks again by itself (the query's `refetchInterval`). */
export const REFRESH_MS = 60_000

/**
 * The queue's raw material, through the data layer: from the service or, offline or when
 * it fails, from the cache; asked again every minute while the view is shown, and on demand.
 */
export const useAttentionData = () => useServiceQuery('attentionQueue', {}, queueSource, { refetchInterval: REFRESH_MS })
