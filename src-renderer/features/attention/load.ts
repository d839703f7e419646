import type { GetIntentHistoryRequest } from '@contract/service'
import type { LiveOrCachedSource } from '../../data/liveOrCached'
import { useServiceQuery } from '../../data/useServiceQuery'
import { readHistory } from '../../data/paging'
import { readHistoryEntries, searchCachedIntents } from '../../db'
import { candidateFromEntry, type Candidate } from './queue'

/** Per query, at most this many intents: the queue is for people, not a report. */
const PER_QUERY_CAP = 500
const PAGE_SIZE = 100
const RECOVERABLE_DAYS = 30

/** The three questions the queue asks the service (and the cache). */
function attentionQueries(now: number): GetIntentHistoryRequest[] {
  return [
    { byStatus: 'EXECUTING' },
    { byStatus: 'COMMITTED' },
    { byStatuses: ['FAILED', 'ABORTED'], onlyRecoverable: true, includeBalances: true, fromTime: Math.floor((now - RECOVERABLE_DAYS * 86_400_000) / 1000) },
  ]
}

/**
 * The same questions asked of the cache, with each row's cached history entry (its receipt
 * and balances). `fetchedAt`, the queue's age, is the oldest fetch from the service, not the read.
 */
export async function loadFromCache(profileId: string, now: number): Promise<{ data: Candidate[]; fetchedAt: number } | undefined> {
  const groups = attentionQueries(now).map((q) => ({ statuses: q.byStatuses ?? [q.byStatus!], fromTime: q.fromTime && q.fromTime * 1000 }))
  const rows = (await Promise.all(groups.map((g) => searchCachedIntents(profileId, g, { limit: PER_QUERY_CAP })))).flatMap((r) => r.rows)
  const entries = await readHistoryEntries(profileId, rows.map((r) => r.intentId))
  let fetchedAt: number | undefined
  const candidates = rows.map((row, i) => {
    const entry = entries[i]
    const at = Math.max(row.fetchedAt, entry?.fetchedAt ?? 0)
    fetchedAt = fetchedAt === undefined ? at : Math.min(fetchedAt, at)
    const fromEntry = entry ? candidateFromEntry(entry.entry) : undefined
    // The row may be newer than the entry (a later GetIntent); its status wins.
    return fromEntry ? { ...fromEntry, status: row.status ?? fromEntry.status, startedAt: fromEntry.startedAt ?? row.startedAt } : { ...row, createdAt: row.createdAt || undefined }
  })
  return fetchedAt === undefined ? undefined : { data: candidates, fetchedAt }
}

/** The queue's three questions as one data-layer source: a live answer's age is when they were asked; a cached one's, the oldest fetch. */
function queueSource(profileId: string): LiveOrCachedSource<Candidate[]> {
  return {
    live: async () => {
      const now = Date.now()
      // Each question up to the cap, every page written through to the cache.
      const answers = await Promise.all(attentionQueries(now).map((q) => readHistory(q, { cap: PER_QUERY_CAP, pageSize: PAGE_SIZE })))
      const error = answers.find((a) => a.error)?.error
      if (error) return { ok: false, error }
      const candidates = answers.flatMap((a) => a.entries.map(candidateFromEntry).filter((c): c is Candidate => !!c))
      return { ok: true, value: { data: candidates, source: { fetchedAt: now } } }
    },
    cached: () => loadFromCache(profileId, Date.now()),
  }
}

/** How often the queue asks again by itself (the query's `refetchInterval`). */
export const REFRESH_MS = 60_000

/** `queueSource` through the data layer: asked again every minute while the view is shown, and on demand. */
export const useAttentionData = () => useServiceQuery('attentionQueue', {}, queueSource, { refetchInterval: REFRESH_MS })
