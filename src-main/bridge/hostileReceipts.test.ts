import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startReceiptFlood, type ReceiptFlood } from '../service/testing'
import { FileKeyStore } from '../settings/keystore'
import { MAX_TEXT_CHARS } from '../watch/keep'
import { startAppCore, type AppCore } from './appCore'

/**
 * Attack: 30 watches answered at once, every time, with different valid receipts of about
 * 15 MiB (a 5 MiB failure reason, 5 MiB in a field the app does not know, 5 MiB of
 * receipt states). The client remembered up to 512 long-poll answers by their full text
 * and each watch kept and saved its whole receipt: main ran out of heap after about 300
 * answers, and the restored watches killed it again after the restart. Now what is kept
 * of answers is bounded by size, and the list on disk holds summaries only.
 *
 * Runs for `HOSTILE_SOAK_SECONDS` (default 24): two thirds before a restart on the same
 * data folder, one third after. `HOSTILE_SOAK_SECONDS=120 npx vitest run
 * src-main/bridge/hostileReceipts.test.ts` runs the full two minutes and prints the figures.
 */
const SOAK_MS = Number(process.env.HOSTILE_SOAK_SECONDS ?? 24) * 1000
const WATCHES = 30
/** Five of them fail at once, each with a 5 MiB reason. */
const FAILING = 5
const MiB = 1024 * 1024
/** How long past its time a soak may wait for every watch's first answer. */
const SETTLE_MS = 90_000
/** Heap the app still holds after a collection once its loops have stopped (its memo, watches and lists), over what the process held before. */
const RETAINED_BUDGET = 64 * MiB
/** Resident memory at its highest: 30 answers of 15 MiB in flight at once, read and decoded, and the collector's lag. */
const PEAK_RSS_BUDGET = 2_048 * MiB

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

let flood: ReceiptFlood
let dataDir: string
let app: AppCore | undefined

const startApp = () =>
  startAppCore({
    runtime: 'host',
    version: 'test',
    dataDir,
    keyStore: FileKeyStore.open(join(dataDir, 'access-keys.json'), {}),
    simulator: { seed: 1, intents: 10 },
  })

const heapNow = () => {
  gc()
  return process.memoryUsage().heapUsed
}

const watchesFile = () => statSync(join(dataDir, 'watches.json')).size

/**
 * Lets the watches run for `ms` (and until `until` holds) while recording the highest
 * resident memory and the largest event the page would be sent.
 */
async function soak(ms: number, a: AppCore, until: () => boolean = () => true): Promise<{ peakRss: number; largestEvent: number }> {
  let peakRss = process.memoryUsage().rss
  let largestEvent = 0
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50)
  // What the browser host does with each event: one JSON text to the page.
  const off = a.events.on((e) => (largestEvent = Math.max(largestEvent, JSON.stringify(e).length)))
  try {
    const end = performance.now() + ms
    // On a busy machine each 15 MiB answer takes a while: the soak lasts until `until` holds, too.
    while (performance.now() < end || (!until() && performance.now() < end + SETTLE_MS)) await new Promise((r) => setTimeout(r, 100))
    const phases = a.core.watches.list('flood').items.map((w) => `${w.intentId} ${w.phase} ${w.outcome ?? w.error?.kind ?? (w.lastUpdateAt ? 'answered' : 'silent')}`)
    expect(until(), `every watch heard back: ${phases.join(', ')}`).toBe(true)
  } finally {
    clearInterval(sampler)
    off()
  }
  return { peakRss, largestEvent }
}

beforeAll(async () => {
  flood = await startReceiptFlood({ mib: 15, lifetimeMs: SOAK_MS + 2 * SETTLE_MS + 30_000 })
  dataDir = mkdtempSync(join(tmpdir(), 'ie-receipt-flood-'))
  writeFileSync(
    join(dataDir, 'profiles.json'),
    JSON.stringify({ version: 1, activeProfileId: 'flood', profiles: [{ id: 'flood', name: 'flood', baseUrl: flood.url }] }),
  )
})

afterAll(async () => {
  await app?.stop()
  await flood.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('30 watches answered with different 15 MiB receipts', () => {
  it('keep main within a memory budget, through a restart, with a small list on disk and small answers to the page', async () => {
    const baseHeap = heapNow()
    const baseRss = process.memoryUsage().rss
    app = await startApp()
    for (let i = 0; i < WATCHES; i++) {
      const intentId = i < FAILING ? `fail-${i}` : `run-${i}`
      expect(await app.handlers.watchIntent({ intentId })).toMatchObject({ ok: true })
    }

    // Each watch heard back (an answer, or a deadline passed while 30 answers of 15 MiB crowded the machine), and a failing one failed.
    const heard = () => app!.core.watches.list('flood').items.every((w) => w.lastUpdateAt !== undefined || w.error !== undefined || w.outcome !== undefined)
    const first = await soak((SOAK_MS * 2) / 3, app, () => heard() && app!.core.watches.list('flood').items.some((w) => w.outcome))
    const answersBefore = flood.answers
    const listed = await app.handlers.listWatches({})
    if (!listed.ok) throw new Error(listed.error.message)
    const { items: watches } = listed.value
    expect(watches).toHaveLength(WATCHES)
    const failed = watches.filter((w) => w.outcome === 'FAILED')
    expect(failed.length).toBeGreaterThan(0)
    expect(failed.every((w) => w.intentId.startsWith('fail-'))).toBe(true)
    for (const w of failed) {
      expect(w.failureReason!.length).toBeLessThanOrEqual(MAX_TEXT_CHARS)
      expect(w.failureReason).toMatch(/^answer \d+ r+… \[cut: [\d,]+ characters in all\]$/)
    }
    // Each receipt kept is a summary the board can show: the status and the origin leg are there.
    for (const w of watches.filter((x) => x.receipt)) expect(w).toMatchObject({ receiptTrimmed: true, receipt: { originTransaction: { chainId: 8453 } } })
    expect(JSON.stringify(listed.value).length).toBeLessThan(MiB)
    // What the app keeps of the answers, with nothing in flight: the stopped core is still held here.
    await app.stop()
    const keptFirst = heapNow()
    app = undefined
    const fileAfterFirst = watchesFile()

    // The same data folder: the 25 unfinished watches resume against the same service.
    app = await startApp()
    expect(app.core.watches.list('flood').items).toHaveLength(WATCHES)
    const second = await soak(SOAK_MS / 3, app)
    // The restored watches are answered again.
    expect(flood.answers - answersBefore).toBeGreaterThanOrEqual(10)
    await app.stop()
    const keptSecond = heapNow()
    app = undefined
    const fileAfterSecond = watchesFile()

    const figures = {
      soakSeconds: SOAK_MS / 1000,
      answers: flood.answers,
      answeredMiB: Math.round(flood.bytesSent / MiB),
      rssBeforeMiB: Math.round(baseRss / MiB),
      peakRssMiB: [first, second].map((s) => Math.round(s.peakRss / MiB)),
      heapBeforeMiB: Math.round(baseHeap / MiB),
      heapKeptMiB: [keptFirst, keptSecond].map((h) => Math.round(h / MiB)),
      rssAfterMiB: Math.round(process.memoryUsage().rss / MiB),
      watchesJsonBytes: [fileAfterFirst, fileAfterSecond],
      largestEventChars: Math.max(first.largestEvent, second.largestEvent),
    }
    console.log('receipt flood:', JSON.stringify(figures))
    for (const kept of [keptFirst, keptSecond]) expect(kept - baseHeap).toBeLessThan(RETAINED_BUDGET)
    for (const s of [first, second]) {
      expect(s.peakRss - baseRss).toBeLessThan(PEAK_RSS_BUDGET)
      expect(s.largestEvent).toBeLessThan(64 * 1024)
    }
    // Summaries only: a few KiB a watch, never the receipts (30 × 15 MiB).
    expect(fileAfterFirst).toBeLessThan(256 * 1024)
    expect(fileAfterSecond).toBeLessThan(256 * 1024)
  }, SOAK_MS + 2 * SETTLE_MS)
})
