import { outcomeNoticeText, type WatchOutcome, type WatchState } from '../../src-shared/contract/watch'

/** A desktop notification for a watch that reached its outcome. */
export interface WatchNotice {
  profileId: string
  intentId: string
  outcome: WatchOutcome
  title: string
  body: string
}

/** Shows a notice; clicking it should open the intent (see `electron/notify.ts`). */
export type Notify = (notice: WatchNotice) => void

export function noticeFor(watch: WatchState & { outcome: WatchOutcome }): WatchNotice {
  return { profileId: watch.profileId, intentId: watch.intentId, outcome: watch.outcome, ...outcomeNoticeText(watch) }
}
