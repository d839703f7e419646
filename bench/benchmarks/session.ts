import { writeFileSync } from 'node:fs'
import type { Locator, Page } from '@playwright/test'
import { HEAVY_OWNER_ADDRESS } from '../../tools/simulator'
import { allTxHashes, type IntentRecord } from '../../tools/simulator/records'
import { Resources, type Benchmark } from '../lib/benchmark'
import { startApp } from '../lib/app'
import { launchChromium } from '../lib/chromium'
import { HISTORY_MAIN, NEXT_BUTTON, PAGE_LABEL, ROW, allLoaded, historyState, loadAllRoute, readyToTurn } from '../lib/historyView'
import { atMost, type Figure } from '../lib/report'
import { percentile } from '../lib/stats'
import { seededRandom } from '../lib/random'

/** Rows that make "the first rows" of any lookup (fewer when the answer holds fewer). */
const FIRST_ROWS = 10
const SEARCH_ROW = 'table[aria-label="Search results"] tbody tr[data-index]'
const VIEWPORT = { width: 1280, height: 2800 }
const LOAD_ALL_ROWS = 10_000
const BULK_KEYS = 200

interface Lookup {
  label: string
  /** A route to open, or `next` to turn History's page. */
  route: string | 'next'
  /** Rows that must be on screen. */
  want: number
  selector: string
  /** The intent a pasted id or hash opens directly: the lookup is done when its page shows, not the result row before it. */
  opens?: string
}

/** What `timeLookup` needs in the page. */
type InPage = Omit<Lookup, 'label'> & { rowAttr: string; main: string; next: string; pageLabel: string }

declare global {
  interface Window {
    __sessionMs?: number
    __longTasks?: LongTask[]
    /** The frames that held a long task, with what ran in them (`long-animation-frame`), for the log. */
    __longFrames?: string[]
    /** What the session is doing (a lookup's label, "load all", "bulk lookup"): each long task is put down to it. */
    __phase?: string
  }
}

type LongTask = { ms: number; phase: string }

type Script = { invoker: string; sourceFunctionName: string; sourceURL: string; duration: number; forcedStyleAndLayoutDuration: number }
type LongFrame = PerformanceEntry & { blockingDuration: number; renderStart: number; scripts: Script[] }

/**
 * Installed before the app: every long task of the page's main thread, for `ui.longtask.max`,
 * with the phase it fell in; and, for the log, what ran in each frame that held one (the
 * browser's long-animation-frame attribution: the script's caller, its function and file,
 * and the layout it forced), so a long task can be traced to its code without a profile.
 */
function recordLongTasks(): void {
  window.__longTasks = []
  window.__longFrames = []
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks!.push({ ms: e.duration, phase: window.__phase ?? 'start-up' })
  }).observe({ type: 'longtask', buffered: true })
  new PerformanceObserver((list) => {
    for (const f of list.getEntries() as LongFrame[]) {
      if (f.blockingDuration <= 0) continue
      const scripts = [...f.scripts].sort((a, b) => b.duration - a.duration).slice(0, 3)
      const what = scripts.map((s) => `${s.invoker} ${s.sourceFunctionName}@${s.sourceURL.split('/').pop()} ${Math.round(s.duration)} ms (layout ${Math.round(s.forcedStyleAndLayoutDuration)})`)
      const render = f.startTime + f.duration - f.renderStart
      window.__longFrames!.push(`${window.__phase ?? 'start-up'}: ${Math.round(f.duration)} ms, render ${Math.round(f.renderStart ? render : 0)} ms; ${what.join('; ')}`)
    }
  }).observe({ type: 'long-animation-frame', buffered: true })
}

const phase = (page: Page, name: string) => page.evaluate((n) => (window.__phase = n), name)

/**
 * In the page: opens `route` (or presses History's Next) and notes, at a painted frame,
 * the time until the view shows what was asked: `want` rows matching `selector` inside
 * the window, of the view the app has drawn for `route` (the sidebar's link to the
 * current view carries its query in the same render), and for History of a list done
 * loading (its previous list's rows stay on screen while the next loads); for a page
 * turn, the next page's label and a new first row; for a key that opens its intent, that
 * intent's page. Gives up after 60 s.
 */
function timeLookup(l: InPage): void {
  window.__sessionMs = undefined
  const firstBefore = document.querySelector(l.selector)?.getAttribute(l.rowAttr)
  const pageBefore = document.querySelector(l.pageLabel)?.textContent
  const intentOpened = () =>
    location.hash.startsWith('#/intent/') && !!document.getElementById('intent-title')?.textContent?.toLowerCase().includes(l.opens!.toLowerCase())
  const drawn = () =>
    l.route === 'next'
      ? document.querySelector(l.pageLabel)?.textContent !== pageBefore && document.querySelector(l.selector)?.getAttribute(l.rowAttr) !== firstBefore
      : document.querySelector('nav[aria-label=Views] a[aria-current=page]')?.getAttribute('href') === l.route
  const shown = () => {
    let n = 0
    for (const row of document.querySelectorAll(l.selector)) {
      const r = row.getBoundingClientRect()
      if (r.height > 0 && r.top >= 0 && r.bottom <= innerHeight + 0.5) n++
    }
    return n
  }
  const done = () => (l.opens ? intentOpened() : drawn() && document.querySelector(l.main)?.getAttribute('aria-busy') !== 'true' && shown() >= l.want)
  const started = performance.now()
  const frame = () => {
    const now = performance.now() - started
    if (done()) window.__sessionMs = now
    else if (now < 60_000) requestAnimationFrame(frame)
  }
  if (l.route === 'next') document.querySelector<HTMLButtonElement>(l.next)?.click()
  else location.hash = l.route
  requestAnimationFrame(frame)
}

const search = (label: string, key: string, expected: number): Lookup => ({
  label,
  route: `#/search?q=${encodeURIComponent(key)}`,
  want: Math.min(FIRST_ROWS, expected),
  selector: SEARCH_ROW,
})
const history = (label: string, query: string, expected = FIRST_ROWS): Lookup => ({
  label,
  route: `#/history?${query}`,
  want: Math.min(FIRST_ROWS, expected),
  selector: ROW,
})

/** Wallets of every size, the busiest three times, ids, hashes, deposit addresses, History filters and page turns: 40 in all. */
function sessionPlan(records: readonly IntentRecord[], owners: Map<string, number>): Lookup[] {
  const rand = seededRandom(4242)
  const pick = () => records[Math.floor(rand() * records.length)]
  const bySize = [...owners].sort((a, b) => a[1] - b[1])
  // Each size its own wallet: the same search twice in a row changes nothing on screen, and would time nothing.
  const taken = new Set<string>([HEAVY_OWNER_ADDRESS.toLowerCase()])
  const walletOf = (n: number) => {
    const w = bySize.find(([a, c]) => c >= n && !taken.has(a.toLowerCase())) ?? bySize.findLast(([a]) => !taken.has(a.toLowerCase()))!
    taken.add(w[0].toLowerCase())
    return w
  }
  const wallets = [1, 2, 4, 8, 16, 40, 100, 250, 500].map(walletOf)
  const busiest = search('busiest wallet', HEAVY_OWNER_ADDRESS, 500)
  const plan: Lookup[] = [busiest]
  for (const [w, n] of wallets.slice(0, 5)) plan.push(search(`wallet of ${n}`, w, n))
  const byId = (r: IntentRecord): Lookup => ({ ...search('intent id', r.intentId, 1), opens: r.intentId })
  for (let i = 0; i < 6; i++) plan.push(byId(pick()))
  plan.push({ ...busiest, label: 'busiest wallet, again' })
  for (let i = 0; i < 6; i++) {
    const r = records.find((x, j) => j > i * 997 && allTxHashes(x).length > 0) ?? pick()
    plan.push({ ...search('tx hash', allTxHashes(r)[0], 1), opens: r.intentId })
  }
  for (let i = 0; i < 5; i++) plan.push(search('deposit address', pick().originIntentAddress, 1))
  const [w40, n40] = wallets[5]
  plan.push(history('History: owner', `owner=${w40}`, n40))
  plan.push(history('History: failed', 'status=FAILED'))
  plan.push(history('History: succeeded', 'status=SUCCEEDED'))
  plan.push(history('History: origin chain', `originChain=${records[0].originChainId}`))
  plan.push(history('History: destination chain', `destChain=${records[0].destinationChainId}`))
  plan.push(history('History: bridge', `bridge=${encodeURIComponent(records[0].bridgeProvider)}`))
  plan.push(history('History: all', 'status=SUCCEEDED&status=FAILED'))
  for (let i = 0; i < 4; i++) plan.push({ label: 'History: next page', route: 'next', want: FIRST_ROWS, selector: ROW })
  plan.push({ ...busiest, label: 'busiest wallet, third time' })
  for (const [w, n] of wallets.slice(6)) plan.push(search(`wallet of ${n}`, w, n))
  plan.push(byId(pick()))
  return plan
}

async function timeOne(page: Page, l: Lookup): Promise<number> {
  // A page turn presses Next of the list the last lookup showed: only once it has loaded, or the click is lost.
  if (l.route === 'next') await readyToTurn(page, 15_000)
  const { label: _, ...lookup } = l
  const rowAttr = l.selector === ROW ? 'data-intent-id' : 'data-index'
  await page.evaluate(timeLookup, { ...lookup, rowAttr, main: HISTORY_MAIN, next: NEXT_BUTTON, pageLabel: PAGE_LABEL })
  try {
    const done = await page.waitForFunction(() => window.__sessionMs, undefined, { timeout: 60_000, polling: 50 })
    return (await done.jsonValue()) as number
  } catch (e) {
    throw new Error(`session: "${l.label}" (${l.route}) did not show within 60 s: ${JSON.stringify(await historyState(page))}`, { cause: e })
  }
}

/**
 * Pastes text into a field the way a person does, with a clipboard "paste" event, instead
 * of typing it through the browser's editor as Playwright's `fill` does (200 lines typed
 * that way were one 140-430 ms task of the page, the harness's own typing).
 */
async function pasteInto(field: Locator, text: string): Promise<void> {
  await field.evaluate((el, t) => {
    ;(el as HTMLElement).focus()
    const clipboardData = new DataTransfer()
    clipboardData.setData('text/plain', t)
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }))
  }, text)
}

/** A bulk lookup of `keys`, pasted, from the button to the final result line. */
async function bulkLookup(page: Page, keys: string[]): Promise<void> {
  await page.evaluate(() => (location.hash = '#/bulk'))
  await pasteInto(page.getByRole('textbox', { name: 'Keys' }), keys.join('\n'))
  await page.getByRole('button', { name: new RegExp(`^Look up ${keys.length} keys`) }).click()
  await page.getByRole('status', { name: 'Lookup result' }).filter({ hasText: `${keys.length} of ${keys.length} keys` }).waitFor({ timeout: 5 * 60_000 })
}

/**
 * 10. A support agent's working session, back to back in one page of the real app
 * (browser host, main core, embedded simulator with 20,000 intents): 40 lookups, each
 * timed from its navigation to its first rows on screen; then "load all" of 10,000 in
 * History and a bulk lookup of 200 keys, with every long task of the page's main thread
 * recorded from the first lookup to the last.
 */
export const session: Benchmark = {
  name: 'session',
  needs: { app: true },
  async run(ctx) {
    const res = new Resources()
    const times: { label: string; ms: number }[] = []
    let longTasks: LongTask[]
    try {
      const app = res.add('the app', await startApp({ dataDir: ctx.scratch('session-app'), intents: 20_000 }), (a) => a.stop())
      const browser = res.add('Chromium', await launchChromium(ctx.scratch('session-browser'), VIEWPORT), (b) => b.close())
      const { page, context } = browser
      await context.addInitScript(recordLongTasks)
      await page.goto(`${app.launchUrl()}#/settings`)
      await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor({ timeout: 30_000 })
      const { records, owners } = app.dataset()
      // Long tasks of the app's own start-up are not the session's.
      await page.evaluate(() => ((window.__longTasks = []), (window.__longFrames = [])))
      const profile = await startProfile(page)
      for (const l of ctx.quick ? sessionPlan(records, owners).slice(0, 12) : sessionPlan(records, owners)) {
        await phase(page, l.label)
        const ms = await timeOne(page, l)
        times.push({ label: l.label, ms })
        ctx.log(`session: ${String(times.length).padStart(2)} ${l.label}: ${Math.round(ms)} ms`)
      }
      await phase(page, `load all of ${LOAD_ALL_ROWS}`)
      await page.evaluate((r) => (location.hash = r), loadAllRoute(LOAD_ALL_ROWS))
      await allLoaded(page, LOAD_ALL_ROWS, 5 * 60_000)
      await phase(page, `bulk lookup of ${BULK_KEYS}`)
      await bulkLookup(page, records.slice(0, BULK_KEYS).map((r) => r.intentId))
      await profile?.()
      // The observers report a frame after it ends: the bulk lookup's last frames are in once the page has been idle a moment.
      await page.evaluate(() => new Promise((idle) => requestIdleCallback(idle, { timeout: 2000 })))
      longTasks = await page.evaluate(() => window.__longTasks ?? [])
      if (longTasks.length) ctx.log(`session: long tasks by phase: ${longTasksByPhase(longTasks)}`)
      for (const frame of await page.evaluate(() => window.__longFrames ?? [])) ctx.log(`session: long frame, ${frame}`)
      browser.checkPage()
    } finally {
      await res.close()
    }
    return sessionFigures(times, longTasks)
  },
}

/** "load all of 10000: 12 (longest 61 ms); …": where the long tasks fell, worst first. */
function longTasksByPhase(tasks: readonly LongTask[]): string {
  const by = new Map<string, number[]>()
  for (const t of tasks) by.set(t.phase, [...(by.get(t.phase) ?? []), t.ms])
  const worst = [...by].sort((a, b) => Math.max(...b[1]) - Math.max(...a[1]))
  return worst.map(([p, ms]) => `${p}: ${ms.length} (longest ${Math.round(Math.max(...ms))} ms)`).join('; ')
}

/**
 * With `BENCH_SESSION_PROFILE=<file>`, a CPU profile of the page's main thread over the
 * whole session (the lookups, "load all" and the bulk lookup) is written there (open it
 * in Chromium's DevTools, Performance): what the long tasks were doing. Returns the function that stops and writes it.
 */
async function startProfile(page: Page): Promise<(() => Promise<void>) | undefined> {
  const file = process.env.BENCH_SESSION_PROFILE
  if (!file) return undefined
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 })
  await cdp.send('Profiler.start')
  return async () => {
    const { profile } = await cdp.send('Profiler.stop')
    writeFileSync(file, JSON.stringify(profile))
    await cdp.detach()
  }
}

function sessionFigures(times: { label: string; ms: number }[], tasks: LongTask[]): Figure[] {
  const longTasks = tasks.map((t) => t.ms)
  const ms = times.map((t) => t.ms)
  const firstBusy = times.find((t) => t.label === 'busiest wallet')!.ms
  const max = Math.max(...ms)
  const perLookup = times.map((t) => `${t.label} ${Math.round(t.ms)}`).join('; ')
  return [
    { name: 'session.first_rows.p95', value: percentile(ms, 95), unit: 'ms', target: atMost(300), runs: ms, note: `${times.length} lookups back to back in one page: ${perLookup}` },
    {
      name: 'session.first_rows.max',
      value: max / firstBusy,
      unit: 'x',
      target: atMost(2),
      runs: [max, firstBusy],
      note: `the slowest lookup (${Math.round(max)} ms) over the session's first busy-wallet lookup (${Math.round(firstBusy)} ms)`,
    },
    {
      name: 'ui.longtask.max',
      value: longTasks.length ? Math.max(...longTasks) : 0,
      unit: 'ms',
      target: atMost(50),
      runs: longTasks,
      note: `the longest main-thread task of the page (PerformanceObserver "longtask": only tasks over 50 ms are reported) over the session, "load all" of ${LOAD_ALL_ROWS} and a bulk lookup of ${BULK_KEYS} keys; ${longTasks.length} long tasks in all${tasks.length ? `, by phase: ${longTasksByPhase(tasks)}` : ''}`,
    },
  ]
}
