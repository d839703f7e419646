import type { Page } from '@playwright/test'
import type { GetEarnPoolsRequest } from '../src-shared/contract/service'
import { test, expect, type TestApp } from './fixtures'

const table = (page: Page) => page.getByRole('table', { name: 'Earn pools' })
const meta = (page: Page) => page.getByTestId('earn-meta')

/** Pool names in the table, sorted (the table orders by APY; the service by its own order). */
const shownPools = async (page: Page) => (await table(page).locator('tbody tr td:first-child').allInnerTexts()).map((t) => t.trim()).sort()
const truth = (app: TestApp, request: GetEarnPoolsRequest) => app.appCore.core.session().client.getEarnPools(request)
const label = (p: { name?: string; id: string }) => p.name ?? p.id

test('earn pools say they are deprecated and link to yield markets', async ({ open }) => {
  const page = await open('/earn')
  const banner = page.getByRole('note')
  await expect(banner).toContainText('Deprecated')
  await banner.getByRole('link', { name: 'Yield markets' }).click()
  await expect(page).toHaveURL(/#\/yield$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Yield markets')
  await expect(page.getByRole('link', { name: /Earn pools/ })).toContainText('(deprecated)')
})

test('earn pool filters narrow like the service, with APY, TVL, data time and the cache flag', async ({ open, app }) => {
  const page = await open('/earn')
  const all = await truth(app, {})
  await expect(table(page).locator('tbody tr')).toHaveCount(all.pools.length)

  await page.getByText('Any chain').click()
  await page.getByLabel('Ethereum (1)').check()
  await page.getByLabel('Base (8453)').check()
  await page.getByLabel('Protocols').fill('Aave v3, Compound III')
  await page.getByLabel('Minimum TVL (USD)').fill('1000000')
  await page.getByLabel('Maximum APY (%)').fill('6')
  await page.getByLabel('Maximum APY (%)').press('Enter')

  // The chains in another order: the same pools, but not the request the service caches
  // for the view, so asking for the ground truth leaves the view's cache flag alone.
  const expected = await truth(app, { chainIds: [8453, 1], protocols: ['Aave v3', 'Compound III'], minTvl: 1_000_000, maxApy: 6 })
  expect(expected.pools.length).toBeGreaterThan(0)
  expect(expected.pools.length).toBeLessThan(all.pools.length)
  await expect.poll(() => shownPools(page)).toEqual(expected.pools.map(label).sort())
  await expect(meta(page)).toContainText('fresh from the service')
  const top = [...expected.pools].sort((a, b) => b.apy! - a.apy!)[0]
  const firstRow = table(page).locator('tbody tr').first()
  await expect(firstRow).toContainText(`${top.apy!.toFixed(2)}%`)
  await expect(firstRow).toContainText(`$${top.tvl!.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`)
  await expect(firstRow.getByRole('link', { name: 'Pool' })).toHaveAttribute('target', '_blank')
  expect(page.url()).toContain('chains=1%2C8453')
  await expect(meta(page)).toContainText(`${expected.pools.length} pools · data from ${expected.timestamp.slice(0, 10)}`)

  // The same request again within the service's cache time comes from its cache.
  await page.getByRole('button', { name: 'Refresh' }).click()
  await expect(meta(page)).toContainText("served from the service's cache")
})

test('a bad number stays where it was typed with a message, and nothing is asked', async ({ open }) => {
  const page = await open('/earn?minTvl=5')
  await expect(table(page)).toBeVisible()
  await page.getByLabel('Maximum APY (%)').fill('high')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByText('Maximum APY must be a number, 0 or more')).toBeVisible()
  await expect(page.getByLabel('Maximum APY (%)')).toHaveValue('high')
  expect(page.url()).not.toContain('maxApy')
})
