import { appendFileSync, closeSync, mkdirSync, openSync, readSync, readdirSync, readFileSync, renameSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import type { MarketObservation } from '../../src-shared/contract/marketHistory'
import { readJsonFile, writeJsonAtomic } from '../settings/jsonFile'
import {
  RECORD_BYTES,
  SNAPSHOT_BYTES,
  decodeRecord,
  decodeRecords,
  encodeRecords,
  fromSeconds,
  marketFileName,
  sameAsStored,
  toSeconds,
  type StoredRecord,
} from './recordFile'

/** A full snapshot: when, and the interval then in force (a longer silence is a gap). */
export interface SnapshotEntry {
  t: number
  intervalMs: number
}

/** How a batch of observations came: a full snapshot of every market, or a page a view fetched. */
export type Coverage = { full: true; intervalMs: number } | { full: false; intervalMs: number }

const IndexSchema = z.object({ version: z.literal(1), markets: z.record(z.string(), z.string()) })

/**
 * One profile's market history on disk, in its own folder:
 * - `m-<hash>.bin`, one per market: its records (`recordFile.ts`), appended when the
 *   market changed, or when nothing has covered it for an interval;
 * - `snapshots.bin`: one entry per full snapshot, so a market unchanged since its last
 *   record is known to have been there (and a silence longer than twice the interval is a gap);
 * - `markets.json`: market id → file, so the record can be listed and exported.
 * Appends only; pruning rewrites a file without its old records (temp file, rename).
 */
export class MarketHistoryStore {
  private readonly last = new Map<string, StoredRecord | null>()
  private index: Record<string, string> | undefined
  private snapshots: SnapshotEntry[] | undefined

  /** `redact`: applied to the market index (the service's market ids) before it is written. */
  constructor(
    readonly dir: string,
    private readonly redact: <T>(value: T) => T = (v) => v,
  ) {}

  private path(name: string): string {
    return join(this.dir, name)
  }

  private loadIndex(): Record<string, string> {
    if (this.index) return this.index
    const read = readJsonFile(this.path('markets.json'), IndexSchema)
    // Without a readable index the files stay: a market seen again finds its own by hash.
    this.index = read.state === 'ok' ? { ...read.data.markets } : {}
    return this.index
  }

  marketIds(): string[] {
    return Object.keys(this.loadIndex())
  }

  snapshotLog(): SnapshotEntry[] {
    if (this.snapshots) return this.snapshots
    let buf: Buffer
    try {
      buf = readFileSync(this.path('snapshots.bin'))
    } catch {
      buf = Buffer.alloc(0)
    }
    if (buf.length % SNAPSHOT_BYTES) truncateSync(this.path('snapshots.bin'), buf.length - (buf.length % SNAPSHOT_BYTES))
    const out: SnapshotEntry[] = []
    for (let at = 0; at + SNAPSHOT_BYTES <= buf.length; at += SNAPSHOT_BYTES) {
      out.push({ t: fromSeconds(buf.readUInt32LE(at)), intervalMs: buf.readUInt32LE(at + 4) * 1000 })
    }
    this.snapshots = out
    return out
  }

  /**
   * One market's records, oldest first (empty when none): every one, or from `from` (epoch
   * ms) on, with the last one before it (what the market stood at then).
   */
  readMarket(marketId: string, from = 0): StoredRecord[] {
    let buf: Buffer
    try {
      buf = readFileSync(this.path(marketFileName(marketId)))
    } catch {
      return []
    }
    if (from <= 0) return decodeRecords(buf)
    const first = firstAtOrAfter(Math.floor(buf.length / RECORD_BYTES), (i) => buf.readUInt32LE(i * RECORD_BYTES), toSeconds(from))
    return decodeRecords(buf.subarray(Math.max(0, first - 1) * RECORD_BYTES))
  }

  /** When the market was first recorded (as far as the record now goes back), reading only that record. */
  firstRecordAt(marketId: string): number | null {
    let fd: number
    try {
      fd = openSync(this.path(marketFileName(marketId)), 'r')
    } catch {
      return null
    }
    try {
      const buf = Buffer.alloc(RECORD_BYTES)
      return readSync(fd, buf, 0, RECORD_BYTES, 0) === RECORD_BYTES ? decodeRecord(buf, 0).t : null
    } finally {
      closeSync(fd)
    }
  }

  /** The snapshot log from `from` (epoch ms) on, with the entry before it (the interval then in force). */
  snapshotsFrom(from: number): SnapshotEntry[] {
    const log = this.snapshotLog()
    const first = firstAtOrAfter(log.length, (i) => log[i].t, from)
    return log.slice(Math.max(0, first - 1))
  }

  /** A cheap mark that changes whenever the market's record or the snapshot log grows or is pruned. */
  version(marketId: string): string {
    let size: number
    try {
      size = statSync(this.path(marketFileName(marketId))).size
    } catch {
      size = -1
    }
    const log = this.snapshotLog()
    return `${size}:${log.length}:${log.length ? log[log.length - 1].t : 0}:${log.length ? log[0].t : 0}`
  }

  private lastOf(marketId: string): StoredRecord | null {
    if (this.last.has(marketId)) return this.last.get(marketId) ?? null
    let found: StoredRecord | null
    try {
      const file = this.path(marketFileName(marketId))
      const buf = readFileSync(file)
      const n = Math.floor(buf.length / RECORD_BYTES)
      // A torn record (a crash mid-append) would shift every record after it: cut it off first.
      if (buf.length % RECORD_BYTES) truncateSync(file, n * RECORD_BYTES)
      found = n > 0 ? decodeRecord(buf, (n - 1) * RECORD_BYTES) : null
    } catch {
      found = null
    }
    this.last.set(marketId, found)
    return found
  }

  /** When the market was last known to be listed: its last record, or a full snapshot after it. */
  private coveredAt(marketId: string, last: StoredRecord): number {
    if (last.gone) return last.t
    const log = this.snapshotLog()
    const lastFull = log.length ? log[log.length - 1].t : 0
    return Math.max(last.t, lastFull)
  }

  /**
   * Records one batch seen at `at`. A market is written when it changed since its
   * record, or (a page a view fetched) when nothing covered it for an interval; a full
   * snapshot also marks the markets it no longer lists as gone. Returns the records written.
   */
  record(observations: ReadonlyMap<string, MarketObservation>, at: number, coverage: Coverage): number {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 })
    const index = this.loadIndex()
    const writes: Array<[string, StoredRecord]> = []
    for (const [id, obs] of observations) {
      const next: StoredRecord = { ...obs, t: at, gone: false }
      const last = this.lastOf(id)
      // Records stay in time order: an observation older than the last record is not appended.
      if (last !== null && toSeconds(at) < toSeconds(last.t)) continue
      const stale = last !== null && !coverage.full && at - this.coveredAt(id, last) > coverage.intervalMs
      if (last === null || last.gone || stale || !sameAsStored(next, last)) writes.push([id, next])
    }
    if (coverage.full) writes.push(...this.goneFrom(observations, at))
    for (const [id, r] of writes) {
      appendFileSync(this.path(marketFileName(id)), encodeRecords([r]), { mode: 0o600 })
      this.last.set(id, r)
    }
    const added = writes.filter(([id]) => index[id] === undefined)
    if (added.length) {
      for (const [id] of added) index[id] = marketFileName(id)
      writeJsonAtomic(this.path('markets.json'), this.redact({ version: 1, markets: index }))
    }
    if (coverage.full) this.appendSnapshot({ t: at, intervalMs: coverage.intervalMs })
    return writes.length
  }

  private goneFrom(listed: ReadonlyMap<string, MarketObservation>, at: number): Array<[string, StoredRecord]> {
    const out: Array<[string, StoredRecord]> = []
    for (const id of this.marketIds()) {
      if (listed.has(id)) continue
      const last = this.lastOf(id)
      if (!last || last.gone) continue
      out.push([id, { ...emptyObservation(at), gone: true }])
    }
    return out
  }

  private appendSnapshot(entry: SnapshotEntry): void {
    const buf = Buffer.alloc(SNAPSHOT_BYTES)
    buf.writeUInt32LE(Math.max(0, toSeconds(entry.t)), 0)
    buf.writeUInt32LE(Math.round(entry.intervalMs / 1000), 4)
    appendFileSync(this.path('snapshots.bin'), buf, { mode: 0o600 })
    this.snapshotLog().push({ t: fromSeconds(toSeconds(entry.t)), intervalMs: Math.round(entry.intervalMs / 1000) * 1000 })
  }

  /** Bytes on disk of the whole record. */
  bytes(): number {
    let total = 0
    for (const name of this.files()) total += statSync(this.path(name)).size
    return total
  }

  private files(): string[] {
    try {
      return readdirSync(this.dir)
    } catch {
      return []
    }
  }

  /**
   * Drops records older than `keepFrom` (epoch ms), then, while the record is larger
   * than `maxBytes`, one more day of the oldest. Returns the cut-off used.
   */
  prune(keepFrom: number, maxBytes: number): number {
    let cutoff = keepFrom
    this.pruneBefore(cutoff)
    for (let i = 0; i < 400 && this.bytes() > maxBytes; i++) {
      cutoff += 86_400_000
      this.pruneBefore(cutoff)
    }
    return cutoff
  }

  private pruneBefore(cutoff: number): void {
    const limit = toSeconds(cutoff)
    for (const name of this.files()) {
      if (!name.endsWith('.bin')) continue
      const step = name === 'snapshots.bin' ? SNAPSHOT_BYTES : RECORD_BYTES
      const buf = readFileSync(this.path(name))
      const whole = buf.length - (buf.length % step)
      let keepAt = 0
      while (keepAt + step <= whole && buf.readUInt32LE(keepAt) < limit) keepAt += step
      if (keepAt === 0 && whole === buf.length) continue
      const temp = this.path(`${name}.tmp`)
      writeFileSync(temp, buf.subarray(keepAt, whole), { mode: 0o600 })
      renameSync(temp, this.path(name))
    }
    this.last.clear()
    this.snapshots = undefined
  }

  /** Forgets everything recorded for this profile. */
  clear(): void {
    rmSync(this.dir, { recursive: true, force: true })
    this.last.clear()
    this.index = undefined
    this.snapshots = undefined
  }
}

/** The first index in [0, n) whose key is at least `key` (keys ascending), or n. */
function firstAtOrAfter(n: number, keyAt: (i: number) => number, key: number): number {
  let lo = 0
  let hi = n
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (keyAt(mid) < key) lo = mid + 1
    else hi = mid
  }
  return lo
}

export const emptyObservation = (t: number): MarketObservation => ({
  t,
  base: null,
  baseUnit: null,
  rewards: null,
  rewardsUnit: null,
  tvl: null,
  tvlUsd: null,
  utilization: null,
  enter: null,
  exit: null,
})
