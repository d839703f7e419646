import { useQuery } from '@tanstack/react-query'
import type { SvcError } from '@contract/errors'
import type { IntentHistoryEntry } from '@contract/service'
import { summaryFromHistoryEntry } from '../db/records'
import { RouteStatsBuilder, WINDOW_MS, type RouteStats, type StatsRow } from '../lib/routeStats'
import { queryKeys } from './keys'
import { readHistory } from './paging'
import { useRouteStatsFor } from './routeStats'

/**
 * The routes' baseline ("how long a route usually takes"): the 30-day route statistics of
 * exactly what a read of the last 30 days from the service returned, read again every
 * `BASELINE_FRESH_MS` while shown. Not from the cache, so two people on the same service
 * see the same baselines, hence the same queue; offline, the cache's statistics, said so.
 */
const BASELINE_CAP = 5000
export const BASELINE_FRESH_MS = 10 * 60_000
const PAGE_SIZE = 100

export interface RouteBaseline {
  stats: RouteStats | undefined
  /** epoch ms: when the service answered (live), or when the cache's statistics were computed */
  at: number | undefined
  /** Intents the read returned (live) or the cache's statistics counted in the window. */
  read: number
  /** The window held more intents than the cap: the baseline rests on the newest ones. */
  capped: boolean
  /** From the cache's statistics (offline, or the service could not be read) rather than a read of the service. */
  fromCache: boolean
  /** The read failed part way (what was read is used) or entirely. */
  error?: SvcError
}

/**
 * The 30-day route statistics of exactly these entries: each read as the cache files it
 * (`summaryFromHistoryEntry`), one row per intent id, the last one read winning.
 */
export function baselineStats(entries: readonly IntentHistoryEntry[], now: number): RouteStats {
  const byId = new Map<string, StatsRow>()
  for (const part of entries.map(summaryFromHistoryEntry)) {
    const createdAt = part?.fields.createdAt
    if (part && createdAt !== undefined) byId.set(part.intentId, { ...part.fields, createdAt, routeProviders: part.fields.routeProviders ?? [] })
  }
  const builder = new RouteStatsBuilder('30d', now)
  builder.add([...byId.values()])
  return builder.finish()
}

/** Reads the 30-day window from the service and computes its baseline; rejects when nothing could be read. */
export async function readBaseline(now = Date.now()): Promise<RouteBaseline> {
  const r = await readHistory({ fromTime: Math.floor((now - WINDOW_MS['30d']!) / 1000) }, { cap: BASELINE_CAP, pageSize: PAGE_SIZE })
  if (r.error && !r.entries.length) throw r.error
  return { stats: baselineStats(r.entries, now), at: Date.now(), read: r.entries.length, capped: r.outcome === 'cap', fromCache: false, ...(r.error && { error: r.error }) }
}

const NO_ARGS = {}

/**
 * The profile's route baseline: online, a query read for the purpose and kept fresh
 * (`refetchInterval`); offline, or when the service could not be read, the cache's
 * 30-day statistics. `reading`: the first read is under way (no verdict yet).
 */
export function useRouteBaseline(profileId: string | undefined, offline: boolean): { baseline: RouteBaseline | undefined; reading: boolean } {
  const live = useQuery({
    queryKey: queryKeys.request(profileId ?? '', 'routeBaseline', NO_ARGS),
    queryFn: () => readBaseline(),
    enabled: Boolean(profileId) && !offline,
    staleTime: BASELINE_FRESH_MS,
    refetchInterval: BASELINE_FRESH_MS,
    gcTime: 3 * BASELINE_FRESH_MS,
  })
  const useCache = Boolean(profileId) && (offline || live.isError)
  const cached = useRouteStatsFor(useCache ? profileId : undefined, '30d')
  if (useCache) {
    const stats = cached?.stats
    return { baseline: { stats, at: stats?.computedAt, read: stats?.rows ?? 0, capped: false, fromCache: true, ...(live.error && { error: live.error }) }, reading: false }
  }
  return { baseline: live.data, reading: Boolean(profileId) && live.isPending }
}
