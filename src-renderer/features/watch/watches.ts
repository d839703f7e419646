import type { WatchState } from '@contract/watch'
import { useMainList } from '../../data/useMainList'

/** The live state of one watched intent on the active profile (from the one list query); undefined when not watched. */
export const useWatch = (intentId: string): WatchState | undefined =>
  useMainList('watches').data?.items.find((w) => w.intentId === intentId)
