import { Resources, within, type Benchmark } from '../lib/benchmark'
import { startApp } from '../lib/app'
import type { Page } from '@playwright/test'
import { bundleSizes } from '../lib/bundle'
import { launchChromium, type Browser } from '../lib/chromium'
import { ROW, SCROLL, allLoaded, loadAllRoute, pagesRoute } from '../lib/historyView'
import { atMost, type Figure } from '../lib/report'
import { median } from '../lib/stats'
import { SIMULATOR_PROFILE_ID } from '../../src-main/settings/profiles'

/** Rows loaded before the heap is read (the target's "10,000 rows loaded"). */
const LOADED_ROWS = 10_000
const FIRST_ROWS = 50
/** Tall enough that the table shows 50 whole rows below the view's filters and controls. */
const VIEWPORT = { width: 1280, height: 2800 }

declare global {
  interface Window {
    /** ms since navigation start when 50 rows were first on screen (set by the init script). */
    __benchFirstRows?: number
  }
}

/**
 * Installed before the app's own scripts: on every animation frame, counts the history
 * rows that lie wholly inside both the table's box and the window, and notes the time
 * (since navigation start) of the first frame that shows `want` of them. Gives up after
 * 60 s, so it cannot run forever.
 */
function watchFirstRows([scrollSelector, rowSelector, want]: readonly [string, string, number]): void {
  const frame = () => {
    const box = document.querySelector(scrollSelector)?.getBoundingClientRect()
    if (box) {
      let shown = 0
      for (const row of document.querySelectorAll(rowSelector)) {
        const r = row.getBoundingClientRect()
        if (r.height > 0 && r.top >= box.top && r.bottom <= Math.min(box.bottom, innerHeight) + 0.5) shown++
      }
      if (shown >= want) {
        window.__benchFirstRows = performance.now()
        return
      }
    }
    if (performance.now() < 60_000) requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
}

/** The bare page of the raw baseline, served at the app's own origin so it opens the same IndexedDB. */
const RAW_PATH = '/raw-first-rows.html'

/**
 * What this machine can do at best: a page with no framework that opens the app's
 * database, reads the 50 newest summary rows of the profile through the same index the
 * History view reads (`intentRows`, `[profileId+createdAt+intentId]`, newest first) and
 * draws them in a plain table inside a box marked like the app's, so the same init
 * script times both.
 */
function rawPage(profileId: string, want: number): string {
  const script = `
  const open = indexedDB.open('intent-explorer')
  open.onsuccess = () => {
    const db = open.result
    const index = db.transaction('intentRows').objectStore('intentRows').index('[profileId+createdAt+intentId]')
    const range = IDBKeyRange.bound([${JSON.stringify(profileId)}, -Infinity, ''], [${JSON.stringify(profileId)}, Infinity, '\uffff'])
    const rows = []
    index.openCursor(range, 'prev').onsuccess = (e) => {
      const cursor = e.target.result
      if (cursor && rows.length < ${want}) { rows.push(cursor.value); cursor.continue(); return }
      const body = document.querySelector('tbody')
      for (const r of rows) {
        const tr = document.createElement('tr')
        tr.dataset.testid = 'history-row'
        for (const v of [r.intentId, r.status, new Date(r.createdAt).toISOString(), r.ownerKey]) {
          const td = document.createElement('td'); td.textContent = String(v ?? ''); tr.append(td)
        }
        body.append(tr)
      }
    }
  }`
  return `<!doctype html><meta charset="utf-8"><title>raw</title>
<style>td{height:35px;padding:0 8px;white-space:nowrap;font:13px system-ui}</style>
<div data-testid="history-scroll" style="height:2600px;overflow:auto"><table><tbody></tbody></table></div>
<script>${script}</script>`
}

/**
 * 6. Start-up on a large cache: the cache of `ctx.cachedProfile()` (written at this very
 * origin), the app served there by the real browser host and forced offline. Each run
 * is a fresh browser on that profile: navigation to the History view's "all" URL (which
 * starts "load all" as the view opens, as a link or a reload of that view does), time to
 * 50 rows on screen; then, once 10,000 rows are loaded, the JS heap after a full garbage
 * collection. Each such launch is followed by one at page 1 with "Load all" clicked, for
 * the record of what the harness's click adds.
 */
export const startup: Benchmark = {
  name: 'startup',
  needs: { app: true, harness: true },
  async run(ctx) {
    const runs = ctx.quick ? 2 : 5
    /** Launches that also load 10,000 rows for the heap, and are followed by one with the click (the record). */
    const fullRuns = Math.min(runs, 3)
    const profile = await ctx.cachedProfile()
    const res = new Resources()
    const firstRows: number[] = []
    const raw: number[] = []
    const byClick: number[] = []
    const heapMb: number[] = []
    try {
      const app = res.add('the app', await startApp({ dataDir: ctx.scratch('startup-app'), intents: 2_000, port: profile.port }), (a) => a.stop())
      /** A fresh browser at `route`, `act` (if any) on the page, the time to 50 rows, then `after` before it closes. */
      const launch = async (route: string, act?: (page: Page) => Promise<void>, after?: (browser: Browser) => Promise<void>) => {
        const browser = await launchChromium(profile.userDataDir, VIEWPORT)
        try {
          await browser.context.addInitScript(watchFirstRows, [SCROLL, ROW, FIRST_ROWS] as const)
          const origin = new URL(app.launchUrl()).origin
          await browser.context.route(`${origin}${RAW_PATH}`, (r) => r.fulfill({ contentType: 'text/html', body: rawPage(SIMULATOR_PROFILE_ID, FIRST_ROWS) }))
          await browser.page.goto(route === RAW_PATH ? `${origin}${RAW_PATH}` : `${app.launchUrl()}${route}`)
          const acted = act?.(browser.page)
          // Awaited once the rows show; should the wait for them fail first, this must not go unhandled.
          acted?.catch(() => undefined)
          const shown = await browser.page.waitForFunction(() => window.__benchFirstRows, undefined, { timeout: 60_000, polling: 100 })
          await acted
          const ms = (await shown.jsonValue()) as number
          await after?.(browser)
          browser.checkPage()
          return ms
        } finally {
          await browser.close()
        }
      }
      for (let run = 0; run < runs; run++) {
        const heap = async ({ page, context }: Browser) => {
            await allLoaded(page, LOADED_ROWS, 5 * 60_000)
            if (!(await page.getByText('Working offline — cached data').isVisible())) throw new Error('the History view did not read the cache')
            const cdp = await context.newCDPSession(page)
            await within(60_000, 'garbage collection', cdp.send('HeapProfiler.collectGarbage'))
            const used = await page.evaluate(() => (performance as Performance & { memory: { usedJSHeapSize: number } }).memory.usedJSHeapSize)
            heapMb.push(used / 1e6)
        }
        // The raw baseline and the app alternate which goes first, launch by launch.
        const rawFirst = run % 2 === 0
        if (rawFirst) raw.push(await launch(RAW_PATH))
        firstRows.push(await launch(loadAllRoute(LOADED_ROWS), undefined, run < fullRuns ? heap : undefined))
        if (!rawFirst) raw.push(await launch(RAW_PATH))
        // For the record: the same start with "Load all" pressed as soon as Playwright can.
        if (run < fullRuns) byClick.push(await launch(pagesRoute(LOADED_ROWS), (page) => page.getByRole('button', { name: 'Load all', exact: true }).click({ timeout: 30_000 })))
        ctx.log(
          `startup: run ${run + 1}/${runs} ${FIRST_ROWS} rows after ${Math.round(firstRows[run])} ms (raw page ${Math.round(raw[run])} ms)` +
            (run < fullRuns ? ` (${Math.round(byClick[run])} ms by the button), heap ${heapMb[run].toFixed(1)} MB with ${LOADED_ROWS} rows` : ''),
        )
      }
    } finally {
      await res.close()
    }
    const note = (n: number) => `${profile.intents} cached intents, offline, ${n} fresh browser launches, median`
    const spread = (xs: number[]) => `launches ${xs.map(Math.round).join(', ')} ms (${Math.round(Math.min(...xs))}–${Math.round(Math.max(...xs))})`
    ctx.log(`startup: ${FIRST_ROWS} rows: ${spread(firstRows)}; raw page: ${spread(raw)}`)
    const bundle = bundleSizes('HistoryView')
    return [
      {
        name: 'startup.first_rows',
        value: median(firstRows),
        unit: 'ms',
        target: atMost(600),
        runs: firstRows,
        note: `${FIRST_ROWS} rows on screen after navigation start; ${note(runs)}; ${spread(firstRows)}`,
      },
      {
        name: 'startup.first_rows_vs_raw',
        value: median(firstRows) / median(raw),
        unit: 'x',
        target: atMost(2),
        runs: firstRows.map((ms, i) => ms / raw[i]),
        note: `median of the app's launches over the median of the raw page's, launched alternately in the same run on the same cache: a page at the same origin with no framework that opens the same IndexedDB, reads the ${FIRST_ROWS} newest rows through the same index and draws them in a plain table`,
      },
      {
        name: 'startup.raw_first_rows',
        value: median(raw),
        unit: 'ms',
        runs: raw,
        note: `the raw page itself; ${spread(raw)}`,
      },
      {
        name: 'startup.first_rows_by_click',
        value: median(byClick),
        unit: 'ms',
        runs: byClick,
        note: `the same, opened at page 1 with "Load all" clicked by Playwright (which waits for the button to hold still); launches alternate with the first ${fullRuns} above; ${note(fullRuns)}`,
      },
      { name: 'startup.heap', value: median(heapMb), unit: 'MB', target: atMost(250), runs: heapMb, note: `JS heap after GC with ${LOADED_ROWS} rows loaded; ${note(fullRuns)}` },
      {
        name: 'bundle.initial_js',
        value: bundle.initial / 1000,
        unit: 'KB',
        target: atMost(400),
        runs: [bundle.initial / 1000],
        note: `minified JS index.html loads and runs before the first render (${bundle.initialFiles} files: its module script and everything it imports statically), from the build this run served`,
      },
      {
        name: 'bundle.history_view_js',
        value: bundle.view / 1000,
        unit: 'KB',
        runs: [bundle.view / 1000],
        note: 'what opening the History view adds (its chunk, the cache module with Dexie, the table virtualizer); main.tsx starts loading it before the first render when the URL opens that view',
      },
    ] satisfies Figure[]
  },
}
