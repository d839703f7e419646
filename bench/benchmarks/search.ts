import type { Page } from '@playwright/test'
import { HEAVY_OWNER_ADDRESS } from '../../tools/simulator'
import { Resources, type Benchmark } from '../lib/benchmark'
import { startApp } from '../lib/app'
import { launchChromium } from '../lib/chromium'
import { ROW } from '../lib/historyView'
import { atMost, type Figure } from '../lib/report'
import { median } from '../lib/stats'

/** Rows that make a first screen of results. */
const FIRST_ROWS = 20
const SEARCH_ROW = 'table[aria-label="Search results"] tbody tr'
/** Tall enough that both views show 20 whole rows below their filters and summaries. */
const VIEWPORT = { width: 1280, height: 2800 }

declare global {
  interface Window {
    /** ms from the navigation to `want` rows on screen, set by `timeRows`. */
    __benchRows?: number
    /** ms from the navigation to the search's final answer on screen, set by `timeRows`. */
    __benchComplete?: number
  }
}

/**
 * In the page: changes the hash to `route` and notes, at a painted frame
 * (`requestAnimationFrame`), the time until `want` rows matching `selector` lie inside the
 * window and, for a search, until every call has answered (no "still searching", a
 * summary that no longer says "so far"); gives up after 60 s.
 */
function timeRows([route, selector, want, search]: readonly [string, string, number, boolean]): void {
  window.__benchRows = undefined
  window.__benchComplete = undefined
  const started = performance.now()
  const complete = () => {
    const summary = document.querySelector('[data-testid="search-summary"]')
    return !!summary && !summary.textContent?.includes('so far') && !document.querySelector('[data-testid="search-pending"]')
  }
  const frame = () => {
    let shown = 0
    for (const row of document.querySelectorAll(selector)) {
      const r = row.getBoundingClientRect()
      if (r.height > 0 && r.top >= 0 && r.bottom <= innerHeight + 0.5) shown++
    }
    const now = performance.now() - started
    if (window.__benchRows === undefined && shown >= want) window.__benchRows = now
    if (search && window.__benchComplete === undefined && shown >= want && complete()) window.__benchComplete = now
    const waiting = window.__benchRows === undefined || (search && window.__benchComplete === undefined)
    if (waiting && now < 60_000) requestAnimationFrame(frame)
  }
  location.hash = route
  requestAnimationFrame(frame)
}

interface Timing {
  firstRows: number
  /** Search only: until the final answer is on screen. */
  complete?: number
}

/**
 * Loads the app afresh at a neutral view (Settings: nothing of either view's data in
 * memory, their code in the browser's cache), then opens `route` and times its first rows
 * (and, for a search, its final answer).
 */
async function firstRows(page: Page, launchUrl: () => string, route: string, selector: string, search = false): Promise<Timing> {
  await page.goto(`${launchUrl()}#/settings`)
  await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor({ timeout: 30_000 })
  await page.evaluate(timeRows, [route, selector, FIRST_ROWS, search] as const)
  const first = await page.waitForFunction(() => window.__benchRows, undefined, { timeout: 60_000, polling: 50 })
  const firstMs = (await first.jsonValue()) as number
  if (!search) return { firstRows: firstMs }
  const done = await page.waitForFunction(() => window.__benchComplete, undefined, { timeout: 60_000, polling: 50 })
  return { firstRows: firstMs, complete: (await done.jsonValue()) as number }
}

/**
 * 7. Search by a busy wallet, as a person does it: the real app (browser host, main core,
 * embedded simulator) in Chromium, the universal box's URL for a wallet with 2,000
 * intents (four SearchIntents calls: owner, origin, destination and edge address), timed
 * from the navigation to 20 result rows on screen; beside it, in the same page and
 * alternating which goes first, the History view filtered by the same owner (one
 * GetIntentHistory page of 20). Each timed run starts from a fresh load of the app, so
 * neither view answers from what it kept in memory from the run before.
 */
export const search: Benchmark = {
  name: 'search',
  needs: { app: true },
  async run(ctx) {
    const rounds = ctx.quick ? 3 : 7
    const res = new Resources()
    const searchMs: number[] = []
    const completeMs: number[] = []
    const historyMs: number[] = []
    try {
      const app = res.add('the app', await startApp({ dataDir: ctx.scratch('search-app'), intents: 20_000 }), (a) => a.stop())
      const browser = res.add('Chromium', await launchChromium(ctx.scratch('search-browser'), VIEWPORT), (b) => b.close())
      const { page } = browser
      const searchRoute = `#/search?q=${HEAVY_OWNER_ADDRESS}`
      const historyRoute = `#/history?owner=${HEAVY_OWNER_ADDRESS}`
      // Warm: each view's code in the browser's cache and each path run once, untimed.
      await firstRows(page, app.launchUrl, searchRoute, SEARCH_ROW, true)
      await firstRows(page, app.launchUrl, historyRoute, ROW)
      for (let round = 0; round < rounds; round++) {
        const pair = [
          async () => {
            const t = await firstRows(page, app.launchUrl, searchRoute, SEARCH_ROW, true)
            searchMs.push(t.firstRows)
            completeMs.push(t.complete!)
          },
          async () => historyMs.push((await firstRows(page, app.launchUrl, historyRoute, ROW)).firstRows),
        ]
        for (const run of round % 2 ? pair.reverse() : pair) await run()
        ctx.log(
          `search: round ${round + 1}/${rounds} search ${Math.round(searchMs[round])} ms (complete at ${Math.round(completeMs[round])} ms), History ${Math.round(historyMs[round])} ms`,
        )
      }
      browser.checkPage()
    } finally {
      await res.close()
    }
    const ratios = searchMs.map((s, i) => s / historyMs[i])
    const note = `the universal box for a wallet with 2,000 intents, ${FIRST_ROWS} rows on screen after the navigation; ${rounds} rounds alternating with History, median`
    const spread = (xs: number[]) => `${Math.round(Math.min(...xs))}–${Math.round(Math.max(...xs))} ms`
    return [
      { name: 'search.owner.first_rows', value: median(searchMs), unit: 'ms', target: atMost(500), runs: searchMs, note: `${note}; ${spread(searchMs)}` },
      { name: 'search.owner.vs_history', value: median(ratios), unit: 'x', target: atMost(1.5), runs: ratios, note: 'search time / History time for the same owner, within each round' },
      {
        name: 'search.owner.complete',
        value: median(completeMs),
        unit: 'ms',
        target: atMost(500),
        runs: completeMs,
        note: `the same navigations until every SearchIntents call has answered and the summary gives the final count (the owner's 500 intents, 3.7 MB); ${spread(completeMs)}`,
      },
      { name: 'search.owner.history_first_rows', value: median(historyMs), unit: 'ms', runs: historyMs, note: `History filtered by the same owner, first page of 20; ${spread(historyMs)}` },
    ] satisfies Figure[]
  },
}
