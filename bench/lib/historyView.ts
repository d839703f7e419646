import type { Page } from '@playwright/test'

export const SCROLL = '[data-testid=history-scroll]'
export const ROW = '[data-testid=history-row]'
/** The History list's box: `aria-busy="true"` while a list is loading (the previous list's rows stay on screen meanwhile). */
export const HISTORY_MAIN = '.history-main'
/** History's page turner (the shared Pager): its last button is Next. */
export const NEXT_BUTTON = '[role=navigation][aria-label=Pages] button:last-of-type'
export const PAGE_LABEL = '[data-testid=history-page]'

/** The History view at page 1, "load all" capped at `rows`, with its button to press. */
export const pagesRoute = (rows: number) => `#/history?cap=${rows}`

/**
 * The History view URL that opens straight into "load all" with the cap at `rows`, as a
 * link or a reload of that view does: no click stands between the page load and the rows.
 */
export const loadAllRoute = (rows: number) => `${pagesRoute(rows)}&all=1`

/** Where the page stands, for a benchmark's error: so a stalled run can be told from a slow one. */
export function historyState(page: Page): Promise<Record<string, string>> {
  return page.evaluate(
    ([scroll, main, next, label]) => ({
      url: location.hash,
      // The route the app has drawn: the sidebar's link to the current view carries its query in the same render.
      drawn: document.querySelector('nav[aria-label=Views] a[aria-current=page]')?.getAttribute('href') ?? 'no view',
      rowcount: document.querySelector(scroll)?.getAttribute('aria-rowcount') ?? 'no table',
      busy: document.querySelector(main)?.getAttribute('aria-busy') ?? 'no list',
      page: document.querySelector(label)?.textContent ?? 'no pager',
      next: document.querySelector<HTMLButtonElement>(next)?.disabled ? 'disabled' : 'enabled',
      status: document.querySelector('[data-testid=history-loadall-status]')?.textContent ?? 'no status',
      alerts: [...document.querySelectorAll('[role=alert]')].map((a) => a.textContent).join(' | '),
      // Whether the app thought the service out of reach (the run then reads the cache), and what the cache was still filing.
      connection: document.querySelector('[data-testid=connection]')?.textContent ?? 'no indicator',
      filing: document.querySelector('[data-testid=indexing-notice]')?.getAttribute('data-waiting') ?? 'none',
      cachedNotice: document.querySelector('[data-testid=cached-notice]')?.textContent ?? 'none',
    }),
    [SCROLL, HISTORY_MAIN, NEXT_BUTTON, PAGE_LABEL] as const,
  )
}

/**
 * Waits until History's list in pages has loaded and Next can be pressed, so a click on
 * Next turns this list's page (a click on the disabled button of a list still loading
 * does nothing). Fails with where the page stood after `timeoutMs`.
 */
export async function readyToTurn(page: Page, timeoutMs: number): Promise<void> {
  try {
    await page.waitForFunction(
      ([main, next]) => document.querySelector(main)?.getAttribute('aria-busy') === 'false' && document.querySelector<HTMLButtonElement>(next)?.disabled === false,
      [HISTORY_MAIN, NEXT_BUTTON] as const,
      { timeout: timeoutMs, polling: 50 },
    )
  } catch (e) {
    throw new Error(`History's Next could not be pressed within ${timeoutMs} ms: ${JSON.stringify(await historyState(page))}`, { cause: e })
  }
}

/** Waits until the table holds `rows` entries and loading has stopped at the cap. */
export async function allLoaded(page: Page, rows: number, timeoutMs: number): Promise<void> {
  try {
    await page.waitForFunction(
      ([selector, n]) => document.querySelector(selector)?.getAttribute('aria-rowcount') === String(n + 1),
      [SCROLL, rows] as const,
      { timeout: timeoutMs, polling: 250 },
    )
  } catch (e) {
    throw new Error(`History did not hold ${rows} rows within ${timeoutMs} ms: ${JSON.stringify(await historyState(page))}`, { cause: e })
  }
  await page.getByTestId('history-loadall-status').filter({ hasText: 'Stopped at the cap' }).waitFor({ timeout: 30_000 })
}
