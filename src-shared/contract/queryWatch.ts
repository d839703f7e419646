import { z } from 'zod'
import type { ListChanged, ListControl, ListOpen, ListSnapshot } from './mainList'
import { GetIntentHistoryRequestSchema, ReportedStatusSchema, type GetIntentHistoryRequest } from './service'
import { KeptErrorSchema } from './watch'
import { QUERY_WATCH_LIMITS } from './queryWatchNotice'

/**
 * Watched queries: a History filter (a GetIntentHistory request without its cursor) that
 * main polls, reporting intents that newly match, change status or stop matching. Like
 * intent watches they belong to a profile and survive restarts.
 */

/** The History view's request without its cursor: what defines the list being watched. */
export type WatchedQuery = Omit<GetIntentHistoryRequest, 'page'>

/** Longest query text kept: a filter is a few fields; anything longer is not one a person typed. */
const MAX_QUERY_JSON = 4_000

export const WatchedQuerySchema = GetIntentHistoryRequestSchema.omit({ page: true }).refine(
  (q) => JSON.stringify(q).length <= MAX_QUERY_JSON,
  `A watched filter is at most ${MAX_QUERY_JSON.toLocaleString('en-US')} characters`,
)

export const QUERY_WATCH_PHASES = ['waiting', 'polling', 'retrying', 'paused', 'stopped'] as const

/**
 * Something a poll found: an intent that newly matches, a matching intent whose status
 * moved, or one that matched and no longer does (e.g. it left EXECUTING under an
 * EXECUTING filter; its new status is not in the answer).
 */
export const QueryFindingSchema = z.object({
  kind: z.enum(['new', 'status', 'left']),
  intentId: z.string().min(1),
  /** Its status now; absent for `left`. */
  status: ReportedStatusSchema.optional(),
  /** For `status` and `left`: what it was at the poll before. */
  previousStatus: ReportedStatusSchema.optional(),
  /** The entry's createdAt as the service sent it. */
  createdAt: z.string().optional(),
  /** epoch ms */
  foundAt: z.number(),
  /** Not yet marked seen. */
  unread: z.boolean(),
})
export type QueryFinding = z.output<typeof QueryFindingSchema>

export const QueryWatchStateSchema = z.object({
  id: z.string().min(1),
  /** The counter's value at this query's last change (`mainList.ts`). */
  revision: z.number().int().nonnegative(),
  profileId: z.string().min(1),
  /** What the page shows, e.g. "owner 0x12…ab, FAILED". */
  name: z.string(),
  query: WatchedQuerySchema,
  /** The History view's URL parameters for this filter, to open it there. */
  historyParams: z.string().optional(),
  intervalMs: z.number().int().positive(),
  /** epoch ms */
  addedAt: z.number(),
  phase: z.enum(QUERY_WATCH_PHASES),
  lastPollAt: z.number().optional(),
  /** When the next poll is due (also while retrying). */
  nextPollAt: z.number().optional(),
  /** What the last failed poll met; cleared by the next good one. */
  error: KeptErrorSchema.optional(),
  /** Entries the last good poll read. */
  lastCount: z.number().optional(),
  /** Intents remembered with their last status (bounded). */
  seenCount: z.number(),
  /** False until the first good poll: what matched then is the starting point, not news. */
  baselined: z.boolean(),
  /** Newest first, bounded. */
  findings: z.array(QueryFindingSchema),
  unread: z.number(),
})
export type QueryWatchState = z.output<typeof QueryWatchStateSchema>

/** The active profile's queries (`mainList.ts`). */
export interface QueryWatchList extends ListSnapshot<'queryWatches', QueryWatchState> {
  /** Watched queries over all profiles, and the most there may be. */
  count: number
  max: number
  minIntervalMs: number
}

/**
 * What the watched filters tell windows (`mainList.ts`): a query's state after every change,
 * with `fresh`, what that poll found, and `notify`, whether it is to be announced
 * (something found, notices not muted).
 */
export type QueryWatchEvent =
  | (ListChanged<'queryWatches', QueryWatchState, QueryWatchList> & { fresh?: QueryFinding[]; notify?: boolean })
  | ListOpen<'queryWatches'>

const queryId = z.string().trim().min(1).max(64)

export const AddQueryWatchArgsSchema = z
  .object({
    name: z.string().trim().min(1, 'Name the watched filter').max(200),
    query: WatchedQuerySchema,
    historyParams: z.string().max(MAX_QUERY_JSON).optional(),
    intervalMs: z.number().int().positive().max(QUERY_WATCH_LIMITS.maxIntervalMs).optional(),
  })
  .strict()
export const QueryWatchIdArgsSchema = z.object({ id: queryId }).strict()
export const QueryWatchPauseArgsSchema = z.object({ id: queryId, paused: z.boolean() }).strict()

export type AddQueryWatchArgs = z.output<typeof AddQueryWatchArgsSchema>

/** What the bridge needs from the query watcher (implemented in `src-main/queryWatch/`). */
export interface QueryWatchControl extends ListControl {
  list(profileId: string): QueryWatchList
  /** Refused past the cap or below the minimum interval, with a message saying so. */
  add(profileId: string, args: AddQueryWatchArgs): QueryWatchState
  remove(profileId: string, id: string): boolean
  setPaused(profileId: string, id: string, paused: boolean): QueryWatchState
  /** Marks every finding of the query read. */
  markSeen(profileId: string, id: string): QueryWatchState
  /** Polls as soon as the bounds allow (never sooner than the rate limit or the minimum gap). */
  pollNow(profileId: string, id: string): QueryWatchState
  /** Removes every query of a profile that was removed. Returns how many. */
  forgetProfile(profileId: string): number
}
