import { create } from 'zustand'
import type { RouteStats } from '../lib/routeStats'

export interface FetchRange {
  oldest: number
  newest: number
}

export interface RouteStatsEntry {
  status: 'computing' | 'ready' | 'error'
  /** Rows read so far while computing. */
  read: number
  stats?: RouteStats
  /** When the intents behind `stats` were fetched from the service (epoch ms), oldest and newest. */
  fetched?: FetchRange
  error?: string
  /** epoch ms the computation was asked for */
  requestedAt: number
}

/** Statistics older than this are computed again when a view asks for them. */
export const STATS_MAX_AGE_MS = 5 * 60_000

/**
 * Route statistics per `${profileId}|${window}`, as `data/routeStats.ts` computes them (in
 * a worker, from the cache); kept across views so a computation is not started twice.
 */
export const useRouteStats = create<{ entries: Record<string, RouteStatsEntry> }>()(() => ({ entries: {} }))
