import { readFileSync, writeFileSync } from 'node:fs'
import type { Browser, Page } from '@playwright/test'
import { test, expect, type TestApp } from './fixtures'

const DAY = 86_400_000
const PROFILE = 'simulator'

/**
 * A cache export holding a page of the simulator's real history, as if it had been
 * browsed three days ago. Written as a version 1 file: every later release must read it.
 */
async function historyExport(app: TestApp, pageSize = 30) {
  const { intents } = await app.appCore.core.session(PROFILE).client.getIntentHistory({ page: { pageSize } })
  const fetchedAt = Date.now() - 3 * DAY
  const baseUrl = app.appCore.simulator.url
  return {
    format: 'intent-explorer-cache',
    version: 1,
    exportedAt: Date.now(),
    profiles: [{ profileId: PROFILE, baseUrls: [baseUrl] }],
    stores: {
      historyEntries: intents.map((entry) => ({ profileId: PROFILE, baseUrl, fetchedAt, intentId: entry.intentId, entry })),
    },
  }
}

/** A file in the test's own output folder, which Playwright cleans up. */
function writeTemp(name: string, content: string): string {
  const path = test.info().outputPath(name)
  writeFileSync(path, content)
  return path
}

const storesTable = (page: Page) => page.getByRole('table', { name: 'Cached records per store' })
const storeRow = (page: Page, label: string) => storesTable(page).getByRole('row', { name: new RegExp(`^${label}`) })
/** The store's record count in the first profile column. */
const firstCount = (page: Page, label: string) => storeRow(page, label).getByRole('cell').first()

async function importFile(page: Page, path: string, target: 'original' | 'active' = 'original') {
  await page.getByLabel('Export file').setInputFiles(path)
  await expect(page.getByRole('table', { name: 'Records in the file' })).toBeVisible()
  if (target === 'active') await page.getByRole('radio', { name: /the active profile/ }).check()
  await page.getByRole('button', { name: /^Import [\d,]+ records$/ }).click()
  await expect(page.getByRole('status', { name: 'Import result' })).toContainText(/^Imported .+: [\d,]+ added, [\d,]+ replaced/)
}

async function openCache(browser: Browser, app: TestApp): Promise<Page> {
  // A new browser context has its own IndexedDB: a machine that has never cached anything.
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`${app.host.newLaunchUrl()}#/cache`)
  return page
}

test('a cache exported on one machine imports into a fresh profile on another', async ({ open, app, browser }) => {
  const seed = await historyExport(app)
  const page = await open('/chains')
  const chains = await app.appCore.core.session(PROFILE).client.getChains({})
  await expect(page.getByRole('table', { name: 'Chains' }).getByRole('row')).toHaveCount(chains.chains.length + 1)

  await page.goto(`${app.host.newLaunchUrl()}#/cache`)
  await importFile(page, writeTemp('seed.json', JSON.stringify(seed)))
  await expect(firstCount(page, 'History entries')).toHaveText(String(seed.stores.historyEntries.length))
  // browsing the Chains view online wrote its answer through to the cache
  await expect(firstCount(page, 'Chains')).toHaveText(String(chains.chains.length))

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /^Export [\d,]+ records$/ }).click()])
  expect(download.suggestedFilename()).toMatch(/^intent-explorer-cache-.*\.json$/)
  const exported = JSON.parse(readFileSync((await download.path())!, 'utf8'))
  expect(exported).toMatchObject({ format: 'intent-explorer-cache', profiles: [{ profileId: PROFILE }] })
  expect(exported.stores.historyEntries).toHaveLength(seed.stores.historyEntries.length)
  expect(exported.stores.chains).toHaveLength(chains.chains.length)
  const exportPath = writeTemp('export.json', JSON.stringify(exported))

  const fresh = app.appCore.core.saveProfile({ name: 'Fresh machine', baseUrl: app.appCore.simulator.url })
  app.appCore.core.setActiveProfile(fresh.id)
  try {
    const other = await openCache(browser, app)
    await expect(other.getByText('Nothing cached yet')).toBeVisible()
    await importFile(other, exportPath, 'active')
    await expect(storesTable(other).getByRole('columnheader', { name: 'Fresh machine' })).toBeVisible()
    await expect(firstCount(other, 'History entries')).toHaveText(String(seed.stores.historyEntries.length))
    await expect(firstCount(other, 'Chains')).toHaveText(String(chains.chains.length))

    // the imported intent is whole: a case bundle has its legs with explorer links
    const intentId = seed.stores.historyEntries[0].intentId!
    await other.getByLabel('Intent id').fill(intentId)
    await other.getByRole('button', { name: 'Build case bundle' }).click()
    const text = other.getByLabel('Case bundle text')
    await expect(text).toContainText(`Intent ${intentId}`)
    await expect(text).toContainText(`Profile: ${fresh.id}`)
    await expect(text).toContainText(/history entry: fetched \d{4}-\d{2}-\d{2}/)
    const receipt = seed.stores.historyEntries[0].entry.receipt
    const explorer = chains.chains.find((c) => c.id === receipt?.originChainId)?.blockExplorer?.url
    expect(explorer, 'the simulator names an explorer for every chain').toBeDefined()
    await expect(text).toContainText(`${explorer!.replace(/\/+$/, '')}/address/${receipt!.ownerAddress}`)
    await other.context().close()
  } finally {
    app.appCore.core.setActiveProfile(PROFILE)
  }
})

test('a corrupted or foreign import file is rejected and changes nothing', async ({ open, app }) => {
  const seed = await historyExport(app, 12)
  const page = await open('/cache')
  await importFile(page, writeTemp('seed.json', JSON.stringify(seed)))
  await expect(firstCount(page, 'History entries')).toHaveText('12')
  await expect(storesTable(page).getByRole('columnheader', { name: 'Simulator', exact: true })).toBeVisible()
  const before = await storesTable(page).innerText()

  const text = JSON.stringify(seed)
  await page.getByLabel('Export file').setInputFiles(writeTemp('truncated.json', text.slice(0, Math.floor(text.length * 0.6))))
  const alert = page.getByRole('alert')
  await expect(alert).toContainText('truncated.json cannot be imported')
  await expect(alert).toContainText('not valid JSON')
  await expect(alert).toContainText('Nothing was changed.')

  const damaged = structuredClone(seed) as { stores: { historyEntries: Array<Record<string, unknown>> } }
  damaged.stores.historyEntries[3].entry = { ...(damaged.stores.historyEntries[3].entry as object), status: 42 }
  await page.getByLabel('Export file').setInputFiles(writeTemp('damaged.json', JSON.stringify(damaged)))
  await expect(alert).toContainText('1 invalid record; nothing was imported')
  await expect(alert).toContainText('stores.historyEntries[3].entry.status')

  await page.getByLabel('Export file').setInputFiles(writeTemp('foreign.json', JSON.stringify({ format: 'someone-elses-backup', rows: [] })))
  await expect(alert).toContainText('not an Intent Explorer cache export')

  await page.reload()
  await expect(firstCount(page, 'History entries')).toHaveText('12')
  // Columns show the profile id until the app's profile list arrives, then its name.
  await expect.poll(() => storesTable(page).innerText()).toBe(before)
})

test('clearing one store of a profile asks first and keeps the other stores', async ({ open, app }) => {
  const seed = await historyExport(app, 10)
  const page = await open('/chains')
  await expect(page.getByRole('table', { name: 'Chains' }).getByRole('row').nth(1)).toBeVisible()
  await page.goto(`${app.host.newLaunchUrl()}#/cache`)
  await importFile(page, writeTemp('seed.json', JSON.stringify(seed)))

  await page.getByLabel('Clear in', { exact: true }).selectOption(PROFILE)
  await page.getByRole('button', { name: 'Clear Chains in profile Simulator' }).click()
  const confirm = page.getByRole('alertdialog')
  await expect(confirm).toContainText('Delete Chains')
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toBeHidden()
  await expect(firstCount(page, 'Chains')).not.toHaveText('0')

  await page.getByRole('button', { name: 'Clear Chains in profile Simulator' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: /^Delete \d+ records$/ }).click()
  await expect(page.getByText('Cleared Chains for profile Simulator.')).toBeVisible()
  await expect(firstCount(page, 'Chains')).toHaveText('0')
  await expect(firstCount(page, 'History entries')).toHaveText('10')

  await page.getByRole('button', { name: 'Clear everything in Simulator' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: /^Delete \d+ records$/ }).click()
  await expect(page.getByText('Nothing cached yet')).toBeVisible()
})
