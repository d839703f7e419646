import type { Page } from '@playwright/test'
import { test, expect, type TestApp } from './fixtures'
import { cachedIntentIds } from './pageState'

/**
 * The offline promise across views: browse online, let the service go away, reload,
 * and find the same intents, receipts, history page, markets and positions from the
 * cache, each saying how old its data is.
 */

const cachedNotice = (page: Page) => page.locator('.cached-notice').filter({ hasText: /cached data, fetched/ })

const searchIds = (page: Page) =>
  page
    .getByRole('table', { name: 'Search results' })
    .locator('[data-intent]')
    .evaluateAll((cells) => cells.map((c) => (c.getAttribute('data-intent') ?? '').toLowerCase()).sort())

const historyIds = (page: Page) =>
  page.getByTestId('history-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-intent-id')))

// A logo shows the name's initials (hidden from assistive tech) once its image fails to
// load, which may happen before or after a row is read: the rows are compared without them.
const marketNames = (page: Page) =>
  page
    .getByRole('table', { name: 'Yield markets' })
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((r) => {
        const row = r.cloneNode(true) as Element
        for (const hidden of row.querySelectorAll('[aria-hidden="true"]')) hidden.remove()
        return row.textContent
      }),
    )

function pickOwner(app: TestApp): string {
  return [...app.appCore.simulator.dataset.ownerCounts()].find(([, n]) => n >= 3 && n <= 12)![0]
}

test('views browsed online are readable offline after a reload, with the age of their data', async ({ open, app }) => {
  test.setTimeout(120_000)
  const owner = pickOwner(app)
  const failed = app.appCore.simulator.dataset.records[1] // the seeded FAILED intent (simulator README)
  const wallet = `w=${encodeURIComponent(`0x${'ab'.repeat(20)},ethereum`)}`

  // Online: each view fetches and writes through to the cache.
  const page = await open(`/search?byOwnerAddress=${owner}`)
  await expect(page.getByRole('table', { name: 'Search results' }).locator('[data-intent]').first()).toBeVisible()
  const onlineSearch = await searchIds(page)
  expect(onlineSearch.length).toBeGreaterThanOrEqual(3)

  await page.goto(`${app.host.origin}/#/intent/${failed.intentId}`)
  await expect(page.getByRole('alert', { name: 'Failure reason' })).toBeVisible()
  const reason = await page.getByRole('alert', { name: 'Failure reason' }).textContent()

  await page.goto(`${app.host.origin}/#/history`)
  await expect(page.getByTestId('history-row').first()).toBeVisible()
  const onlineHistory = await historyIds(page)

  await page.goto(`${app.host.origin}/#/yield`)
  await expect(page.getByRole('table', { name: 'Yield markets' }).locator('tbody tr').first()).toBeVisible()
  // The rows settle before they are read: the 7-day and 30-day columns come from the
  // market record a moment after the markets, and the last answer is the one cached.
  let onlineMarkets: Array<string | null> = []
  await expect
    .poll(async () => {
      const before = JSON.stringify(await marketNames(page))
      await page.waitForTimeout(750)
      onlineMarkets = await marketNames(page)
      return JSON.stringify(onlineMarkets) === before
    })
    .toBe(true)

  await page.goto(`${app.host.origin}/#/yield/positions?${wallet}`)
  await expect(page.getByTestId('positions-total')).toBeVisible({ timeout: 30_000 })
  const onlineTotal = await page.getByTestId('positions-total').textContent()

  // The service goes away.
  await app.appCore.simulator.stopListening()
  try {
    await page.goto(`${app.host.origin}/#/search?byOwnerAddress=${owner}`)
    await page.reload()
    await expect(cachedNotice(page)).toBeVisible({ timeout: 30_000 })
    await expect.poll(() => searchIds(page)).toEqual(onlineSearch)

    await page.goto(`${app.host.origin}/#/intent/${failed.intentId}`)
    await expect(cachedNotice(page).first()).toBeVisible({ timeout: 30_000 })
    await expect(page.getByRole('alert', { name: 'Failure reason' })).toHaveText(reason!)

    await page.goto(`${app.host.origin}/#/history`)
    await expect(cachedNotice(page)).toBeVisible({ timeout: 30_000 })
    await expect.poll(() => historyIds(page)).toEqual(onlineHistory)

    await page.goto(`${app.host.origin}/#/yield`)
    await expect(cachedNotice(page)).toBeVisible({ timeout: 30_000 })
    await expect.poll(() => marketNames(page)).toEqual(onlineMarkets)

    await page.goto(`${app.host.origin}/#/yield/positions?${wallet}`)
    await expect(cachedNotice(page)).toBeVisible({ timeout: 30_000 })
    await expect(page.getByTestId('positions-total')).toHaveText(onlineTotal!)

    await expect(page.getByTestId('connection')).toContainText('Offline')
  } finally {
    await app.appCore.simulator.startListening()
  }
})

test('working offline, History opened afresh shows the cached pages as they were listed, page after page', async ({ open, app }) => {
  test.setTimeout(90_000)
  // Online: two pages of History, written through to the cache.
  const page = await open('/history')
  await expect(page.getByTestId('history-row').first()).toBeVisible()
  const first = await historyIds(page)
  await page.getByRole('button', { name: 'Next →' }).click()
  await expect.poll(() => historyIds(page)).not.toEqual(first)
  const second = await historyIds(page)
  // Both pages are written through by the cache worker after they are drawn; a reload
  // before that lands ends the worker with the write (a cache, refetchable), so wait for it.
  await expect
    .poll(async () => {
      const cached = new Set(await cachedIntentIds(page, 'historyEntries'))
      return [...first, ...second].every((id) => cached.has(String(id)))
    }, { timeout: 30_000, message: 'both History pages filed in the cache' })
    .toBe(true)

  // The person works offline and opens the app again on History: the first page is read
  // from the cache as the page starts (the profile remembered from this run).
  await page.getByRole('checkbox', { name: 'Work offline' }).check()
  await page.goto(`${app.host.origin}/#/history`)
  await page.reload()
  await expect(cachedNotice(page)).toBeVisible({ timeout: 30_000 })
  await expect.poll(() => historyIds(page)).toEqual(first)
  await page.getByRole('button', { name: 'Next →' }).click()
  await expect.poll(() => historyIds(page)).toEqual(second)
  expect(await page.evaluate(() => localStorage.getItem('intent-explorer.last-profile'))).toBeTruthy()
})
