import { useMainList } from '../../data/useMainList'

/**
 * The active profile's watched filters as main reports them: the `listQueryWatches`
 * query, kept current by their events (`data/mainList.ts`) and by the answers of its
 * actions (`data/queryWatches.ts`).
 */
export const useQueryWatches = () => useMainList('queryWatches')

export {
  queryWatchActions,
  useAddQueryWatch,
  useMarkQueryWatchSeen,
  usePollQueryWatchNow,
  useRemoveQueryWatch,
  useSetQueryWatchPaused,
} from '../../data/queryWatches'
