import type { WatchState } from '@contract/watch'
import { useMainList } from '../../data/useMainList'

/**
 * The live state of one watched intent on the active profile; undefined when not watched.
 * The list is the `listWatches` query, kept current by watch events (`data/mainList.ts`)
 * and by the answers of its actions (`data/watches.ts`).
 */
export const useWatch = (intentId: string): WatchState | undefined =>
  useMainList('watches').data?.items.find((w) => w.intentId === intentId)
