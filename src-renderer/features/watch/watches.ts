import type { WatchState } from '@contract/watch'
import { useMainList } from '../../data/useMainList'

/**
 * The active profile's watches as main reports them: the `listWatches` query, kept
 * current by watch events (`data/mainList.ts`) and by the answers of its actions
 * (`data/watches.ts`).
 */
export const useWatches = () => useMainList('watches')

/** The live state of one watched intent on the active profile; undefined when not watched. */
export const useWatch = (intentId: string): WatchState | undefined => useWatches().data?.items.find((w) => w.intentId === intentId)

export { useAddWatch, useClearFinishedWatches, useRemoveWatch, useSetNotificationsMuted, useSetWatchMuted, watchActions } from '../../data/watches'
