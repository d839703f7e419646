import { chromium, test, expect, type BrowserContext, type Page } from '@playwright/test'
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { IntentHistoryEntry } from '../src-shared/contract/service'
import { SvcClient } from '../src-main/service/client'
import { startSimulator } from '../tools/simulator'
import { startHarnessServer, type HarnessServer } from '../bench/lib/harnessServer'
import { CHROMIUM_ARGS, chromiumPath } from './chromium'

/**
 * The offline cache survives being killed mid-write. The cache harness page (the app's
 * real `src-renderer/db`, see bench/browser) ingests 20,000 history entries, a page of
 * 100 per transaction as "load all" writes them, and is killed part-way: the tab's
 * renderer crashes, or the whole browser is SIGKILLed. Ten times over, on one on-disk
 * profile, the database must open with the app's own schema and hold whole pages only,
 * and what earlier runs wrote must still be there.
 */

const ENTRIES = 20_000
const PAGE = 100
const RUNS = 10

/** `npm run bench` builds the harness the same way; this spec may run first. */
function buildHarness(): Promise<void> {
  return new Promise((done, reject) => {
    const child = spawn('npx', ['vite', 'build', '--config', 'bench/browser/vite.config.ts'], { stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
    child.once('error', reject)
    child.once('exit', (code) => (code === 0 ? done() : reject(new Error(`harness build failed (${code}): ${stderr.slice(-2000)}`))))
  })
}

/**
 * 20,000 distinct entries, cheaply: two real pages from the simulator, normalised by the
 * app's own client, repeated with fresh intent ids. Each page is built once, when asked.
 */
async function historyPages(): Promise<(index: number) => IntentHistoryEntry[]> {
  const sim = await startSimulator({ intents: 2 * PAGE })
  const client = new SvcClient({ baseUrl: sim.url, getAccessKey: () => 'demo-key' })
  const first = await client.getIntentHistory({ page: { pageSize: PAGE }, includeBalances: true })
  const second = await client.getIntentHistory({ page: first.nextPage, includeBalances: true })
  await sim.stop()
  const base = [...first.intents, ...second.intents].map((e) => ({ id: e.intentId!, text: JSON.stringify(e) }))
  const pages = new Map<number, IntentHistoryEntry[]>()
  return (index) => {
    let page = pages.get(index)
    if (!page) {
      page = Array.from({ length: PAGE }, (_, i) => {
        const n = index * PAGE + i
        const { id, text } = base[n % base.length]
        return JSON.parse(text.split(id).join(`0x${(n + 1).toString(16).padStart(64, '0')}`)) as IntentHistoryEntry
      })
      pages.set(index, page)
    }
    return page
  }
}

/** History entries per profile, counted with plain IndexedDB (safe while the app is writing). */
function countEntries(page: Page, profiles: string[]): Promise<Record<string, number>> {
  return page.evaluate(
    (list) =>
      new Promise<Record<string, number>>((resolve, reject) => {
        const open = indexedDB.open('intent-explorer')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          const store = db.transaction('historyEntries').objectStore('historyEntries')
          const out: Record<string, number> = {}
          for (const p of list) {
            const count = store.count(IDBKeyRange.bound([p, ''], [p, '\uffff']))
            count.onsuccess = () => (out[p] = count.result)
          }
          store.transaction.oncomplete = () => {
            db.close()
            resolve(out)
          }
          store.transaction.onerror = () => reject(store.transaction.error)
        }
      }),
    profiles,
  )
}

/** Opens the cache through the app's own Dexie schema (throws if it cannot) and counts each profile's summary rows. */
async function countRows(page: Page, profiles: string[]): Promise<Record<string, number>> {
  const rows: Record<string, number> = {}
  for (const profileId of profiles)
    rows[profileId] = await page.evaluate((p) => window.bench.populate({ pages: 0, profileId: p, baseUrl: 'http://sim.test', offline: false }), profileId)
  return rows
}

async function launch(userDataDir: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await chromium.launchPersistentContext(userDataDir, { executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS })
  const page = context.pages()[0] ?? (await context.newPage())
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  return { context, page, errors }
}

/** The browser's own process id, to kill it as a power cut or a crash would. */
async function browserPid(context: BrowserContext): Promise<number> {
  const cdp = await context.browser()!.newBrowserCDPSession()
  const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: Array<{ type: string; id: number }> }
  return processInfo.find((p) => p.type === 'browser')!.id
}

let server: HarnessServer
let userDataDir: string

test.beforeAll(async () => {
  test.setTimeout(120_000)
  const [pages] = await Promise.all([historyPages(), buildHarness()])
  server = await startHarnessServer({ pages: async (i) => pages(i) })
  userDataDir = mkdtempSync(join(tmpdir(), 'ie-durability-'))
})

test.afterAll(async () => {
  await server?.stop()
  if (userDataDir) rmSync(userDataDir, { recursive: true, force: true })
})

test(`killed ${RUNS} times in the middle of a ${ENTRIES}-entry ingest, the cache opens every time with whole pages only`, async () => {
  test.setTimeout(180_000)
  const done: Record<string, number> = {}
  const profiles: string[] = []
  let killedMidway = 0

  for (let run = 0; run <= RUNS; run++) {
    const { context, page, errors } = await launch(userDataDir)
    await page.goto(`${server.origin}/`)
    await page.waitForFunction(() => 'bench' in window)

    // The database opens (through Dexie, which also creates it on the first run), every
    // profile holds whole pages with a summary row per entry, and nothing an earlier run
    // had committed is gone.
    const profileId = `run-${run}`
    const rows = await countRows(page, [...profiles, profileId])
    const entries = await countEntries(page, profiles)
    expect(rows[profileId]).toBe(0)
    for (const p of profiles) {
      expect(entries[p] % PAGE, `${p}: ${entries[p]} entries, not whole pages`).toBe(0)
      expect(rows[p], `${p}: summary rows`).toBe(entries[p])
      expect(entries[p], `${p}: entries lost since the last run`).toBeGreaterThanOrEqual(done[p] ?? 0)
      done[p] = entries[p]
    }
    expect(errors).toEqual([])
    if (run === RUNS) {
      await context.close()
      break
    }

    profiles.push(profileId)
    let finished = false
    void page
      .evaluate(([p, pages]) => window.bench.populate({ pages, profileId: p, baseUrl: 'http://sim.test', offline: false }), [profileId, ENTRIES / PAGE] as const)
      .then(() => (finished = true), () => undefined)
    // Kill once some pages are in (1 to 15 of the 200, a different number each run), while writes continue.
    const target = PAGE * (1 + ((run * 7) % 15))
    await expect
      .poll(async () => (finished ? ENTRIES : (await countEntries(page, [profileId]))[profileId]), { timeout: 60_000, intervals: [100] })
      .toBeGreaterThanOrEqual(target)
    if (run % 2 === 0) {
      // The tab's renderer dies mid-transaction; the browser (and IndexedDB's backend) lives on.
      await page.goto('chrome://crash').catch(() => undefined)
      await context.close()
    } else {
      // The whole browser dies, as on a crash or power cut.
      process.kill(await browserPid(context), 'SIGKILL')
      await context.close().catch(() => undefined)
    }
    if (!finished) killedMidway++
  }
  // The kills did land in the middle of ingests, not after them.
  expect(killedMidway).toBeGreaterThanOrEqual(RUNS - 1)
  expect(Object.values(done).some((n) => n > 0 && n < ENTRIES)).toBe(true)
})
