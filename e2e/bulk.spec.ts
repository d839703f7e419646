import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { test, expect } from './fixtures'

/** Clicks Export CSV and returns the file's records (the header first). */
async function exportedCsv(page: Page): Promise<string[]> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()])
  const records = (await readFile((await download.path())!, 'utf8')).split('\r\n')
  expect(records.pop()).toBe('')
  return records
}

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
  await page.getByRole('textbox', { name: 'Keys' }).fill(`"${keys[0]}",\n${keys[1]}\n${keys[2]}\n${keys[3]}\n${keys[0]}`)
  await expect(page.getByRole('status', { name: 'Keys found' })).toHaveText('4 keys; 1 repeated')
  await page.getByRole('button', { name: 'Look up 4 keys' }).click()
  await expect(page.getByRole('status', { name: 'Lookup result' })).toContainText(`4 of 4 keys looked up: 3 matched, 1 nothing found; ${2 + owned.length} intents found.`, { timeout: 30_000 })
  const table = page.getByRole('table', { name: 'Bulk lookup results' })
  await expect(table.locator(`[data-intent="${failed.intentId}"]`)).toBeVisible()
  await expect(table.locator('tbody tr').filter({ has: page.locator(`[data-intent="${failed.intentId}"]`) })).toContainText(intentReceipt.originTransaction!.statusReason!)
  await expect(page.getByRole('region', { name: 'Keys without a match' }).locator(`[data-key="${nothing}"]`)).toContainText('nothing found')

  const csv = await exportedCsv(page)
  expect(csv[2]).toContain(`2,${depositHash},matched,${failed.intentId},FAILED,`)

  // Offline, through the deep link: the same keys from the cache.
  await page.getByRole('checkbox', { name: 'Work offline' }).check()
  const offline = await open(`/bulk?keys=${keys.join(',')}`)
  await offline.getByRole('button', { name: 'Look up 4 keys in the cache' }).click()
  await expect(offline.getByRole('status', { name: 'Lookup result' })).toContainText(`4 of 4 keys looked up in the cache: 3 matched, 1 nothing found; ${2 + owned.length} intents found.`, { timeout: 30_000 })
  await expect(offline.getByRole('region', { name: 'Keys without a match' }).locator(`[data-key="${nothing}"]`)).toBeVisible()
})

/**
 * A ticket pasted as it comes: a greeting, 30 intent ids (one quoted), a repeat, an id that
 * does not exist, and lines that are not keys. Only the 31 keys are looked up, only exact
 * matches count, and the CSV has one row per line with its outcome.
 */
test('a pasted ticket: only its keys are looked up, and the CSV says what became of every line', async ({ open, app }) => {
  test.setTimeout(90_000)
  const ids = app.appCore.simulator.dataset.records.slice(10, 40).map((r) => r.intentId)
  const missing = `0x${'7'.repeat(64)}`
  const ticket = [
    'Hi team, the customer sent these intent ids:',
    ...ids.map((id, i) => (i === 5 ? `"${id}"` : id)),
    ids[3],
    missing,
    '0x1234',
    'N/A',
    'see screenshot attached',
    'thanks!!',
  ]
  const page = await open('/bulk')
  await page.getByRole('textbox', { name: 'Keys' }).fill(ticket.join('\n'))
  await expect(page.getByRole('status', { name: 'Keys found' })).toHaveText('31 keys; 5 lines not a key; 1 repeated')
  await page.getByRole('button', { name: 'Look up 31 keys' }).click()
  await expect(page.getByRole('status', { name: 'Lookup result' })).toHaveText('31 of 31 keys looked up: 30 matched, 1 nothing found; 30 intents found.', { timeout: 60_000 })
  await expect(page.getByRole('table', { name: 'Bulk lookup results' }).locator('tbody tr')).toHaveCount(30)

  const csv = await exportedCsv(page)
  expect(csv[0]).toMatch(/^line,input,outcome,intentId,status,/)
  expect(csv).toHaveLength(1 + ticket.length)
  const cells = csv.slice(1).map((r) => r.split(','))
  const expected: [string, string, string][] = [
    ['1', 'Hi team', 'not a key'],
    ...ids.map((id, i): [string, string, string] => [String(i + 2), id, 'matched']),
    ['32', ids[3]!, 'repeat of line 5'],
    ['33', missing, 'nothing found'],
    ['34', '0x1234', 'not a key'],
    ['35', 'N/A', 'not a key'],
    ['36', 'see screenshot attached', 'not a key'],
    ['37', 'thanks!!', 'not a key'],
  ]
  for (const [n, [line, input, outcome]] of expected.entries()) {
    const row = cells[n]!
    expect(row[0], `row ${n + 1}`).toBe(line)
    // The greeting holds a comma, so it is quoted and split here; its start is enough.
    expect(row[1]!.replace(/^"/, ''), `row ${n + 1}`).toBe(input)
    expect(row.at(n === 0 ? 3 : 2), `row ${n + 1}`).toBe(outcome)
    // A matched row names exactly the intent it was looked up by; no other row names one.
    expect(row.at(n === 0 ? 4 : 3), `row ${n + 1}`).toBe(outcome === 'matched' ? input : '')
  }
})

/**
 * A column of keys pasted at the caret: set as the field's value (not typed through the
 * browser's editor, one long task at this size), with the text around the caret kept.
 */
test('a pasted column of 200 keys lands at the caret and is looked up', async ({ open, app }) => {
  test.setTimeout(90_000)
  const ids = app.appCore.simulator.dataset.records.slice(0, 200).map((r) => r.intentId)
  const page = await open('/bulk')
  const field = page.getByRole('textbox', { name: 'Keys' })
  await field.fill('first line\n')
  await field.evaluate((el: HTMLTextAreaElement, text) => {
    el.focus()
    el.setSelectionRange(el.value.length, el.value.length)
    const clipboardData = new DataTransfer()
    clipboardData.setData('text/plain', text)
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }))
  }, ids.join('\n'))
  await expect(field).toHaveValue(`first line\n${ids.join('\n')}`)
  await expect(page.getByRole('status', { name: 'Keys found' })).toHaveText('200 keys; 1 line not a key')
  await page.getByRole('button', { name: 'Look up 200 keys' }).click()
  await expect(page.getByRole('status', { name: 'Lookup result' })).toContainText('200 of 200 keys looked up: 200 matched', { timeout: 60_000 })
})

/**
 * The one fallback rule in Bulk lookup: a key looked up once is in the cache; when its
 * SearchIntents call then fails, the cached match is the key's answer, listed beside the
 * failed call and its fetch time, and the CSV's outcome says the same.
 */
test('a key whose call fails shows its cached match beside the failed call and its fetch time, in the view and the CSV', async ({ open, app }) => {
  test.setTimeout(90_000)
  const key = app.appCore.simulator.dataset.records[3].intentId
  const page = await open('/bulk')
  await page.getByRole('textbox', { name: 'Keys' }).fill(key)
  const summary = page.getByRole('status', { name: 'Lookup result' })
  await page.getByRole('button', { name: 'Look up 1 key' }).click()
  await expect(summary).toContainText('1 matched, 0 nothing found; 1 intent found.', { timeout: 30_000 })

  await app.admin('faults', { spec: 'error500=1@SearchIntents' })
  try {
    await page.getByRole('button', { name: 'Look up 1 key' }).click()
    await expect(summary).toContainText('1 matched, 0 nothing found, 1 from the cache after a failed call; 1 intent found.', { timeout: 60_000 })
    const cached = page.getByRole('region', { name: 'Keys answered from the cache' }).locator(`[data-key="${key}"]`)
    await expect(cached).toContainText(/matched in the cache: SearchIntents failed \(.+\); cached data, fetched at \d{4}-\d\d-\d\dT/i)
    await expect(page.getByRole('table', { name: 'Bulk lookup results' }).locator(`[data-intent="${key}"]`)).toBeVisible()
    const csv = await exportedCsv(page)
    expect(csv[1]).toMatch(/matched in the cache: SearchIntents failed/i)
  } finally {
    await app.admin('faults', { spec: '' })
  }
})
