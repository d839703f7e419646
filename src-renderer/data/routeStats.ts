import { useEffect } from 'react'
import { create } from 'zustand'
import { explorerDb } from '../db'
import type { RouteStats, StatsWindow } from '../lib/routeStats'
import { computeRouteStats, type StatsReply, type StatsRequest } from './routeStatsCompute'

export interface RouteStatsEntry {
  status: 'computing' | 'ready' | 'error'
  /** Rows read so far while computing. */
  read: number
  stats?: RouteStats
  error?: string
  /** epoch ms the computation was asked for */
  requestedAt: number
}

/** Statistics older than this are computed again when a view asks for them. */
export const STATS_MAX_AGE_MS = 5 * 60_000

interface RouteStatsState {
  entries: Record<string, RouteStatsEntry>
  /** Computes the statistics unless fresh ones exist (or are on their way); `force` recomputes. */
  request(profileId: string, window: StatsWindow, opts?: { force?: boolean }): void
}

const keyOf = (profileId: string, window: StatsWindow) => `${profileId}|${window}`

type Run = (req: StatsRequest, onReply: (reply: StatsReply) => void) => void

let worker: Worker | undefined
const listeners = new Map<number, (reply: StatsReply) => void>()

/** In the worker where there is one; on the page, yielding between batches, where there is none (unit tests). */
const runInWorker: Run = (req, onReply) => {
  if (typeof Worker === 'undefined') {
    const pause = () => new Promise<void>((r) => setTimeout(r, 0))
    computeRouteStats(req, (read) => onReply({ id: req.id, type: 'progress', read }), pause)
      .then((stats) => onReply({ id: req.id, type: 'done', stats }))
      .catch((e: unknown) => onReply({ id: req.id, type: 'error', message: e instanceof Error ? e.message : String(e) }))
    return
  }
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

export const useRouteStats = create<RouteStatsState>()((set, get) => ({
  entries: {},
  request(profileId, window, opts = {}) {
    const key = keyOf(profileId, window)
    const now = Date.now()
    const current = get().entries[key]
    if (!opts.force && current && (current.status === 'computing' || (current.status === 'ready' && now - current.requestedAt < STATS_MAX_AGE_MS))) return
    const id = ++nextId
    const patch = (p: Partial<RouteStatsEntry>) =>
      set((s) => (s.entries[key]?.requestedAt === now ? { entries: { ...s.entries, [key]: { ...s.entries[key], ...p } } } : s))
    set((s) => ({ entries: { ...s.entries, [key]: { status: 'computing', read: 0, stats: current?.stats, requestedAt: now } } }))
    runInWorker({ id, dbName: explorerDb().name, profileId, window, now }, (reply) => {
      if (reply.type === 'progress') patch({ read: reply.read })
      else {
        listeners.delete(id)
        patch(reply.type === 'done' ? { status: 'ready', stats: reply.stats, error: undefined } : { status: 'error', error: reply.message })
      }
    })
  },
}))

/** The statistics for a profile and window, computed on first use and when stale. */
export function useRouteStatsFor(profileId: string | undefined, window: StatsWindow): RouteStatsEntry | undefined {
  const entry = useRouteStats((s) => (profileId ? s.entries[keyOf(profileId, window)] : undefined))
  const request = useRouteStats((s) => s.request)
  useEffect(() => {
    if (profileId) request(profileId, window)
  }, [profileId, window, request])
  return entry
}
