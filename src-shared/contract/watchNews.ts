import type { WatchState } from './watch'

/**
 * What a watch's new state tells: its outcome, a stop, a retry, or a new receipt. Apart
 * from `watch.ts` and its schemas, so the window's start-up (the watch events it follows
 * from the first render) does not load zod for it.
 */
export const watchNews = (w: WatchState): 'done' | 'error' | 'retrying' | 'changed' =>
  w.outcome ? 'done' : w.phase === 'done' ? 'error' : w.phase === 'retrying' ? 'retrying' : 'changed'
