import { test, expect } from './fixtures'

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
