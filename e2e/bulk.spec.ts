import { readFile } from 'node:fs/promises'
import { test, expect } from './fixtures'

/**
 * Bulk lookup against the simulator: a ticket's worth of mixed keys (intent id,
 * transaction hash, owner address, one that matches nothing), the CSV, and the same keys
 * resolved from the cache offline through the view's deep link.
 */
test('bulk lookup resolves mixed keys, lists the unmatched, exports CSV, and resolves from the cache offline', async ({ open, app }) => {
  test.setTimeout(60_000)
  const records = app.appCore.simulator.dataset.records
  const client = app.appCore.core.session().client
  const failed = records[1]
  const { intentReceipt } = await client.getIntentReceipt({ intentId: failed.intentId })
  const depositHash = intentReceipt.depositTransaction!.txnHash!
  const owner = records[0].owner
  const owned = app.appCore.simulator.dataset.ownedBy(owner)
  const nothing = `0x${'7'.repeat(64)}`
  const keys = [records[2].intentId, depositHash, owner, nothing]

  const page = await open('/bulk')
  await page.getByRole('textbox', { name: 'Keys' }).fill(`"${keys[0]}",\n${keys[1]}\t${keys[2]}\n${keys[3]}\n${keys[0]}`)
  await expect(page.getByRole('status', { name: 'Keys found' })).toHaveText('4 keys; 1 repeated')
  await page.getByRole('button', { name: 'Look up 4 keys' }).click()
  await expect(page.getByRole('status', { name: 'Lookup result' })).toContainText(`4 of 4 keys looked up: ${2 + owned.length} intents found.`, { timeout: 30_000 })
  const table = page.getByRole('table', { name: 'Bulk lookup results' })
  await expect(table.locator(`[data-intent="${failed.intentId}"]`)).toBeVisible()
  await expect(table.locator('tbody tr').filter({ has: page.locator(`[data-intent="${failed.intentId}"]`) })).toContainText(intentReceipt.originTransaction!.statusReason!)
  await expect(page.getByRole('region', { name: 'Keys without a match' }).locator(`[data-key="${nothing}"]`)).toContainText('no intent found')

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()])
  const csv = await readFile((await download.path())!, 'utf8')
  expect(csv.split('\r\n')[0]).toBe('key,intentId,status,originChainId,originTokenAddress,originAmount,destinationChainId,destinationTokenAddress,destinationAmount,reason')
  expect(csv).toContain(`${depositHash},${failed.intentId},FAILED,`)

  // Offline, through the deep link: the same keys from the cache.
  await page.getByRole('checkbox', { name: 'Work offline' }).check()
  const offline = await open(`/bulk?keys=${keys.join(',')}`)
  await offline.getByRole('button', { name: 'Look up 4 keys in the cache' }).click()
  await expect(offline.getByRole('status', { name: 'Lookup result' })).toContainText(`4 of 4 keys looked up in the cache: ${2 + owned.length} intents found.`, { timeout: 30_000 })
  await expect(offline.getByRole('region', { name: 'Keys without a match' }).locator(`[data-key="${nothing}"]`)).toBeVisible()
})
