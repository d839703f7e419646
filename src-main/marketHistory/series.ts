import {
  DEFAULT_HISTORY_POINTS,
  RECORDER_LIMITS,
  isGap,
  type HistoryPoint,
  type HistoryRange,
  type MarketObservation,
} from '../../src-shared/contract/marketHistory'
import type { StoredRecord } from './recordFile'
import type { SnapshotEntry } from './store'

const DEFAULT_INTERVAL_MS = RECORDER_LIMITS.defaultIntervalMinutes * 60_000

const strip = (r: StoredRecord): MarketObservation => {
  const { gone: _gone, ...obs } = r
  return obs
}

/**
 * A market's observations in time order: its records, and each full snapshot that listed
 * it unchanged since (its last record's value at the snapshot's time), none while a
 * snapshot no longer listed it; each with the interval then in force.
 */
export function timeline(records: readonly StoredRecord[], snapshots: readonly SnapshotEntry[]): Array<{ obs: MarketObservation | null; intervalMs: number }> {
  const out: Array<{ obs: MarketObservation | null; intervalMs: number }> = []
  let s = 0
  let interval = DEFAULT_INTERVAL_MS
  let current: StoredRecord | null = null
  const takeSnapshotsBefore = (t: number) => {
    for (; s < snapshots.length && snapshots[s].t < t; s++) {
      interval = snapshots[s].intervalMs || interval
      if (current && !current.gone && snapshots[s].t > current.t) out.push({ obs: { ...strip(current), t: snapshots[s].t }, intervalMs: interval })
    }
  }
  for (const r of records) {
    takeSnapshotsBefore(r.t)
    // A snapshot at the record's own second is the record itself.
    while (s < snapshots.length && snapshots[s].t === r.t) interval = snapshots[s++].intervalMs || interval
    current = r
    out.push({ obs: r.gone ? null : strip(r), intervalMs: interval })
  }
  takeSnapshotsBefore(Number.POSITIVE_INFINITY)
  return out
}

/** The points of a chart, with a break where recording stopped (a silence past twice the interval, or the market left the list). */
export function withGaps(line: ReturnType<typeof timeline>): HistoryPoint[] {
  const out: HistoryPoint[] = []
  let prev: { t: number; intervalMs: number } | null = null
  for (const { obs, intervalMs } of line) {
    if (!obs) {
      if (out.length && !isGap(out[out.length - 1])) out.push({ t: out[out.length - 1].t + 1, gap: true })
      prev = null
      continue
    }
    if (prev && obs.t - prev.t > 2 * prev.intervalMs) out.push({ t: Math.round((prev.t + obs.t) / 2), gap: true })
    out.push(obs)
    prev = { t: obs.t, intervalMs }
  }
  return out
}

const DAY_MS = 86_400_000
/** How far back each range reaches from now. */
export const RANGE_MS: Record<HistoryRange, number> = { '24h': DAY_MS, '7d': 7 * DAY_MS, '30d': 30 * DAY_MS, all: Number.POSITIVE_INFINITY }
const BUCKET_MINUTES = [1, 5, 15, 30, 60, 120, 240, 360, 720, 1440]

/** The points inside the range, ending at `now`. */
export function inRange(points: readonly HistoryPoint[], range: HistoryRange, now: number): HistoryPoint[] {
  return points.filter((p) => p.t >= now - RANGE_MS[range])
}

/** At most `max` points: past it, the last observation of each bucket of round minutes (a recorded value, never an average), every break kept. */
export function thin(points: readonly HistoryPoint[], max = DEFAULT_HISTORY_POINTS): { points: HistoryPoint[]; minutes?: number } {
  if (points.length <= max) return { points: [...points] }
  const span = points[points.length - 1].t - points[0].t
  const minutes = BUCKET_MINUTES.find((m) => span / (m * 60_000) <= max) ?? Math.ceil(span / max / 60_000)
  const size = minutes * 60_000
  const out: HistoryPoint[] = []
  let bucket = Number.NaN
  for (const p of points) {
    const b = Math.floor(p.t / size)
    const last = out[out.length - 1]
    if (b === bucket && last && !isGap(last) && !isGap(p)) out[out.length - 1] = p
    else out.push(p)
    bucket = b
  }
  return { points: out, minutes }
}
