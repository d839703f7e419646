import type { QueryFinding, QueryWatchState } from '../../src-shared/contract/queryWatch'
import { queryNoticeText } from '../../src-shared/contract/queryWatchNotice'

/** A desktop notification for what a poll of a watched query found. */
export interface QueryNotice {
  profileId: string
  queryId: string
  title: string
  body: string
}

/** Shows a notice; clicking it should open the watched query (see `electron/notify.ts`). */
export type QueryNotify = (notice: QueryNotice) => void

export function queryNoticeFor(query: QueryWatchState, fresh: readonly QueryFinding[]): QueryNotice {
  return { profileId: query.profileId, queryId: query.id, ...queryNoticeText(query, fresh) }
}
