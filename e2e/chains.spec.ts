import { ROUTE_PROVIDERS } from '../tools/simulator'
import { startTestApp, test, expect } from './fixtures'

test('the chains table shows every chain the service lists, with explorer links', async ({ open, app }) => {
  const page = await open('/chains')
  const expected = await app.appCore.core.session().client.getChains({})
  const table = page.getByRole('table', { name: 'Chains' })
  await expect(table.getByRole('row')).toHaveCount(expected.chains.length + 1)
  const first = expected.chains[0]
  const row = table.getByRole('row').filter({ hasText: first.name })
  await expect(row).toContainText(String(first.id))
  await expect(row).toContainText(first.nativeCurrency.symbol)
  if (first.blockExplorer?.url) await expect(row.getByRole('link')).toHaveAttribute('href', first.blockExplorer.url)
  await expect(page.getByTestId('connection')).toContainText('Simulated data')
})

test('searching chains by name narrows the table and says when nothing matches', async ({ open }) => {
  const page = await open('/chains')
  const table = page.getByRole('table', { name: 'Chains' })
  await expect(table.getByRole('row').nth(1)).toBeVisible()
  await page.getByLabel('Search').fill('ethereum')
  await expect(table.getByRole('row').filter({ hasText: /Ethereum/ }).first()).toBeVisible()
  await page.getByLabel('Search').fill('no-such-chain-anywhere')
  await expect(page.getByText('No chains match')).toBeVisible()
  expect(page.url()).toContain('q=no-such-chain-anywhere')
})

test('a route provider narrows the list to its chains and joins the suggestions', async ({ open, app }) => {
  const page = await open('/chains')
  const table = page.getByRole('table', { name: 'Chains' })
  const all = await app.appCore.core.session().client.getChains({})
  await expect(table.locator('tbody tr')).toHaveCount(all.chains.length)

  // The simulator's provider serving the fewest chains, so the filter visibly narrows.
  const code = [...ROUTE_PROVIDERS].filter((p) => p.chains !== 'all').sort((a, b) => a.chains.length - b.chains.length)[0].code
  const narrow = await app.appCore.core.session().client.getChains({ routeProvider: code })
  expect(narrow.chains.length).toBeLessThan(all.chains.length)
  await page.getByLabel('Route provider').fill(code.toLowerCase())
  await page.getByLabel('Route provider').press('Enter')
  await expect(table.locator('tbody tr')).toHaveCount(narrow.chains.length)
  await expect(page.getByText(`${narrow.chains.length} of ${narrow.chains.length} chains supported by ${code}`)).toBeVisible()
  expect(page.url()).toContain(`provider=${code}`)
  const suggestions = await page.locator('datalist option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))
  expect(suggestions).toEqual(expect.arrayContaining(['AUTO', code]))
  expect(suggestions[0]).toBe('AUTO')
})

test('logos that cannot be loaded give way to placeholders', async ({ open }) => {
  const page = await open('/chains')
  const rows = page.getByRole('table', { name: 'Chains' }).locator('tbody tr')
  await expect(rows.first()).toBeVisible()
  const count = await rows.count()
  // The simulated logos point at a host this machine cannot reach.
  await expect(rows.locator('.logo-placeholder')).toHaveCount(count, { timeout: 20_000 })
  await expect(rows.locator('img')).toHaveCount(0)
})

test('working offline, the chains come from the cache with their age', async ({ open }) => {
  const page = await open('/chains')
  const rows = page.getByRole('table', { name: 'Chains' }).locator('tbody tr')
  await expect(rows.first()).toBeVisible()
  const count = await rows.count()
  // Ticked as a person does (a value written into storage behind the page's back can be
  // overwritten by the page's own next save of that store before the reload).
  await page.getByRole('checkbox', { name: 'Work offline' }).check()
  await page.reload()
  await expect(page.getByText(/Working offline — cached data, fetched/)).toBeVisible()
  await expect(rows).toHaveCount(count)
  await page.getByLabel('Route provider').fill('AUTO')
  await page.getByLabel('Route provider').press('Enter')
  await expect(page.getByText('No chains cached')).toBeVisible()
  await page.getByRole('checkbox', { name: 'Work offline' }).uncheck()
})

test.describe('chains in the prose shape', () => {
  let payloadApp: Awaited<ReturnType<typeof startTestApp>>
  test.beforeAll(async () => {
    payloadApp = await startTestApp({ shape: 'payload' })
  })
  test.afterAll(async () => payloadApp?.stop())

  test('testnet, bridging and explorer come through from the prose fields', async ({ page }) => {
    await page.goto(`${payloadApp.host.newLaunchUrl()}#/chains`)
    const table = page.getByRole('table', { name: 'Chains' })
    const expected = await payloadApp.appCore.core.session().client.getChains({})
    await expect(table.locator('tbody tr')).toHaveCount(expected.chains.length)
    for (const chain of expected.chains.filter((c) => c.isTestnet || c.supportsBridging === false)) {
      const cells = table.locator('tbody tr').filter({ has: page.getByRole('cell', { name: chain.name, exact: true }) }).locator('td')
      await expect(cells.nth(2)).toHaveText(chain.nativeCurrency.name)
      await expect(cells.nth(3)).toHaveText(chain.nativeCurrency.symbol)
      await expect(cells.nth(5).getByRole('link')).toHaveAttribute('href', chain.blockExplorer!.url)
      await expect(cells.nth(6)).toHaveText(chain.isTestnet ? 'Yes' : 'No')
      await expect(cells.nth(7)).toHaveText(chain.supportsBridging ? 'Yes' : 'No')
    }
  })
})
