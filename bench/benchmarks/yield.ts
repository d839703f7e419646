import { mkdirSync, openSync, closeSync, readdirSync, rmSync, statSync, writeSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { MarketRecorder } from '../../src-main/marketHistory/recorder'
import { observeAll } from '../../src-main/marketHistory/observe'
import { MarketHistoryStore } from '../../src-main/marketHistory/store'
import type { MarketObservation } from '../../src-shared/contract/marketHistory'
import { RECORDER_LIMITS } from '../../src-shared/contract/marketHistory'
import { YieldGetMarketsResponseSchema, type YieldMarket } from '../../src-shared/contract/service'
import { RECORD_BYTES, SNAPSHOT_BYTES, encodeRecord, marketFileName, toSeconds, type StoredRecord } from '../../src-main/marketHistory/recordFile'
import { SvcClient } from '../../src-main/service/client'
import type { FetchLike } from '../../src-main/service/transport'
import { SIMULATOR_PROFILE_ID } from '../../src-main/settings/profiles'
import { buildCatalog, marketAt } from '../../tools/simulator/markets'
import { startApp } from '../lib/app'
import { Resources, within, type Benchmark } from '../lib/benchmark'
import { launchChromium } from '../lib/chromium'
import { mean, median, p95 } from '../lib/stats'
import { atMost, type Figure } from '../lib/report'

const MARKETS = 1_000
const STEP_MS = 15 * 60_000

/** The simulator's market ids, then made-up ones up to 1,000. */
function marketIds(): string[] {
  const real = buildCatalog(1).all.map((m) => m.id)
  const extra = Array.from({ length: MARKETS - real.length }, (_, i) => `bench-market-${i}`)
  return [...real, ...extra]
}

/**
 * `days` of snapshots every 15 minutes of every market, each market changing every
 * time (the record's worst case), written as the recorder writes them. Returns bytes.
 */
function writeRecord(dir: string, ids: readonly string[], days: number, now: number): number {
  mkdirSync(dir, { recursive: true })
  const n = Math.floor((days * 86_400_000) / STEP_MS)
  const first = now - (n - 1) * STEP_MS
  const buf = Buffer.alloc(n * RECORD_BYTES)
  const r: StoredRecord = { t: 0, base: 0, baseUnit: 'APY', rewards: 0, rewardsUnit: 'APR', tvl: 0, tvlUsd: 0, utilization: 0.5, enter: true, exit: true, gone: false }
  ids.forEach((id, k) => {
    for (let i = 0; i < n; i++) {
      r.t = first + i * STEP_MS
      r.base = Math.round((0.04 + 0.01 * Math.sin(i / 40 + k)) * 1e6) / 1e6
      r.rewards = Math.round((0.005 + 0.002 * Math.cos(i / 90 + k)) * 1e6) / 1e6
      r.tvlUsd = 1e6 * (1 + k / 10) * (1 + 0.05 * Math.sin(i / 300))
      r.tvl = r.tvlUsd
      encodeRecord(r, buf, i * RECORD_BYTES)
    }
    writeFileSync(join(dir, marketFileName(id)), buf)
  })
  const log = Buffer.alloc(n * SNAPSHOT_BYTES)
  for (let i = 0; i < n; i++) {
    log.writeUInt32LE(toSeconds(first + i * STEP_MS), i * SNAPSHOT_BYTES)
    log.writeUInt32LE(STEP_MS / 1000, i * SNAPSHOT_BYTES + 4)
  }
  const fd = openSync(join(dir, 'snapshots.bin'), 'w')
  writeSync(fd, log)
  closeSync(fd)
  writeFileSync(join(dir, 'markets.json'), JSON.stringify({ version: 1, markets: Object.fromEntries(ids.map((id) => [id, marketFileName(id)])) }))
  return ids.length * buf.length + log.length
}

/**
 * A service answering YieldGetMarkets from 1,000 markets in pages of up to 200, each
 * snapshot's answers written beforehand (the markets moved to `times[i]`), so the CPU
 * measured is the app's alone: reading, normalising and recording the answers.
 */
function marketsService(ids: readonly string[], times: readonly number[], snapshot: () => number): FetchLike {
  const catalog = buildCatalog(1).all
  const PAGE = 200
  const pages = times.map((t) =>
    Array.from({ length: Math.ceil(ids.length / PAGE) }, (_, p) => {
      const items = ids.slice(p * PAGE, (p + 1) * PAGE).map((id, i) => ({ ...marketAt(catalog[(p * PAGE + i) % catalog.length], t + (p * PAGE + i) * 60_000).market, id }))
      return JSON.stringify({ items, total: ids.length, offset: p * PAGE, limit: PAGE })
    }),
  )
  return async (_url, init) => {
    const req = JSON.parse(init.body) as { limit?: number; offset?: number }
    if (req.limit !== PAGE) throw new Error(`the recorder asked for pages of ${req.limit}, not ${PAGE}`)
    const text = pages[snapshot()][Math.floor((req.offset ?? 0) / PAGE)] ?? JSON.stringify({ items: [], total: ids.length, offset: req.offset, limit: PAGE })
    return { status: 200, headers: { get: (h: string) => (h.toLowerCase() === 'content-type' ? 'application/json' : null) }, text: async () => text }
  }
}

/** CPU ms of each of `count` full snapshots of 1,000 markets, every market changed, through the app's client and recorder. */
async function recorderCpu(dir: string, ids: readonly string[], count: number): Promise<number[]> {
  const start = Date.UTC(2026, 10, 1)
  const warmUp = 2
  const times = Array.from({ length: count + warmUp }, (_, i) => start + (i + 1) * STEP_MS)
  let i = 0
  const client = new SvcClient({ baseUrl: 'http://bench.invalid', getAccessKey: () => 'k', fetch: marketsService(ids, times, () => i) })
  const recorder = new MarketRecorder({
    dir,
    session: () => ({ client, source: () => ({ profileId: 'bench', baseUrl: '', simulated: true, fetchedAt: times[i] }) }),
    activeProfileId: () => 'bench',
    now: () => times[i],
    log: () => {},
    startDelayMs: 3_600_000,
  })
  const cpu: number[] = []
  try {
    // The first snapshots create the files and warm the code up: not what each snapshot costs.
    for (i = 0; i < times.length; i++) {
      const before = process.cpuUsage()
      const state = await recorder.snapshotNow('bench')
      const used = process.cpuUsage(before)
      if (state.lastError) throw new Error(`snapshot failed: ${state.lastError}`)
      if (i >= warmUp) cpu.push((used.user + used.system) / 1000)
    }
  } finally {
    recorder.stop()
  }
  return cpu
}

/** CPU ms of recording alone (observe, compare, append) 1,000 already normalised markets, every one changed, per snapshot. */
function recordOnlyCpu(dir: string, ids: readonly string[], count: number): number[] {
  const catalog = buildCatalog(1).all
  const store = new MarketHistoryStore(dir)
  const cpu: number[] = []
  for (let i = -2; i < count; i++) {
    const t = Date.UTC(2026, 10, 1) + (i + 3) * STEP_MS
    const raw = ids.map((id, k) => ({ ...marketAt(catalog[k % catalog.length], t + k * 60_000).market, id }))
    const markets = YieldGetMarketsResponseSchema.parse({ items: raw, total: ids.length, offset: 0, limit: ids.length }).items as YieldMarket[]
    const before = process.cpuUsage()
    store.record(observeAll(markets, t), t, { full: true, intervalMs: STEP_MS })
    const used = process.cpuUsage(before)
    if (i >= 0) cpu.push((used.user + used.system) / 1000)
  }
  return cpu
}

/** Each file of a folder: its inode and size. */
function folderFiles(dir: string): Map<string, { ino: number; size: number }> {
  return new Map(readdirSync(dir).map((name) => {
    const st = statSync(join(dir, name))
    return [name, { ino: st.ino, size: st.size }]
  }))
}

/** Bytes the store wrote between two listings of its folder: a rewritten (or new) file's whole size, an appended one's growth. */
function bytesWritten(before: ReadonlyMap<string, { ino: number; size: number }>, after: ReadonlyMap<string, { ino: number; size: number }>): number {
  let total = 0
  for (const [name, now] of after) {
    const was = before.get(name)
    total += was && was.ino === now.ino ? Math.max(0, now.size - was.size) : now.size
  }
  return total
}

/**
 * The recorder's hourly maintenance on a full record: `days` of 15-minute snapshots of
 * every market (each changed every time) on disk, an hour of snapshots (4, every market
 * changed) in the journal, then the prune the app runs hourly (fold, age, cap), timed
 * in CPU and in bytes written. `hourly`: nothing is past the retention by more than the
 * prune's slack; `daily`: a day later, when every file is due and rewritten once.
 */
function pruneCost(dir: string, ids: readonly string[], days: number): { hourly: { cpu: number; bytes: number }; daily: { cpu: number; bytes: number }; onDisk: number } {
  const end = Date.UTC(2026, 10, 1)
  writeRecord(dir, ids, days, end)
  const store = new MarketHistoryStore(dir)
  for (let s = 1; s <= 4; s++) {
    const t = end + s * STEP_MS
    const batch = new Map<string, MarketObservation>(ids.map((id, k) => [id, { t, base: 0.05 + s / 1e4 + k / 1e7, baseUnit: 'APY', rewards: 0.01, rewardsUnit: 'APR', tvl: 1e6 + k, tvlUsd: 1e6 + k, utilization: 0.5, enter: true, exit: true }]))
    store.record(batch, t, { full: true, intervalMs: STEP_MS })
  }
  const retention = RECORDER_LIMITS.retentionDays * 86_400_000
  const pass = (at: number) => {
    const before = folderFiles(dir)
    const started = process.cpuUsage()
    store.prune(at - retention, RECORDER_LIMITS.maxBytes)
    const used = process.cpuUsage(started)
    return { cpu: (used.user + used.system) / 1000, bytes: bytesWritten(before, folderFiles(dir)) }
  }
  const at = end + 4 * STEP_MS
  const hourly = pass(at)
  const onDisk = store.bytes()
  const daily = pass(at + 86_400_000)
  rmSync(dir, { recursive: true, force: true })
  return { hourly, daily, onDisk }
}

declare global {
  interface Window {
    __benchFrames?: number[]
  }
}

/** In the page: clicks the market row and waits until both history charts have drawn their series. */
function openMarket(rowIndex: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const rows = document.querySelectorAll('table[aria-label="Yield markets"] tbody tr')
    const row = rows[rowIndex] as HTMLElement | undefined
    if (!row) return reject(new Error(`no market row ${rowIndex}`))
    const drawn = () =>
      ['chart-Rates over time', 'chart-TVL over time'].every((id) => document.querySelector(`[data-testid="${id}"] .recharts-surface path.recharts-curve`))
    const started = performance.now()
    row.click()
    const poll = () => {
      if (drawn()) return resolve(performance.now() - started)
      if (performance.now() - started > 20_000) return reject(new Error('the charts were not drawn within 20 s'))
      requestAnimationFrame(poll)
    }
    requestAnimationFrame(poll)
  })
}

/** In the page: frame times (rAF deltas) until `stop` is set, scrolling a little each frame. */
function recordFrames(): void {
  const frames: number[] = []
  window.__benchFrames = frames
  let last = performance.now()
  const tick = (now: number) => {
    frames.push(now - last)
    last = now
    window.scrollBy(0, frames.length % 40 < 20 ? 12 : -12)
    if (window.__benchFrames === frames) requestAnimationFrame(tick)
  }
  requestAnimationFrame(tick)
}

async function historyOpenTimes(ctx: Parameters<Benchmark['run']>[0], res: Resources, dataDir: string, runs: number) {
  const app = res.add('the app', await startApp({ dataDir, intents: 200 }), (a) => a.stop())
  const browser = res.add('Chromium', await launchChromium(ctx.scratch('yield-browser')), (b) => b.close())
  const { page } = browser
  const times: number[] = []
  await page.goto(`${app.launchUrl()}#/yield?sort=nameAsc`)
  for (let i = 0; i < runs; i++) {
    // Back to the list as a person would (the app keeps running), then a click on another market.
    if (i > 0) await page.evaluate(() => (location.hash = '#/yield?sort=nameAsc'))
    await page.locator('table[aria-label="Yield markets"] tbody tr').nth(5).waitFor({ timeout: 30_000 })
    await page.waitForTimeout(500)
    times.push(await within(30_000, 'opening a market', page.evaluate(openMarket, i % 5)))
  }
  browser.checkPage()
  return { app, browser, times }
}

/**
 * Yield history: from clicking a market to its charts drawn with 90 days of 15-minute
 * snapshots of 1,000 markets recorded (the real app: browser host, main core, Chromium),
 * and the CPU main spends on one snapshot of 1,000 markets, with the page's frames
 * measured while snapshots are written.
 */
export const yieldHistory: Benchmark = {
  name: 'yield',
  needs: { app: true },
  async run(ctx) {
    const res = new Resources()
    try {
      const ids = marketIds()
      const days = ctx.quick ? 30 : 90
      const appDir = ctx.scratch('yield-app')
      ctx.log(`yield: writing ${days} days of 15-minute snapshots of ${ids.length} markets`)
      const bytes = writeRecord(join(appDir, 'market-history', SIMULATOR_PROFILE_ID), ids, days, Date.now())
      const runs = ctx.quick ? 3 : 7
      const { browser, times } = await historyOpenTimes(ctx, res, appDir, runs)

      ctx.log('yield: recording snapshots of 1,000 markets while the page draws frames')
      await browser.page.evaluate(recordFrames)
      const cpu = await recorderCpu(ctx.scratch('yield-recorder'), ids, ctx.quick ? 4 : 10)
      const writeCpu = recordOnlyCpu(ctx.scratch('yield-record-only'), ids, ctx.quick ? 4 : 10)
      const frames = await browser.page.evaluate(() => {
        const f = window.__benchFrames ?? []
        window.__benchFrames = undefined
        return f.slice(1)
      })
      ctx.log(`yield: the hourly prune on ${days} days of snapshots of ${ids.length} markets`)
      const prune = pruneCost(ctx.scratch('yield-prune'), ids, days)
      // Headless Chromium's frames sit on the 60 Hz grid give or take a fraction of a ms: counted in whole intervals.
      const frameMs = 1000 / 60
      const onGrid = frames.map((d) => Math.max(1, Math.round(d / frameMs)) * frameMs)
      const note = `${ids.length} markets, ${days} days every 15 min (${(bytes / 1e6).toFixed(1)} MB on disk)`
      return [
        { name: 'yield.history.open', value: median(times), unit: 'ms', target: atMost(300), runs: times, note: `click on a market row to both history charts drawn (7-day range, 672 points a series), in the running app back on the list between clicks, median of ${runs} (the first also loads the market page if the list had not preloaded it); ${note}; runs ${times.map((t) => t.toFixed(0)).join(', ')}` },
        { name: 'yield.recorder.cpu', value: median(cpu), unit: 'ms', target: atMost(200), runs: cpu, note: `CPU time of one full snapshot of 1,000 markets, every market changed (5 pages of 200 read through the app's client from answers written beforehand: lossless parse, validation and normalisation, compare, one append to the journal), median of ${cpu.length}; mean ${mean(cpu).toFixed(0)} ms, max ${Math.max(...cpu).toFixed(0)} ms (the snapshots 15 minutes apart, so every fourth also folds the journal into the markets' files and prunes, as the app does hourly)` },
        { name: 'yield.recorder.cpu.write', value: median(writeCpu), unit: 'ms', runs: writeCpu, note: `of that, recording alone (observe, compare with the last record, append 1,000 records to the journal in one write) on markets already normalised, median of ${writeCpu.length}; the rest is reading and normalising the answers, which every view's fetch costs too` },
        { name: 'yield.recorder.frame.p95', value: p95(onGrid), unit: 'ms', target: atMost(16.7), note: `the page's frame times (rAF deltas in whole 60 Hz intervals, scrolling the market page) while those snapshots were written in the app's main process; ${frames.length} frames` },
        { name: 'yield.recorder.prune.cpu', value: prune.hourly.cpu, unit: 'ms', target: atMost(200), note: `CPU time of the hourly maintenance on a full record (${ids.length} markets, ${days} days every 15 min, ${(prune.onDisk / 1e6).toFixed(1)} MB after it): fold an hour's journal (4 snapshots, every market changed) into the markets' files and prune by age and by the 200 MB cap, nothing older than the cut-off by more than the one-day slack` },
        { name: 'yield.recorder.prune.bytes', value: prune.hourly.bytes / 1e6, unit: 'MB', target: atMost(5), note: `bytes that hourly pass wrote (the fold's appends; no file rewritten)` },
        { name: 'yield.recorder.prune.daily.cpu', value: prune.daily.cpu, unit: 'ms', note: `the same pass a day later, when every file holds a day past the slack and is rewritten once (about once a day per file): ${(prune.daily.bytes / 1e6).toFixed(1)} MB written` },
        { name: 'yield.recorder.disk_90d', value: bytes / 1e6, unit: 'MB', target: atMost(200), note: `${ids.length} markets × ${days} days × 96 snapshots, each market changed every time (23 bytes a record, 8 a snapshot)` },
      ] satisfies Figure[]
    } finally {
      await res.close()
    }
  },
}
