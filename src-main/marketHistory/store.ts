import {
  appendFileSync,
  closeSync,
  fstatSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { orElse } from '../../src-shared/contract/errors'
import type { MarketObservation } from '../../src-shared/contract/marketHistory'
import { firstAtOrAfter } from '../../src-shared/contract/sorted'
import { readJsonFile, writeJsonAtomic } from '../settings/jsonFile'
import { observe } from './observe'
import {
  JOURNAL_BYTES,
  JOURNAL_KEY_BYTES,
  RECORD_BYTES,
  SNAPSHOT_BYTES,
  decodeRecord,
  decodeRecords,
  encodeRecord,
  encodeRecords,
  fileOfKey,
  fromSeconds,
  marketFileKey,
  sameAsStored,
  toSeconds,
  type StoredRecord,
} from './recordFile'

/** A full snapshot: when, and the interval then in force (a longer silence is a gap). */
export interface SnapshotEntry {
  t: number
  intervalMs: number
}

const IndexSchema = z.object({ version: z.literal(1), markets: z.record(z.string(), z.string()) })

const JOURNAL = 'journal.bin'
/** The journal is folded into the markets' files at every prune (hourly), or sooner past this size. */
const JOURNAL_FOLD_BYTES = 2_000_000
/** A file is rewritten by the prune only once it holds records this much older than the cut-off. */
export const PRUNE_SLACK_MS = 86_400_000

/** The journal as read: its size on disk, and its records by market file. */
interface Journal {
  size: number
  byFile: Map<string, StoredRecord[]>
}

/**
 * One profile's market history on disk, in its own folder:
 * - `m-<hash>.bin`, one per market: its records (`recordFile.ts`);
 * - `journal.bin`: records written since the last fold, every market's in one append per
 *   batch; a fold moves them to the markets' files;
 * - `snapshots.bin`: one entry per full snapshot, so a market unchanged since its last
 *   record is known to have been there (a silence past twice the interval is a gap);
 * - `markets.json`: market id → file, to list and export the record.
 * Appends only; pruning rewrites a file without its old records (temp file, rename). A
 * folder from before the journal (market files only) reads as it always did.
 */
export class MarketHistoryStore {
  private readonly last = new Map<string, StoredRecord | null>()
  private readonly keys = new Map<string, string>()
  private index: Record<string, string> | undefined
  private snapshots: SnapshotEntry[] | undefined
  private journal: Journal | undefined
  private size: number | undefined

  /** `redact`: applied to the market index (the service's market ids) before it is written. */
  constructor(
    readonly dir: string,
    private readonly redact: <T>(value: T) => T = (v) => v,
  ) {}

  private path(name: string): string {
    return join(this.dir, name)
  }

  /** The market's file name (its id's hash, worked out once). */
  private fileOf(marketId: string): string {
    let key = this.keys.get(marketId)
    if (key === undefined) this.keys.set(marketId, (key = marketFileKey(marketId)))
    return fileOfKey(key)
  }

  /** The journal's records by market file, read again when its size on disk changed (a torn last entry is cut off). */
  private pending(): Map<string, StoredRecord[]> {
    const file = this.path(JOURNAL)
    const size = sizeOf(file) ?? 0
    if (this.journal?.size === size) return this.journal.byFile
    const buf = size ? readOrEmpty(file) : Buffer.alloc(0)
    const whole = buf.length - (buf.length % JOURNAL_BYTES)
    if (whole !== buf.length) {
      truncateSync(file, whole)
      this.size = undefined
    }
    const byFile = new Map<string, StoredRecord[]>()
    for (let at = 0; at < whole; at += JOURNAL_BYTES) {
      pushTo(byFile, fileOfKey(buf.toString('hex', at, at + JOURNAL_KEY_BYTES)), decodeRecord(buf, at + JOURNAL_KEY_BYTES))
    }
    this.journal = { size: whole, byFile }
    return byFile
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
    const buf = readOrEmpty(this.path('snapshots.bin'))
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
    const name = this.fileOf(marketId)
    const filed = readFiled(this.path(name), from)
    const pending = this.pending().get(name)
    if (!pending) return filed
    const all = filed.concat(pending)
    if (from <= 0) return all
    const first = firstAtOrAfter(all.length, (i) => toSeconds(all[i].t), toSeconds(from))
    return all.slice(Math.max(0, first - 1))
  }

  /** When the market was first recorded (as far as the record now goes back), reading only that record. */
  firstRecordAt(marketId: string): number | null {
    const name = this.fileOf(marketId)
    const pendingFirst = this.pending().get(name)?.[0]?.t ?? null
    const fd = openIfThere(this.path(name), 'r')
    if (fd === undefined) return pendingFirst
    try {
      const buf = Buffer.alloc(RECORD_BYTES)
      return readSync(fd, buf, 0, RECORD_BYTES, 0) === RECORD_BYTES ? decodeRecord(buf, 0).t : pendingFirst
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
    const name = this.fileOf(marketId)
    const size = sizeOf(this.path(name)) ?? -1
    const pending = this.pending().get(name)?.length ?? 0
    const log = this.snapshotLog()
    return `${size}+${pending}:${log.length}:${log.at(-1)?.t ?? 0}:${log[0]?.t ?? 0}`
  }

  private lastOf(marketId: string, pending: ReadonlyMap<string, StoredRecord[]>): StoredRecord | null {
    if (this.last.has(marketId)) return this.last.get(marketId) ?? null
    const name = this.fileOf(marketId)
    const journaled = pending.get(name)
    const found = journaled ? journaled[journaled.length - 1] : lastFiled(this.path(name))
    this.last.set(marketId, found)
    return found
  }

  /** When the market was last known to be listed: its last record, or a full snapshot after it. */
  private coveredAt(marketId: string, last: StoredRecord): number {
    return last.gone ? last.t : Math.max(last.t, this.snapshotLog().at(-1)?.t ?? 0)
  }

  /**
   * Records one batch seen at `at`. A market is written when it changed since its
   * record, or (a page a view fetched) when nothing covered it for an interval; a full
   * snapshot also marks the markets it no longer lists as gone. Returns the records written.
   * `coverage.full`: a full snapshot of every market, else a page a view fetched.
   */
  record(observations: ReadonlyMap<string, MarketObservation>, at: number, coverage: { full: boolean; intervalMs: number }): number {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 })
    const index = this.loadIndex()
    const pending = this.pending()
    const writes: Array<[string, StoredRecord]> = []
    for (const [id, obs] of observations) {
      const next: StoredRecord = { ...obs, t: at, gone: false }
      const last = this.lastOf(id, pending)
      // Records stay in time order: an observation older than the last record is not appended.
      if (last !== null && toSeconds(at) < toSeconds(last.t)) continue
      const stale = last !== null && !coverage.full && at - this.coveredAt(id, last) > coverage.intervalMs
      if (last === null || last.gone || stale || !sameAsStored(next, last)) writes.push([id, next])
    }
    if (coverage.full) writes.push(...this.goneFrom(observations, at, pending))
    this.appendJournal(writes, pending)
    const added = writes.filter(([id]) => index[id] === undefined)
    if (added.length) {
      for (const [id] of added) index[id] = this.fileOf(id)
      writeJsonAtomic(this.path('markets.json'), this.redact({ version: 1, markets: index }))
      this.size = undefined
    }
    if (coverage.full) this.appendSnapshot({ t: at, intervalMs: coverage.intervalMs })
    if ((this.journal?.size ?? 0) > JOURNAL_FOLD_BYTES) this.fold()
    return writes.length
  }

  /** The batch's records in one append to the journal. */
  private appendJournal(writes: ReadonlyArray<[string, StoredRecord]>, pending: Map<string, StoredRecord[]>): void {
    if (!writes.length) return
    const buf = Buffer.alloc(writes.length * JOURNAL_BYTES)
    writes.forEach(([id, r], i) => {
      const name = this.fileOf(id)
      buf.write(name.slice(2, 2 + JOURNAL_KEY_BYTES * 2), i * JOURNAL_BYTES, 'hex')
      encodeRecord(r, buf, i * JOURNAL_BYTES + JOURNAL_KEY_BYTES)
      // Kept as it will read back from disk (32-bit floats), like every record read.
      pushTo(pending, name, decodeRecord(buf, i * JOURNAL_BYTES + JOURNAL_KEY_BYTES))
      this.last.set(id, r)
    })
    appendFileSync(this.path(JOURNAL), buf, { mode: 0o600 })
    if (this.journal) this.journal.size += buf.length
    if (this.size !== undefined) this.size += buf.length
  }

  /** Moves the journal's records to the markets' files and empties it; after a crash midway it is simply done again (`appendNew`). */
  fold(): void {
    const pending = this.pending()
    if (pending.size === 0) return
    for (const [name, records] of pending) appendNew(this.path(name), records)
    truncateSync(this.path(JOURNAL), 0)
    this.journal = { size: 0, byFile: new Map() }
    this.size = undefined
  }

  /** The markets a full snapshot no longer lists, each as a record of nothing (every figure absent). */
  private goneFrom(listed: ReadonlyMap<string, MarketObservation>, at: number, pending: ReadonlyMap<string, StoredRecord[]>): Array<[string, StoredRecord]> {
    return this.marketIds()
      .filter((id) => !listed.has(id) && this.lastOf(id, pending)?.gone === false)
      .map((id) => [id, { ...observe({ id }, at), gone: true }])
  }

  private appendSnapshot(entry: SnapshotEntry): void {
    const buf = Buffer.alloc(SNAPSHOT_BYTES)
    buf.writeUInt32LE(Math.max(0, toSeconds(entry.t)), 0)
    buf.writeUInt32LE(Math.round(entry.intervalMs / 1000), 4)
    appendFileSync(this.path('snapshots.bin'), buf, { mode: 0o600 })
    if (this.size !== undefined) this.size += buf.length
    this.snapshotLog().push({ t: fromSeconds(toSeconds(entry.t)), intervalMs: Math.round(entry.intervalMs / 1000) * 1000 })
  }

  /** Bytes on disk of the whole record (counted once, then kept up to date by this store's writes). */
  bytes(): number {
    this.size ??= this.files().reduce((total, name) => total + statSync(this.path(name)).size, 0)
    return this.size
  }

  private files(): string[] {
    return orElse(() => readdirSync(this.dir), [])
  }

  /**
   * Drops records older than `keepFrom` (epoch ms), then, while the record is larger than
   * `maxBytes`, the oldest a day at a time; returns the cut-off used. A file is rewritten
   * only when its first record is older than the cut-off by `PRUNE_SLACK_MS`, so an
   * hourly pass rewrites each file about once a day; the snapshot log keeps that slack
   * more, so it always reaches back to every market record kept.
   */
  prune(keepFrom: number, maxBytes: number): number {
    this.fold()
    let cutoff = keepFrom
    this.pruneBefore(cutoff, PRUNE_SLACK_MS)
    if (this.bytes() <= maxBytes) return cutoff
    this.pruneBefore(cutoff, 0)
    for (let i = 0; i < 400 && this.bytes() > maxBytes; i++) {
      cutoff += 86_400_000
      this.pruneBefore(cutoff, 0)
    }
    return cutoff
  }

  /** Rewrites each file that holds records older than `cutoff - slackMs`, without those older than `cutoff`. */
  private pruneBefore(cutoff: number, slackMs: number): void {
    const emptied = new Set<string>()
    for (const name of this.files()) {
      if (!name.endsWith('.bin') || name === JOURNAL) continue
      const log = name === 'snapshots.bin'
      const from = log ? cutoff - slackMs : cutoff
      const removed = dropBefore(this.path(name), log ? SNAPSHOT_BYTES : RECORD_BYTES, toSeconds(from), toSeconds(from - slackMs))
      if (removed === null) continue
      if (this.size !== undefined) this.size -= removed.bytes
      if (log) this.snapshots = undefined
      else if (removed.empty) emptied.add(name)
    }
    // Pruning keeps each market's last record unless it took them all.
    if (emptied.size) for (const id of [...this.last.keys()]) if (emptied.has(this.fileOf(id))) this.last.delete(id)
  }

  /** Forgets everything recorded for this profile. */
  clear(): void {
    rmSync(this.dir, { recursive: true, force: true })
    this.last.clear()
    this.index = undefined
    this.snapshots = undefined
    this.journal = undefined
    this.size = undefined
  }
}

/** A market file's records, oldest first: every one, or from `from` (epoch ms) on with the one before it. */
function readFiled(file: string, from: number): StoredRecord[] {
  const buf = readOrEmpty(file)
  if (from <= 0) return decodeRecords(buf)
  const first = firstAtOrAfter(Math.floor(buf.length / RECORD_BYTES), (i) => buf.readUInt32LE(i * RECORD_BYTES), toSeconds(from))
  return decodeRecords(buf.subarray(Math.max(0, first - 1) * RECORD_BYTES))
}

/** A market file's last record, or null, read alone. */
function lastFiled(file: string): StoredRecord | null {
  const fd = openIfThere(file, 'r+')
  if (fd === undefined) return null
  try {
    const tail = lastWhole(fd)
    return tail && decodeRecord(tail, 0)
  } finally {
    closeSync(fd)
  }
}

/** The last whole record's bytes, or null; a torn record (a crash mid-append) would shift every record after it, so it is cut off first. */
function lastWhole(fd: number): Buffer | null {
  const size = fstatSync(fd).size
  const whole = size - (size % RECORD_BYTES)
  if (whole !== size) ftruncateSync(fd, whole)
  if (whole === 0) return null
  const tail = Buffer.alloc(RECORD_BYTES)
  readSync(fd, tail, 0, RECORD_BYTES, whole - RECORD_BYTES)
  return tail
}

const openIfThere = (file: string, flags: string): number | undefined => orElse(() => openSync(file, flags), undefined)

/**
 * Rewrites a file of `step`-byte entries (each starting with its time in seconds) without
 * those before `keepFrom`, only when its first is before `dueBefore` (an untouched file
 * costs a 4-byte read). The bytes removed and whether nothing is left, or null if left alone.
 */
function dropBefore(file: string, step: number, keepFrom: number, dueBefore: number): { bytes: number; empty: boolean } | null {
  const head = Buffer.alloc(4)
  const fd = openIfThere(file, 'r')
  if (fd === undefined) return null
  try {
    if (readSync(fd, head, 0, 4, 0) < 4 || head.readUInt32LE(0) >= dueBefore) return null
  } finally {
    closeSync(fd)
  }
  const buf = readFileSync(file)
  const whole = buf.length - (buf.length % step)
  const keepAt = step * firstAtOrAfter(whole / step, (i) => buf.readUInt32LE(i * step), keepFrom)
  const temp = `${file}.tmp`
  writeFileSync(temp, buf.subarray(keepAt, whole), { mode: 0o600 })
  renameSync(temp, file)
  return { bytes: buf.length - (whole - keepAt), empty: keepAt === whole }
}

/**
 * Appends `records` to a market's file in one write, leaving out those the file already
 * ends with (a fold done again after a crash), and cutting off a torn last record first.
 */
function appendNew(file: string, records: readonly StoredRecord[]): void {
  const fd = openSync(file, 'a+', 0o600)
  try {
    const tail = lastWhole(fd)
    let from = 0
    if (tail) {
      const encoded = encodeRecords(records)
      for (let i = records.length - 1; i >= 0 && from === 0; i--) {
        if (tail.equals(encoded.subarray(i * RECORD_BYTES, (i + 1) * RECORD_BYTES))) from = i + 1
      }
    }
    if (from < records.length) writeSync(fd, encodeRecords(records.slice(from)))
  } finally {
    closeSync(fd)
  }
}

/** The file's bytes; none when it is not there (nothing recorded yet). */
const readOrEmpty = (file: string): Buffer => orElse(() => readFileSync(file), Buffer.alloc(0))

/** The file's size, or undefined when it is not there. */
const sizeOf = (file: string): number | undefined => statSync(file, { throwIfNoEntry: false })?.size

function pushTo<V>(map: Map<string, V[]>, key: string, value: V): void {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}
