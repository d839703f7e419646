import type { Page } from '@playwright/test'

export const SCROLL = '[data-testid=history-scroll]'
export const ROW = '[data-testid=history-row]'

/** The History view at page 1, "load all" capped at `rows`, with its button to press. */
export const pagesRoute = (rows: number) => `#/history?cap=${rows}`

/**
 * The History view URL that opens straight into "load all" with the cap at `rows`, as a
 * link or a reload of that view does: no click stands between the page load and the rows.
 */
export const loadAllRoute = (rows: number) => `${pagesRoute(rows)}&all=1`

/** Waits until the table holds `rows` entries and loading has stopped at the cap. */
export async function allLoaded(page: Page, rows: number, timeoutMs: number): Promise<void> {
  try {
    await page.waitForFunction(
      ([selector, n]) => document.querySelector(selector)?.getAttribute('aria-rowcount') === String(n + 1),
      [SCROLL, rows] as const,
      { timeout: timeoutMs, polling: 250 },
    )
  } catch (e) {
    // Say where it stood, so a stalled run can be told from a slow one.
    const stood = await page.evaluate(
      ([selector]) => ({
        url: location.hash,
        rowcount: document.querySelector(selector)?.getAttribute('aria-rowcount') ?? 'no table',
        status: document.querySelector('[data-testid=history-loadall-status]')?.textContent ?? 'no status',
        alerts: [...document.querySelectorAll('[role=alert]')].map((a) => a.textContent).join(' | '),
        // Whether the app thought the service out of reach (the run then reads the cache), and what the cache was still filing.
        connection: document.querySelector('[data-testid=connection]')?.textContent ?? 'no indicator',
        filing: document.querySelector('[data-testid=indexing-notice]')?.getAttribute('data-waiting') ?? 'none',
        cachedNotice: document.querySelector('[data-testid=cached-notice]')?.textContent ?? 'none',
      }),
      [SCROLL] as const,
    )
    throw new Error(`History did not hold ${rows} rows within ${timeoutMs} ms: ${JSON.stringify(stood)}`, { cause: e })
  }
  await page.getByTestId('history-loadall-status').filter({ hasText: 'Stopped at the cap' }).waitFor({ timeout: 30_000 })
}
