import type { WatchState } from '@contract/watch'
import { call } from '../../data/call'
import { watchesStore } from '../../stores/watches'

/** The active profile's watches as main reports them (`stores/watches.ts`), acting through the data layer's `call`. */
export const useWatches = watchesStore(call)

/** The live state of one watched intent on the active profile; undefined when not watched. */
export const useWatch = (intentId: string): WatchState | undefined => useWatches((s) => s.byId[intentId])
