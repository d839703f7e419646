import { useEffect } from 'react'
import { explorerDb } from '../db'
import { yieldToUi } from '../db/yieldToUi'
import type { StatsWindow } from '../lib/routeStats'
import { STATS_MAX_AGE_MS, useRouteStats, type RouteStatsEntry } from '../stores/routeStats'
import { answerStatsRequest, type StatsReply, type StatsRequest } from './routeStatsCompute'

const keyOf = (profileId: string, window: StatsWindow) => `${profileId}|${window}`

let worker: Worker | undefined
const listeners = new Map<number, (reply: StatsReply) => void>()

/** In the worker where there is one; on the page, yielding between batches, where there is none (unit tests). */
function runInWorker(req: StatsRequest, onReply: (reply: StatsReply) => void): void {
  if (typeof Worker === 'undefined') return answerStatsRequest(req, onReply, yieldToUi)
  if (!worker) {
    worker = new Worker(new URL('./routeStats.worker.ts', import.meta.url), { type: 'module', name: 'route-stats' })
    worker.onmessage = (e: MessageEvent<StatsReply>) => listeners.get(e.data.id)?.(e.data)
    worker.onerror = (e) => {
      for (const [id, listener] of listeners) listener({ id, type: 'error', message: `The statistics worker failed: ${e.message || 'unknown error'}` })
      worker?.terminate()
      worker = undefined
    }
  }
  listeners.set(req.id, onReply)
  worker.postMessage(req)
}

let nextId = 0

/** Computes a profile's statistics for a window unless fresh ones exist (or are on their way); `force` recomputes. */
export function requestRouteStats(profileId: string, window: StatsWindow, opts: { force?: boolean } = {}): void {
  const key = keyOf(profileId, window)
  const now = Date.now()
  const current = useRouteStats.getState().entries[key]
  if (!opts.force && current && (current.status === 'computing' || (current.status === 'ready' && now - current.requestedAt < STATS_MAX_AGE_MS))) return
  const id = ++nextId
  const patch = (p: Partial<RouteStatsEntry>) =>
    useRouteStats.setState((s) => (s.entries[key]?.requestedAt === now ? { entries: { ...s.entries, [key]: { ...s.entries[key], ...p } } } : s))
  useRouteStats.setState((s) => ({ entries: { ...s.entries, [key]: { status: 'computing', read: 0, stats: current?.stats, requestedAt: now } } }))
  runInWorker({ id, dbName: explorerDb().name, profileId, window, now }, (reply) => {
    if (reply.type === 'progress') patch({ read: reply.read })
    else {
      listeners.delete(id)
      patch(reply.type === 'done' ? { status: 'ready', stats: reply.stats, fetched: reply.fetched, error: undefined } : { status: 'error', error: reply.message })
    }
  })
}

/** The statistics for a profile and window, computed on first use and when stale. */
export function useRouteStatsFor(profileId: string | undefined, window: StatsWindow): RouteStatsEntry | undefined {
  const entry = useRouteStats((s) => (profileId ? s.entries[keyOf(profileId, window)] : undefined))
  useEffect(() => {
    if (profileId) requestRouteStats(profileId, window)
  }, [profileId, window])
  return entry
}
