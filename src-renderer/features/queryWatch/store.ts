import { call } from '../../data/call'
import { queryWatchesStore } from '../../stores/queryWatches'

/** The active profile's watched filters as main reports them (`stores/queryWatches.ts`), acting through the data layer's `call`. */
export const useQueryWatches = queryWatchesStore(call)
