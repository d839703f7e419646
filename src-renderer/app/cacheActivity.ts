import type { CacheActivity } from '../db'
import { useCacheStatus } from '../stores/cache'

/** Shows what the cache reports (a failed write, entries waiting to be filed) in the shell's cache status. */
export function showCacheActivity(activity: CacheActivity): void {
  const status = useCacheStatus.getState()
  if (activity.kind === 'writeError') status.reportWriteError(activity.store, activity.message, activity.at)
  else status.setUnindexed(activity.count)
}
