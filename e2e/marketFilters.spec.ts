import type { Page } from '@playwright/test'
import type { YieldMarket } from '../src-shared/contract/service'
import { test, expect, type TestApp } from './fixtures'

/** The analysts' filters on the markets list, against every market the simulator lists, filtered here independently. */

const table = (page: Page) => page.getByRole('table', { name: 'Yield markets' })
const summary = (page: Page) => page.getByTestId('page-summary')

async function allMarkets(app: TestApp): Promise<YieldMarket[]> {
  const out: YieldMarket[] = []
  for (let offset = 0; ; offset += 200) {
    const page = await app.appCore.core.session().client.yieldGetMarkets({ sort: 'nameAsc', limit: 200, offset })
    out.push(...page.items)
    if (page.items.length < 200) return out
  }
}

test('stablecoins on two chains above a minimum TVL, open to entry: the same markets as filtering every one by hand, kept in the URL and saved', async ({ open, app }) => {
  const page = await open('/yield?sort=nameAsc&limit=100&stable=1&chain=1,8453&mintvl=1000000&open=1')
  const expected = (await allMarkets(app)).filter(
    (m) => m.tags?.includes('stablecoin') && ['1', '8453'].includes(String(m.chainId)) && Number(m.statistics?.tvlUsd) >= 1_000_000 && m.status?.enter !== false,
  )
  expect(expected.length).toBeGreaterThan(3)
  await expect(summary(page)).toHaveText(`Showing 1–${expected.length} of ${expected.length}`)
  const ids = await table(page).locator('tbody tr td:nth-child(3)').allInnerTexts()
  expect(new Set(ids)).toEqual(new Set(['Ethereum', 'Base']))
  await expect(page.getByRole('checkbox', { name: 'Stablecoins only' })).toBeChecked()
  // The chains drop-down opened, shows both ticked, and closed again (open, it lies over the form).
  await page.getByText('Ethereum, Base').click()
  await expect(page.getByRole('checkbox', { name: 'Ethereum (1)' })).toBeChecked()
  await expect(page.getByRole('checkbox', { name: 'Base (8453)' })).toBeChecked()
  await page.getByText('Ethereum, Base').click()

  // Hiding deprecated markets too, then the tag filter: each narrows, and the URL says so.
  // A click, then the URL and the box: the box is the URL's, which a busy page may commit a
  // moment after the click (check() wants the box changed at once).
  await page.getByRole('checkbox', { name: 'Hide deprecated' }).click()
  await expect(page).toHaveURL(/nodeprecated=1/)
  await expect(page.getByRole('checkbox', { name: 'Hide deprecated' })).toBeChecked()
  await page.getByLabel('Tags (all of)').fill('curated')
  await page.getByLabel('Tags (all of)').press('Enter')
  const curated = expected.filter((m) => m.tags?.includes('curated') && !m.metadata?.deprecated)
  await expect(summary(page)).toHaveText(curated.length ? `Showing 1–${curated.length} of ${curated.length}` : /Showing|No market/)

  await page.getByRole('button', { name: 'Save filters' }).click()
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByRole('navigation', { name: 'Saved market filters' }).getByRole('link')).toHaveCount(1)
})
