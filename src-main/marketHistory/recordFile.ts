import { createHash } from 'node:crypto'
import type { MarketObservation, RateUnit } from '../../src-shared/contract/marketHistory'

/**
 * The binary record of one market at one instant: 23 bytes, little-endian.
 *
 * | bytes | field |
 * |---|---|
 * | 0–3 | time, whole seconds since 2020-01-01 UTC (u32, good until 2156) |
 * | 4–7, 8–11 | base and rewards rates (f32; NaN: not sent, or no rewards) |
 * | 12–15, 16–19 | TVL in token units and in USD (f32; NaN: not sent) |
 * | 20–21 | utilisation in 1/10,000 (u16; 0xFFFF: not sent) |
 * | 22 | flags: base unit (bits 0–1), rewards unit (2–3), entry (4–5), exit (6–7) |
 *
 * A unit is 0 unknown, 1 APY, 2 APR; entry and exit 0 unknown, 1 closed, 2 open; entry 3
 * marks the market gone from a full snapshot. 32-bit floats keep 7 significant digits:
 * exact for rates to 6 decimals, enough for a TVL chart. Worst case, 90 days × 96
 * snapshots × 1,000 markets all changing: 198.7 MB.
 */
export const RECORD_BYTES = 23

const EPOCH_S = Date.UTC(2020, 0, 1) / 1000
const NO_UTIL = 0xffff
const GONE = 3

export interface StoredRecord extends MarketObservation {
  /** Not in a full snapshot: the market was no longer listed. */
  gone: boolean
}

const unitCode = (u: RateUnit | null): number => (u === 'APY' ? 1 : u === 'APR' ? 2 : 0)
const unitOf = (code: number): RateUnit | null => (code === 1 ? 'APY' : code === 2 ? 'APR' : null)
const flagCode = (b: boolean | null): number => (b === null ? 0 : b ? 2 : 1)
const flagOf = (code: number): boolean | null => (code === 0 ? null : code === 2)
const f32 = (v: number | null): number => (v === null || !Number.isFinite(v) ? Number.NaN : v)
const orNull = (v: number): number | null => (Number.isNaN(v) ? null : v)

/** Whole seconds: two observations in the same second are one. */
export const toSeconds = (ms: number): number => Math.floor(ms / 1000) - EPOCH_S
export const fromSeconds = (s: number): number => (s + EPOCH_S) * 1000

export function encodeRecord(r: StoredRecord, into: Buffer, at: number): void {
  into.writeUInt32LE(Math.max(0, toSeconds(r.t)), at)
  into.writeFloatLE(f32(r.base), at + 4)
  into.writeFloatLE(f32(r.rewards), at + 8)
  into.writeFloatLE(f32(r.tvl), at + 12)
  into.writeFloatLE(f32(r.tvlUsd), at + 16)
  const util = r.utilization === null || !Number.isFinite(r.utilization) ? NO_UTIL : Math.min(NO_UTIL - 1, Math.max(0, Math.round(r.utilization * 10_000)))
  into.writeUInt16LE(util, at + 20)
  const entry = r.gone ? GONE : flagCode(r.enter)
  into.writeUInt8(unitCode(r.baseUnit) | (unitCode(r.rewardsUnit) << 2) | (entry << 4) | (flagCode(r.exit) << 6), at + 22)
}

/** Rounds a 32-bit float back to the figure it stood for (rates have 6 decimals at most). */
const rate = (v: number | null): number | null => (v === null ? null : Math.round(v * 1e8) / 1e8)

export function decodeRecord(buf: Buffer, at: number): StoredRecord {
  const flags = buf.readUInt8(at + 22)
  const util = buf.readUInt16LE(at + 20)
  const entry = (flags >> 4) & 3
  return {
    t: fromSeconds(buf.readUInt32LE(at)),
    base: rate(orNull(buf.readFloatLE(at + 4))),
    baseUnit: unitOf(flags & 3),
    rewards: rate(orNull(buf.readFloatLE(at + 8))),
    rewardsUnit: unitOf((flags >> 2) & 3),
    tvl: orNull(buf.readFloatLE(at + 12)),
    tvlUsd: orNull(buf.readFloatLE(at + 16)),
    utilization: util === NO_UTIL ? null : util / 10_000,
    enter: entry === GONE ? null : flagOf(entry),
    exit: flagOf((flags >> 6) & 3),
    gone: entry === GONE,
  }
}

export function encodeRecords(records: readonly StoredRecord[]): Buffer {
  const buf = Buffer.alloc(records.length * RECORD_BYTES)
  records.forEach((r, i) => encodeRecord(r, buf, i * RECORD_BYTES))
  return buf
}

/** Every whole record in the buffer; a torn last record (a crash mid-append) is left out. */
export function decodeRecords(buf: Buffer): StoredRecord[] {
  const n = Math.floor(buf.length / RECORD_BYTES)
  const out = new Array<StoredRecord>(n)
  for (let i = 0; i < n; i++) out[i] = decodeRecord(buf, i * RECORD_BYTES)
  return out
}

const compareScratch = Buffer.alloc(RECORD_BYTES * 2)

/** Whether two observations differ in anything the record keeps, compared as stored (a change below float precision is none). */
export function sameAsStored(a: StoredRecord, b: StoredRecord): boolean {
  encodeRecord(a, compareScratch, 0)
  encodeRecord(b, compareScratch, RECORD_BYTES)
  // Everything but the time.
  return compareScratch.compare(compareScratch, RECORD_BYTES + 4, RECORD_BYTES * 2, 4, RECORD_BYTES) === 0
}

/** A market's file key: 24 hex digits of the hash of its id (market ids are the service's free text). */
export const marketFileKey = (marketId: string): string => createHash('sha256').update(marketId).digest('hex').slice(0, 24)

/** A market's file name, from its key. */
export const fileOfKey = (key: string): string => `m-${key}.bin`

/** A market's file name: market ids are the service's free text, so they are hashed. */
export const marketFileName = (marketId: string): string => fileOfKey(marketFileKey(marketId))

/** The journal (`journal.bin`): changed records in one append per snapshot, each the market's 12-byte file key and its record. */
export const JOURNAL_KEY_BYTES = 12
export const JOURNAL_BYTES = JOURNAL_KEY_BYTES + RECORD_BYTES

/** The snapshot log: one entry per full snapshot, time (u32 s) and the interval then in force (u32 s). */
export const SNAPSHOT_BYTES = 8
