import { openExplorerDb } from '../db/db'
import { readRouteFactBatches } from '../db/rowBatches'
import { RouteStatsBuilder, type RouteStats, type StatsWindow } from '../lib/routeStats'
import type { FetchRange } from '../stores/routeStats'
import { messageOf } from '@contract/errors'

/** What the page asks the worker for, and what comes back. */
export interface StatsRequest {
  id: number
  dbName: string
  profileId: string
  window: StatsWindow
  now: number
}
export type StatsReply =
  | { id: number; type: 'progress'; read: number }
  | { id: number; type: 'done'; stats: RouteStats; fetched?: FetchRange }
  | { id: number; type: 'error'; message: string }

/** The fetch times of `rows` (from the service, as the cache stamped them) widening `range`; facts from an older release carry none. */
function fetchRangeOf(rows: ReadonlyArray<{ fetchedAt?: number }>, range?: FetchRange): FetchRange | undefined {
  const times = rows.flatMap(({ fetchedAt }) => (fetchedAt !== undefined && Number.isFinite(fetchedAt) ? [fetchedAt] : []))
  if (!times.length) return range
  return { oldest: Math.min(range?.oldest ?? Infinity, ...times), newest: Math.max(range?.newest ?? -Infinity, ...times) }
}

/** Rows per read: big enough that IndexedDB's per-request cost vanishes, small enough to report progress often. */
const BATCH = 5_000

/** Computes the statistics from the cache, in the route-statistics worker (or the page where none runs), opening the database by name. */
export async function computeRouteStats(
  req: StatsRequest,
  onProgress: (read: number) => void,
  yieldEvery?: () => Promise<void>,
  batch = BATCH,
): Promise<{ stats: RouteStats; fetched?: FetchRange }> {
  const db = openExplorerDb(req.dbName)
  try {
    const builder = new RouteStatsBuilder(req.window, req.now)
    let read = 0
    let fetched: FetchRange | undefined
    await readRouteFactBatches(db, req.profileId, builder.from, batch, async (rows) => {
      builder.add(rows)
      fetched = fetchRangeOf(rows, fetched)
      read += rows.length
      onProgress(read)
      await yieldEvery?.()
    })
    return { stats: builder.finish(), ...(fetched && { fetched }) }
  } finally {
    db.close()
  }
}

/** Computes the statistics `req` asks for and posts the progress and the outcome (in the worker, or on the page). */
export function answerStatsRequest(req: StatsRequest, post: (reply: StatsReply) => void, yieldEvery?: () => Promise<void>): void {
  computeRouteStats(req, (read) => post({ id: req.id, type: 'progress', read }), yieldEvery)
    .then((done) => post({ id: req.id, type: 'done', ...done }))
    .catch((e: unknown) => post({ id: req.id, type: 'error', message: messageOf(e) }))
}
