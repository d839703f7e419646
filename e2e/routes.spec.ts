import { test, expect } from './fixtures'
import { allAcrossScroll } from './tableRows'

/**
 * Route statistics: fetched online from the simulator into the cache, computed in the
 * worker, and the same figures offline after a reload. Counts are checked against the
 * simulator's own dataset.
 */
test('route statistics are fetched online, computed from the cache, and read the same offline', async ({ open, app }) => {
  test.setTimeout(90_000)
  const page = await open('/routes?window=all')
  await page.getByRole('button', { name: 'Fetch this window from the service' }).click()
  await expect(page.getByRole('status', { name: 'Fetch result' })).toHaveText(/^[\d,]+ intents fetched$/, { timeout: 60_000 })
  const status = page.getByRole('status', { name: 'Statistics status' })
  await expect(status).toContainText(/From [\d,]+ cached intents created at any time/, { timeout: 30_000 })

  // Ground truth at the moment of checking: the simulator's records (tests may have added some).
  const records = app.appCore.simulator.dataset.records
  await expect(page.getByTestId('routes-total')).toHaveText(records.length.toLocaleString('en-US'))
  const routes = page.getByRole('table', { name: 'Routes' })
  const first = records[0]
  const sameRoute = records.filter((r) => r.originChainId === first.originChainId && r.destinationChainId === first.destinationChainId)
  await routes.getByRole('columnheader', { name: 'Intents' }).click()
  await expect(routes.locator('tbody tr')).not.toHaveCount(0)
  const counts = await allAcrossScroll(routes.locator('tbody tr td:nth-child(2)'))
  expect(counts).toContain(sameRoute.length.toLocaleString('en-US'))

  // A row opens its trend; the focus is part of the URL.
  await routes.locator('tbody tr').first().click()
  await expect(page).toHaveURL(/focus=route%3A/)
  await expect(page.getByRole('figure', { name: /Trend by day: / })).toBeVisible()

  // Offline and reloaded: the same figures, from the cache.
  await page.getByRole('checkbox', { name: 'Work offline' }).check()
  await page.reload()
  await expect(page.getByRole('status', { name: 'Statistics status' })).toContainText(/From [\d,]+ cached intents/, { timeout: 30_000 })
  await expect(page.getByTestId('routes-total')).toHaveText(records.length.toLocaleString('en-US'))
  await expect(page.getByRole('button', { name: 'Fetch this window from the service' })).toBeDisabled()
})
