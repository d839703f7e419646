import { useEffect, useState } from 'react'
import type { SvcError } from '@contract/errors'
import { flushHistoryJournal } from '../db'
import { WINDOW_MS } from '../lib/routeStats'
import type { RouteStatsEntry } from '../stores/routeStats'
import { readHistory } from './paging'
import { requestRouteStats, useRouteStatsFor } from './routeStats'

/**
 * The routes' baseline ("how long a route usually takes"), read for the purpose: the last
 * 30 days of intents are read from the service into the cache on first use (Needs
 * attention, an executing intent's customer answer, Watch), then again when the last read
 * is older than `BASELINE_FRESH_MS`, and the 30-day route statistics are computed from
 * them. So the queue does not depend on what this agent happened to open: two agents on
 * the same service see the same baselines. Offline, the cache's last read is used.
 */
export const BASELINE_CAP = 5000
export const BASELINE_FRESH_MS = 10 * 60_000
const PAGE_SIZE = 100

export interface BaselineRead {
  /** epoch ms */
  at: number
  read: number
  /** The window held more intents than the cap: the baseline rests on the newest ones. */
  capped: boolean
  error?: SvcError
}

const reads = new Map<string, { inFlight?: Promise<BaselineRead>; last?: BaselineRead }>()
const listeners = new Set<() => void>()

async function readWindow(profileId: string, now: number): Promise<BaselineRead> {
  const r = await readHistory({ fromTime: Math.floor((now - WINDOW_MS['30d']!) / 1000) }, { cap: BASELINE_CAP, pageSize: PAGE_SIZE })
  await flushHistoryJournal().catch(() => undefined)
  const last: BaselineRead = { at: Date.now(), read: r.entries.length, capped: r.outcome === 'cap', ...(r.error && { error: r.error }) }
  reads.set(profileId, { last })
  requestRouteStats(profileId, '30d', { force: true })
  for (const l of listeners) l()
  return last
}

/** Reads the 30-day window for the profile unless a read is under way or fresh; resolves with the latest read. */
export function ensureBaseline(profileId: string, now = Date.now()): Promise<BaselineRead> {
  const current = reads.get(profileId)
  if (current?.inFlight) return current.inFlight
  if (current?.last && now - current.last.at < BASELINE_FRESH_MS) return Promise.resolve(current.last)
  const inFlight = readWindow(profileId, now).catch((e: unknown): BaselineRead => {
    const last: BaselineRead = { at: Date.now(), read: 0, capped: false, error: { kind: 'Internal', message: e instanceof Error ? e.message : String(e) } }
    reads.set(profileId, { last })
    return last
  })
  reads.set(profileId, { inFlight, last: current?.last })
  return inFlight
}

/** Forgets every read (tests, a cleared cache). */
export const forgetBaselines = (): void => reads.clear()

/** The last completed read of the profile's baseline window, if any. */
export const lastBaselineRead = (profileId: string | undefined): BaselineRead | undefined => (profileId ? reads.get(profileId)?.last : undefined)

/**
 * The 30-day route statistics, read for the purpose (see above) when online, with the
 * read they rest on. `offline`: no read is made; the cache's statistics are used.
 */
export function useRouteBaseline(profileId: string | undefined, offline: boolean): { entry: RouteStatsEntry | undefined; read: BaselineRead | undefined; reading: boolean } {
  const entry = useRouteStatsFor(profileId, '30d')
  const [, bump] = useState(0)
  useEffect(() => {
    const l = () => bump((n) => n + 1)
    listeners.add(l)
    return () => void listeners.delete(l)
  }, [])
  useEffect(() => {
    if (profileId && !offline) void ensureBaseline(profileId)
  }, [profileId, offline, entry?.requestedAt])
  const read = lastBaselineRead(profileId)
  return { entry, read, reading: Boolean(profileId && !offline && !read) }
}
