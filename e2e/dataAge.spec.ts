import type { Locator, Page } from '@playwright/test'
import { test, expect, type TestApp } from './fixtures'

/**
 * Data age offline: every view browsed online, then, minutes later by the page's clock,
 * with Work offline ticked and the service down, says how old its data is by the time it
 * was fetched from the service (never "just now" for an old copy, never the time of the
 * cache read), and the sidebar says Work offline.
 */

test.use({ timezoneId: 'UTC' })

/** Minutes the page's clock moves on between browsing online and reading offline. */
const LATER_MIN = 7

const go = async (page: Page, hash: string) => {
  await page.evaluate((h) => (location.hash = h), hash)
}

/** The fetch time ("at 2026-11-27 19:26:44 UTC", read as UTC) and the age in minutes an age text gives. */
function ageOf(text: string): { at: number; minutes: number | 'just now' } {
  const m = /fetched (just now|(\d+) min ago), at (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)/.exec(text)
  if (!m) throw new Error(`no age in "${text}"`)
  return { at: Date.parse(`${m[3].replace(' ', 'T')}Z`), minutes: m[1] === 'just now' ? 'just now' : Number(m[2]) }
}

function pickOwner(app: TestApp): string {
  return [...app.appCore.simulator.dataset.ownerCounts()].find(([, n]) => n >= 3 && n <= 12)![0]
}

test('offline, minutes later, every view gives the fetch time of its data and its true age', async ({ open, app, page }) => {
  test.setTimeout(180_000)
  const owner = pickOwner(app)
  const failed = app.appCore.simulator.dataset.records[1]
  const wallet = app.appCore.simulator.dataset.records[3].owner
  const views: Array<{ name: string; hash: string; ready(page: Page): Promise<unknown>; age(page: Page): Locator }> = [
    {
      name: 'Search',
      hash: `/search?byOwnerAddress=${owner}`,
      ready: (p) => p.getByRole('table', { name: 'Search results' }).locator('[data-intent]').first().waitFor({ timeout: 30_000 }),
      age: (p) => p.getByTestId('cached-notice'),
    },
    {
      name: 'intent page',
      hash: `/intent/${failed.intentId}`,
      ready: (p) => p.getByRole('alert', { name: 'Failure reason' }).waitFor({ timeout: 30_000 }),
      age: (p) => p.getByTestId('cached-notice').first(),
    },
    {
      name: 'History',
      hash: `/history?owner=${owner}`,
      ready: (p) => p.getByTestId('history-row').first().waitFor({ timeout: 30_000 }),
      age: (p) => p.getByTestId('cached-notice'),
    },
    {
      name: 'Recoverable',
      hash: `/recoverable?owner=${wallet}`,
      ready: (p) => p.locator('[data-token-key]').first().waitFor({ timeout: 30_000 }),
      age: (p) => p.getByTestId('cached-notice'),
    },
    {
      name: 'Needs attention',
      hash: '/attention',
      ready: (p) => p.getByRole('table', { name: 'Needs attention' }).locator('tbody tr').first().waitFor({ timeout: 30_000 }),
      age: (p) => p.getByTestId('cached-notice'),
    },
    {
      name: 'Yield markets',
      hash: '/yield',
      ready: (p) => p.getByRole('table', { name: 'Yield markets' }).locator('tbody tr').first().waitFor({ timeout: 30_000 }),
      age: (p) => p.getByTestId('cached-notice'),
    },
    {
      name: 'Routes',
      hash: '/routes?window=all',
      ready: (p) => p.getByTestId('routes-total').waitFor({ timeout: 60_000 }),
      age: (p) => p.getByLabel('Age of the data'),
    },
  ]

  // The page's clock is Playwright's, so it can move on minutes without waiting them out.
  await page.clock.install()
  const before = Date.now() - 1000
  await open(views[0].hash)
  for (const view of views) {
    await go(page, view.hash)
    await view.ready(page)
  }
  const after = Date.now() + 1000
  // Offline search reads what has been filed: let the shell finish filing what was fetched.
  await expect(page.getByTestId('indexing-notice')).toHaveCount(0, { timeout: 30_000 })

  await page.clock.setSystemTime(Date.now() + LATER_MIN * 60_000)
  await page.getByRole('checkbox', { name: 'Work offline' }).check()
  await expect(page.getByTestId('connection')).toContainText('Work offline')
  await app.appCore.simulator.stopListening()
  try {
    for (const view of views) {
      await go(page, '/settings')
      await go(page, view.hash)
      await view.ready(page)
      const notice = view.age(page)
      await expect(notice, view.name).toContainText(/fetched .*, at /, { timeout: 30_000 })
      const { at, minutes } = ageOf((await notice.textContent()) ?? '')
      expect.soft(at, `${view.name}: the time given is when the data was fetched online`).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000)
      expect.soft(at, `${view.name}: the time given is when the data was fetched online`).toBeLessThanOrEqual(after)
      const pageNow = await page.evaluate(() => Date.now())
      expect.soft(minutes, `${view.name}: the age is the fetch's, by the page's clock`).toBe(Math.floor((pageNow - at) / 60_000))
      expect.soft(minutes, `${view.name}: an old copy is not "just now"`).not.toBe('just now')
      await expect(page.getByTestId('connection'), `${view.name}: the status indicator`).toContainText('Work offline')
    }
    // Needs attention's status line gives no second, differently worded time: the notice is its one age line.
    await go(page, '/attention')
    await expect(page.getByTestId('cached-notice')).toContainText(/fetched .*, at /)
    await expect(page.getByRole('status', { name: 'Queue status' })).not.toContainText(/fetched|from the cache/)
    // Nor does the intent page's list of sections.
    await go(page, `/intent/${failed.intentId}`)
    await expect(page.getByTestId('cached-notice').first()).toContainText(/fetched .*, at /)
    await expect(page.getByRole('navigation', { name: 'Sections' })).not.toContainText(/Fetched|Cached copy/)
  } finally {
    await app.appCore.simulator.startListening()
    await page.getByRole('checkbox', { name: 'Work offline' }).uncheck()
  }
})
