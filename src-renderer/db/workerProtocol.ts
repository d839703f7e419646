import type { IntentHistoryEntry } from '@contract/service'
import type { CacheActivity } from './activity'
import type { FetchMeta } from './records'

/**
 * What the page and the cache worker (`cacheWorker.ts`) say to each other. The page posts
 * what it fetched; the worker stages, files and writes it through on its own thread, and
 * reports back. Every request names the database, so a page that points the cache at
 * another one (`setExplorerDb`) has the worker write there too.
 */

/** Kinds of intent object written through one at a time (history pages are staged instead). */
export type IngestKind = 'intent' | 'receipt'

export type CacheRequest =
  | { op: 'stage'; meta: FetchMeta; entries: IntentHistoryEntry[] }
  | { op: 'ingest'; kind: IngestKind; meta: FetchMeta; objects: unknown[] }
  /** Start filing whatever the journal holds (start-up). */
  | { op: 'schedule' }
  /** File everything staged, now; answers when the journal is empty (or filing failed). */
  | { op: 'flush' }
  /** Stop filing; answers once no slice runs, and holds until `resume` with the same id. */
  | { op: 'pause' }
  /** Ends the pause `pauseId`; what the worker holds in memory is read again from the journal. */
  | { op: 'resume'; pauseId: number }
  /** The quote fields of cached intents for pricing (`readQuotedIntents`): answers with them, not the whole intents. */
  | { op: 'quotes'; profileId: string; intentIds: string[]; others: number }

/** A request as posted: its id (to match the answer) and the database it is about. */
export type PostedRequest = CacheRequest & { id: number; db: string }

/** A failure keeps the names of its chain of causes (`errorNames`), which say what to tell the person; a read answers with its `value`. */
export type CacheReply = { id: number; ok: true; value?: unknown } | { id: number; ok: false; names: string[]; message: string }

/** Posted by the worker on its own: what it reports of the cache, and entries it has filed. */
export type CacheEvent =
  | { event: 'activity'; activity: CacheActivity }
  | { event: 'filed'; profileId: string; fetchedAt: number; intentIds: string[] }

export type FromWorker = CacheReply | CacheEvent

export const isReply = (m: FromWorker): m is CacheReply => 'id' in m
