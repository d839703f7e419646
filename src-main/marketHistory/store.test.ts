import { readdirSync, readFileSync, statSync, appendFileSync, writeFileSync, mkdirSync } from 'node:fs'
import { isGap } from '../../src-shared/contract/marketHistory'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { observeAll } from './observe'
import { JOURNAL_BYTES, RECORD_BYTES, encodeRecords, marketFileName, type StoredRecord } from './recordFile'
import { timeline, withGaps } from './series'
import { MarketHistoryStore } from './store'
import { redactDeep } from '../service/redact'
import { market, obs, tempDir } from './testing'

const MIN = 60_000
const T0 = Date.UTC(2026, 10, 1)
const full = { full: true as const, intervalMs: 15 * MIN }
const page = { full: false as const, intervalMs: 15 * MIN }

describe('MarketHistoryStore', () => {
  it('writes a market only when it changed, and keeps it across a restart', () => {
    const dir = tempDir()
    const store = new MarketHistoryStore(dir)
    expect(store.record(observeAll([market('a', 0.05), market('b', 0.03)], T0), T0, full)).toBe(2)
    expect(store.record(observeAll([market('a', 0.05), market('b', 0.03)], T0 + 15 * MIN), T0 + 15 * MIN, full)).toBe(0)
    expect(store.record(observeAll([market('a', 0.051), market('b', 0.03)], T0 + 30 * MIN), T0 + 30 * MIN, full)).toBe(1)

    const again = new MarketHistoryStore(dir)
    expect(again.marketIds().sort()).toEqual(['a', 'b'])
    expect(again.readMarket('a').map((r) => [r.t, r.base])).toEqual([
      [T0, 0.05],
      [T0 + 30 * MIN, 0.051],
    ])
    expect(again.snapshotLog().map((s) => s.t)).toEqual([T0, T0 + 15 * MIN, T0 + 30 * MIN])
    expect(again.record(observeAll([market('a', 0.051)], T0 + 45 * MIN), T0 + 45 * MIN, page)).toBe(0)
  })

  it('writes no access key a service echoed as a market id: the index on disk is redacted', () => {
    const dir = tempDir()
    const key = 'sk_live_4f1c9b2e7a6d3850c1ab'
    const store = new MarketHistoryStore(dir, (v) => redactDeep(v, [key], { fragment: 12 }))
    store.record(observeAll([market(`vault-${key}`, 0.05), market('b', 0.03)], T0), T0, full)
    const onDisk = readdirSync(dir).map((name) => readFileSync(join(dir, name)).toString('latin1')).join('\n')
    expect(onDisk).not.toContain(key)
    expect(onDisk).toContain('"b"')
  })

  it('keeps base and rewards apart, each with its unit, and the figures the record holds', () => {
    const store = new MarketHistoryStore(tempDir())
    store.record(observeAll([market('a', 0.069, { rewards: 0.0276, tvlUsd: '823041.07', enter: false })], T0), T0, full)
    const [r] = store.readMarket('a')
    expect(r).toMatchObject({ base: 0.069, baseUnit: 'APY', rewards: 0.0276, rewardsUnit: 'APR', utilization: 0.5, enter: false, exit: true, gone: false })
    expect(r.tvlUsd).toBeCloseTo(823041.07, 0)
  })

  it('marks a market a full snapshot no longer lists as gone, and a page of a view never does', () => {
    const store = new MarketHistoryStore(tempDir())
    store.record(observeAll([market('a', 0.05), market('b', 0.03)], T0), T0, full)
    store.record(observeAll([market('a', 0.05)], T0 + MIN), T0 + MIN, page)
    expect(store.readMarket('b')).toHaveLength(1)
    store.record(observeAll([market('a', 0.05)], T0 + 15 * MIN), T0 + 15 * MIN, full)
    expect(store.readMarket('b').map((r) => r.gone)).toEqual([false, true])
    store.record(observeAll([market('a', 0.05)], T0 + 30 * MIN), T0 + 30 * MIN, full)
    expect(store.readMarket('b')).toHaveLength(2)
  })

  it('reads a window of a market without the rest, with the record before it, and keeps records in time order', () => {
    const store = new MarketHistoryStore(tempDir())
    for (let i = 0; i < 10; i++) store.record(observeAll([market('a', 0.05 + i / 1000)], T0 + i * 60 * MIN), T0 + i * 60 * MIN, full)
    expect(store.readMarket('a', T0 + 6.5 * 60 * MIN).map((r) => r.base)).toEqual([0.056, 0.057, 0.058, 0.059])
    expect(store.snapshotsFrom(T0 + 6.5 * 60 * MIN).map((s) => s.t)).toEqual([6, 7, 8, 9].map((i) => T0 + i * 60 * MIN))
    expect(store.firstRecordAt('a')).toBe(T0)
    expect(store.record(observeAll([market('a', 0.5)], T0), T0, page)).toBe(0)
    expect(store.readMarket('a')).toHaveLength(10)
  })

  it('writes an unchanged market a view fetched once nothing has covered it for an interval', () => {
    const store = new MarketHistoryStore(tempDir())
    store.record(observeAll([market('a', 0.05)], T0), T0, page)
    expect(store.record(observeAll([market('a', 0.05)], T0 + 5 * MIN), T0 + 5 * MIN, page)).toBe(0)
    expect(store.record(observeAll([market('a', 0.05)], T0 + 20 * MIN), T0 + 20 * MIN, page)).toBe(1)
  })

  it('reads past a torn last record, and prunes old records and past the byte cap', () => {
    const dir = tempDir()
    const store = new MarketHistoryStore(dir)
    for (let i = 0; i < 10; i++) store.record(observeAll([market('a', 0.05 + i / 1000)], T0 + i * 86_400_000), T0 + i * 86_400_000, full)
    appendFileSync(join(dir, marketFileName('a')), Buffer.from([1, 2, 3]))
    const reopened = new MarketHistoryStore(dir)
    expect(reopened.readMarket('a')).toHaveLength(10)
    reopened.record(observeAll([market('a', 0.2)], T0 + 9.5 * 86_400_000), T0 + 9.5 * 86_400_000, page)
    expect(reopened.readMarket('a').map((r) => r.base).slice(-2)).toEqual([0.059, 0.2])

    store.prune(T0 + 5 * 86_400_000, 1_000_000)
    expect(store.readMarket('a').map((r) => r.t)).toEqual([...Array.from({ length: 5 }, (_, i) => T0 + (5 + i) * 86_400_000), T0 + 9.5 * 86_400_000])
    // The snapshot log keeps a day more than the markets' files (the prune's slack): days 4 to 9.
    expect(store.snapshotLog()).toHaveLength(6)

    store.prune(T0, 4 * RECORD_BYTES + 3 * 8 + statSync(join(dir, 'markets.json')).size)
    expect(store.readMarket('a')).toHaveLength(4)
    expect(readdirSync(dir).some((n) => n.endsWith('.tmp'))).toBe(false)
  })

  it('writes a snapshot in one append to the journal, and reads it back before and after the fold', () => {
    const dir = tempDir()
    const store = new MarketHistoryStore(dir)
    const ids = Array.from({ length: 50 }, (_, i) => `m${i}`)
    store.record(observeAll(ids.map((id) => market(id, 0.05)), T0), T0, full)
    store.fold()
    const before = new Map(ids.map((id) => [id, statSync(join(dir, marketFileName(id))).mtimeMs]))
    const sizeBefore = statSync(join(dir, marketFileName('m0'))).size

    store.record(observeAll(ids.map((id, i) => market(id, 0.05 + i / 10_000)), T0 + 15 * MIN), T0 + 15 * MIN, full)
    // The 49 changed markets went to the journal alone; their files are untouched until the fold.
    expect(statSync(join(dir, 'journal.bin')).size).toBe(49 * JOURNAL_BYTES)
    expect(ids.every((id) => statSync(join(dir, marketFileName(id))).mtimeMs === before.get(id))).toBe(true)
    expect(statSync(join(dir, marketFileName('m1'))).size).toBe(sizeBefore)
    const reopened = new MarketHistoryStore(dir)
    expect(reopened.readMarket('m1').map((r) => r.base)).toEqual([0.05, 0.0501])
    expect(reopened.readMarket('m1', T0 + 10 * MIN).map((r) => r.t)).toEqual([T0, T0 + 15 * MIN])
    expect(reopened.version('m1')).not.toBe(new MarketHistoryStore(dir).version('m0').replace(/^\d+/, ''))

    reopened.fold()
    expect(statSync(join(dir, 'journal.bin')).size).toBe(0)
    expect(statSync(join(dir, marketFileName('m1'))).size).toBe(2 * RECORD_BYTES)
    expect(new MarketHistoryStore(dir).readMarket('m1').map((r) => r.base)).toEqual([0.05, 0.0501])
    expect(reopened.bytes()).toBe(readdirSync(dir).reduce((n, f) => n + statSync(join(dir, f)).size, 0))
  })

  it('reads a market recorded only in the journal, and a folder written before the journal (market files only)', () => {
    const dir = tempDir()
    const fresh = new MarketHistoryStore(dir)
    fresh.record(observeAll([market('new', 0.04)], T0), T0, full)
    expect(fresh.firstRecordAt('new')).toBe(T0)
    expect(readdirSync(dir)).not.toContain(marketFileName('new'))

    const old = tempDir()
    mkdirSync(old, { recursive: true })
    const rec = (t: number, base: number): StoredRecord => ({ ...obs(t, base, { tvl: 1e6, tvlUsd: 1e6 }), gone: false })
    writeFileSync(join(old, marketFileName('a')), encodeRecords([rec(T0, 0.03), rec(T0 + 15 * MIN, 0.031)]))
    writeFileSync(join(old, 'markets.json'), JSON.stringify({ version: 1, markets: { a: marketFileName('a') } }))
    const store = new MarketHistoryStore(old)
    expect(store.readMarket('a').map((r) => r.base)).toEqual([0.03, 0.031])
    expect(store.record(observeAll([market('a', 0.031)], T0 + 30 * MIN), T0 + 30 * MIN, page)).toBe(0)
    expect(store.record(observeAll([market('a', 0.032)], T0 + 45 * MIN), T0 + 45 * MIN, full)).toBe(1)
    expect(store.readMarket('a').map((r) => r.base)).toEqual([0.03, 0.031, 0.032])
    store.prune(T0 - 86_400_000, 1_000_000)
    expect(statSync(join(old, marketFileName('a'))).size).toBe(3 * RECORD_BYTES)
  })

  it('folds again after a crash without writing a record twice, and cuts a torn journal entry off', () => {
    const dir = tempDir()
    const store = new MarketHistoryStore(dir)
    store.record(observeAll([market('a', 0.05), market('b', 0.03)], T0), T0, full)
    store.record(observeAll([market('a', 0.051), market('b', 0.031)], T0 + 15 * MIN), T0 + 15 * MIN, full)
    // A crash mid-fold: a's records reached its file, the journal was not emptied.
    writeFileSync(join(dir, marketFileName('a')), encodeRecords(new MarketHistoryStore(dir).readMarket('a')))
    const again = new MarketHistoryStore(dir)
    again.fold()
    expect(new MarketHistoryStore(dir).readMarket('a').map((r) => r.base)).toEqual([0.05, 0.051])
    expect(new MarketHistoryStore(dir).readMarket('b').map((r) => r.base)).toEqual([0.03, 0.031])

    // A crash mid-append: half an entry at the journal's end.
    const other = tempDir()
    new MarketHistoryStore(other).record(observeAll([market('a', 0.05), market('b', 0.03)], T0), T0, full)
    const journal = readFileSync(join(other, 'journal.bin'))
    writeFileSync(join(other, 'journal.bin'), journal.subarray(0, JOURNAL_BYTES + 7))
    const torn = new MarketHistoryStore(other)
    expect(torn.readMarket('a').map((r) => r.base)).toEqual([0.05])
    expect(torn.readMarket('b')).toEqual([])
    expect(statSync(join(other, 'journal.bin')).size).toBe(JOURNAL_BYTES)
    torn.record(observeAll([market('a', 0.052)], T0 + 15 * MIN), T0 + 15 * MIN, page)
    expect(new MarketHistoryStore(other).readMarket('a').map((r) => r.base)).toEqual([0.05, 0.052])
  })

  describe('prune', () => {
    const DAY = 86_400_000
    const H6 = 6 * 60 * MIN
    const six = { full: true as const, intervalMs: H6 }
    /** Full snapshots every 6 hours from day `from` to day `to` (exclusive): 'moving' changes every time, 'flat' never, 'late' from day 4.25 on. */
    const recordDays = (store: MarketHistoryStore, from: number, to: number, skip: (t: number) => boolean = () => false) => {
      for (let t = T0 + from * DAY; t < T0 + to * DAY; t += H6) {
        if (skip(t)) continue
        const listed = [market('moving', 0.05 + (t - T0) / DAY / 1000), market('flat', 0.03)]
        if (t >= T0 + 4.25 * DAY) listed.push(market('late', 0.02))
        store.record(observeAll(listed, t), t, six)
      }
    }
    const files = (dir: string) => new Map(readdirSync(dir).map((n) => [n, `${statSync(join(dir, n)).ino}:${readFileSync(join(dir, n)).toString('hex')}`]))

    it('rewrites no file when nothing is older than the cut-off by more than the slack, and only folds the journal', () => {
      const dir = tempDir()
      const store = new MarketHistoryStore(dir)
      recordDays(store, 0, 3)
      store.fold()
      recordDays(store, 3, 3.25)
      const before = files(dir)
      const journaled = statSync(join(dir, 'journal.bin')).size
      expect(journaled).toBe(JOURNAL_BYTES) // one hour's change of 'moving'

      expect(store.prune(T0 + 0.75 * DAY, 1_000_000)).toBe(T0 + 0.75 * DAY)
      const after = files(dir)
      for (const [name, was] of before) {
        if (name === 'journal.bin' || name === marketFileName('moving')) continue
        expect(after.get(name), name).toBe(was)
      }
      // 'moving' got its journal record appended to the same file: nothing rewritten.
      expect(after.get(marketFileName('moving'))?.split(':')[0]).toBe(before.get(marketFileName('moving'))?.split(':')[0])
      expect(store.readMarket('moving')).toHaveLength(13)
      expect(store.readMarket('moving')[0].t).toBe(T0)
      expect(store.snapshotLog()[0].t).toBe(T0)
      // The next snapshot still knows each market's last record: the unchanged one is not written again.
      expect(store.record(observeAll([market('moving', 0.06), market('flat', 0.03)], T0 + 3.25 * DAY), T0 + 3.25 * DAY, six)).toBe(1)
    })

    it('drops exactly the records older than the cut-off once past the slack, and keeps the gap log for every record kept', () => {
      const dir = tempDir()
      const store = new MarketHistoryStore(dir)
      // The app closed from day 7 to day 8: a real gap.
      recordDays(store, 0, 10, (t) => t >= T0 + 7 * DAY && t < T0 + 8 * DAY)
      store.fold()
      const moving = store.readMarket('moving')
      const lateFile = files(dir).get(marketFileName('late'))

      expect(store.prune(T0 + 5 * DAY, 1_000_000)).toBe(T0 + 5 * DAY)
      expect(store.readMarket('moving')).toEqual(moving.filter((r) => r.t >= T0 + 5 * DAY))
      // 'flat' had only its first record, now gone: the next snapshot writes it again.
      expect(store.readMarket('flat')).toEqual([])
      // 'late' starts within the slack (day 4.25): its file is left as it was.
      expect(files(dir).get(marketFileName('late'))).toBe(lateFile)
      expect(store.readMarket('late')[0].t).toBe(T0 + 4.25 * DAY)
      // The snapshot log reaches back a slack more (day 4), so 'late' is drawn without a break until the real gap.
      expect(store.snapshotLog()[0].t).toBe(T0 + 4 * DAY)
      const again = new MarketHistoryStore(dir)
      const points = withGaps(timeline(again.readMarket('late'), again.snapshotLog()))
      expect(points.filter(isGap).map((p) => p.t)).toEqual([T0 + 7.375 * DAY])
      expect(points[0].t).toBe(T0 + 4.25 * DAY)
      expect(store.record(observeAll([market('moving', 0.5), market('flat', 0.03)], T0 + 10 * DAY), T0 + 10 * DAY, six)).toBe(3) // 'late' now gone
      expect(store.readMarket('flat').map((r) => r.t)).toEqual([T0 + 10 * DAY])
    })

    it('removes the oldest records first when the record passes the cap: the slack, then whole days', () => {
      const dir = tempDir()
      const store = new MarketHistoryStore(dir)
      recordDays(store, 0, 10)
      store.fold()
      const total = store.bytes()
      // Nothing past the slack (the first record is half a day old at the cut-off); just over the cap.
      expect(store.prune(T0 + 0.5 * DAY, total - 1)).toBe(T0 + 0.5 * DAY)
      expect(store.readMarket('moving')[0].t).toBe(T0 + 0.5 * DAY)
      expect(store.snapshotLog()[0].t).toBe(T0 + 0.5 * DAY)
      expect(store.bytes()).toBe(readdirSync(dir).reduce((n, f) => n + statSync(join(dir, f)).size, 0))

      const cut = store.prune(T0 + 0.5 * DAY, store.bytes() - 4 * RECORD_BYTES)
      expect(cut).toBe(T0 + 1.5 * DAY)
      expect(store.readMarket('moving')[0].t).toBe(T0 + 1.5 * DAY)
      expect(store.readMarket('moving').at(-1)?.t).toBe(T0 + 10 * DAY - H6)
      expect(store.snapshotLog()[0].t).toBe(T0 + 1.5 * DAY)
      expect(store.bytes()).toBe(readdirSync(dir).reduce((n, f) => n + statSync(join(dir, f)).size, 0))
    })
  })
})
