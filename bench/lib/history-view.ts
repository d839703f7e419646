import type { Page } from '@playwright/test'

export const SCROLL = '[data-testid=history-scroll]'
export const ROW = '[data-testid=history-row]'

/** The History view URL part that caps "load all" at `rows`. */
export const historyRoute = (rows: number) => `#/history?cap=${rows}`

/**
 * Presses "Load all" (the cap comes from the URL) and waits until the table holds `rows`
 * entries and loading has stopped at the cap.
 */
export async function loadAll(page: Page, rows: number, timeoutMs: number): Promise<void> {
  await page.getByRole('button', { name: 'Load all', exact: true }).click({ timeout: 30_000 })
  await page.waitForFunction(
    ([selector, n]) => document.querySelector(selector)?.getAttribute('aria-rowcount') === String(n + 1),
    [SCROLL, rows] as const,
    { timeout: timeoutMs, polling: 250 },
  )
  await page.getByTestId('history-loadall-status').filter({ hasText: 'Stopped at the cap' }).waitFor({ timeout: 30_000 })
}
