import type { Page } from '@playwright/test'
import { HEAVY_OWNER_ADDRESS } from '../tools/simulator'
import type { SearchIntentsRequest } from '../src-shared/contract/service'
import { test, expect, type TestApp } from './fixtures'
import { allAcrossScroll } from './tableRows'

type FilterKey = keyof SearchIntentsRequest

const results = (page: Page) => page.getByRole('table', { name: 'Search results' })
const summary = (page: Page) => page.getByTestId('search-summary')

/** Intent ids in the results table, as a sorted list. */
async function shownIds(page: Page): Promise<string[]> {
  const ids = await allAcrossScroll(results(page).locator('[data-intent]'), 'data-intent')
  return ids.map((id) => id.toLowerCase()).sort()
}

/** What the service itself answers: the ground truth the table must show. */
async function truth(app: TestApp, request: SearchIntentsRequest): Promise<string[]> {
  const { intents } = await app.appCore.core.session().client.searchIntents(request)
  return intents.map((i) => i.intentId!.toLowerCase()).sort()
}

/** One value per filter, picked from the seeded dataset so each search finds something specific. */
function groundValues(app: TestApp): Record<FilterKey, string> {
  const records = app.appCore.simulator.dataset.records
  const withTx = records.find((r) => r.txHashes.deposit && r.txHashes.origin)!
  const withEdge = records.find((r) => r.edge)!
  const owner = [...app.appCore.simulator.dataset.ownerCounts()].find(([, n]) => n >= 3 && n <= 12)![0]
  return {
    byIntentId: records[17].intentId,
    byTransactionHash: withTx.txHashes.origin!,
    byOwnerAddress: owner,
    byOriginIntentAddress: records[40].originIntentAddress,
    byDestinationIntentAddress: records[41].destinationIntentAddress,
    byEdgeAddress: withEdge.edge!.address,
    byEdgeRail: 'SOLANA',
    byEdgeMode: 'DESTINATION',
    byProjectId: '314',
    byQueryString: records[23].intentId.slice(2, 9),
  }
}

const LABELS: Record<FilterKey, string> = {
  byIntentId: 'Intent id',
  byTransactionHash: 'Transaction hash',
  byOwnerAddress: 'Owner wallet',
  byOriginIntentAddress: 'Deposit address (origin intent address)',
  byDestinationIntentAddress: 'Destination intent address',
  byEdgeAddress: 'Edge address',
  byEdgeRail: 'Edge network (rail)',
  byEdgeMode: 'Edge direction',
  byProjectId: 'Project id',
  byQueryString: 'Text search',
}

test('each SearchIntents filter, typed into the form, finds exactly the intents the service has', async ({ open, app }) => {
  test.setTimeout(90_000)
  const page = await open('/search')
  const values = groundValues(app)
  const form = page.getByRole('form', { name: 'Search filters' })
  await page.getByText('Search by filters').click()

  for (const key of Object.keys(LABELS) as FilterKey[]) {
    const value = values[key]
    const request = { [key]: key === 'byProjectId' ? Number(value) : value } as SearchIntentsRequest
    const expected = await truth(app, request)
    expect(expected.length, `the dataset has intents for ${key}`).toBeGreaterThan(0)

    await form.getByRole('button', { name: 'Clear filters' }).click()
    const field = form.getByLabel(LABELS[key], { exact: true })
    if (key === 'byEdgeMode') await field.selectOption(value)
    else await field.fill(value)
    await field.press('Enter')

    await expect(page).toHaveURL(new RegExp(`[?&]${key}=${encodeURIComponent(value)}`))
    // The URL changes before the answer lands, and the last search may have found as many.
    await expect.poll(() => shownIds(page), { message: `intents found by ${key}`, timeout: 30_000 }).toEqual(expected)
    await expect(summary(page)).toHaveText(new RegExp(`^${expected.length} intents? for `))
  }
})

test('filters combine, live in the URL, survive a reload, and an empty result names them', async ({ open, app }) => {
  const record = app.appCore.simulator.dataset.records[60]
  const page = await open(`/search?byOwnerAddress=${record.owner}&byProjectId=${record.projectId}`)
  const expected = await truth(app, { byOwnerAddress: record.owner, byProjectId: record.projectId })
  await expect(summary(page)).toHaveText(new RegExp(`^${expected.length} intents? for owner ${record.owner}, project ${record.projectId}`))
  expect(await shownIds(page)).toEqual(expected)

  await page.reload()
  await expect(page.getByLabel('Owner wallet', { exact: true })).toHaveValue(record.owner)
  await expect(summary(page)).toContainText(`${expected.length} intent`)

  const nobody = `0x${'9'.repeat(40)}`
  await page.getByLabel('Owner wallet', { exact: true }).fill(nobody)
  await page.getByLabel('Owner wallet', { exact: true }).press('Enter')
  await expect(page.getByText('No intents found')).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'The service has no intent' })).toContainText(
    `matching owner ${nobody}, project ${record.projectId}`,
  )
})

test('the universal box routes what is pasted to the right filter', async ({ open, app }) => {
  test.setTimeout(90_000)
  const records = app.appCore.simulator.dataset.records
  const byHash = records.find((r) => r.txHashes.destination)!
  const owner = [...app.appCore.simulator.dataset.ownerCounts()].find(([, n]) => n >= 2 && n <= 8)![0]
  const page = await open('/search')
  const box = page.getByLabel('Find anything')
  const matched = (id: string) => results(page).getByRole('row').filter({ has: page.locator(`[data-intent="${id}"]`) })

  const paste = async (value: string, hint: RegExp) => {
    await box.fill(value)
    await expect(page.getByText(hint)).toBeVisible()
    await box.press('Enter')
  }
  /** An exact id or hash match opens the intent itself; "Back to the search result" shows the result. */
  const openedThenBack = async (intentId: string) => {
    await expect(page).toHaveURL(new RegExp(`#/intent/${intentId}`))
    await page.getByRole('link', { name: '← Back to the search result' }).click()
    await expect(page).toHaveURL(/#\/search\?.*opened=1/)
  }

  // An intent id: tried as intent id and as transaction hash; found as intent id, and opened.
  const target = records[25]
  await paste(target.intentId, /Looks like an intent id or transaction hash/)
  await openedThenBack(target.intentId)
  await expect(summary(page)).toHaveText(/^1 intent for .* as intent id, transaction hash/)
  await expect(matched(target.intentId)).toContainText('intent id')

  // A transaction hash: found as transaction hash, and opened.
  await paste(byHash.txHashes.destination!, /Looks like an intent id or transaction hash/)
  await openedThenBack(byHash.intentId)
  await expect(matched(byHash.intentId)).toContainText('transaction hash')
  expect(await shownIds(page)).toEqual(await truth(app, { byTransactionHash: byHash.txHashes.destination! }))

  // An owner: tried in every address role; every intent it owns is there, marked as owner.
  await paste(owner, /Looks like an address/)
  const owned = await truth(app, { byOwnerAddress: owner })
  await expect(summary(page)).toHaveText(new RegExp(`^${owned.length} intents? for .* as owner, origin intent address, destination intent address, edge address`))
  for (const id of owned) await expect(matched(id)).toContainText('owner')

  // A deposit address: found as origin intent address.
  await paste(records[33].originIntentAddress, /Looks like an address/)
  await expect(matched(records[33].intentId)).toContainText('origin intent address')

  // A number: a project id.
  await paste('1001', /Looks like a project id/)
  const project = await truth(app, { byProjectId: 1001 })
  await expect(summary(page)).toHaveText(new RegExp(`^${project.length} intents for “1001” as project`))
  expect(await shownIds(page)).toEqual(project)

  // Anything else: the query string.
  const text = records[44].intentId.slice(10, 18)
  await paste(text, /Looks like free text/)
  await expect(matched(records[44].intentId)).toContainText('text')
  expect(await shownIds(page)).toEqual(await truth(app, { byQueryString: text }))

  // A row opens its intent.
  await matched(records[44].intentId).press('Enter')
  await expect(page).toHaveURL(new RegExp(`#/intent/${records[44].intentId}`))
})

test('a busy owner’s search says it reached the service limit and opens History for the full, paged list', async ({ open, app }) => {
  test.setTimeout(90_000)
  // The seeded dataset gives this wallet exactly the service's cap of intents.
  expect(await truth(app, { byOwnerAddress: HEAVY_OWNER_ADDRESS })).toHaveLength(500)
  const page = await open(`/search?q=${HEAVY_OWNER_ADDRESS}`)
  const capped = page.getByTestId('search-capped')
  await expect(capped).toHaveText('Showing the first 500 by owner — the service’s limit for one search. Open in History for the full, paged list.', { timeout: 30_000 })
  await capped.getByRole('link', { name: 'Open in History' }).click()
  await expect(page).toHaveURL(new RegExp(`#/history\\?owner=${HEAVY_OWNER_ADDRESS}$`))
  // History's code loads on first use, while the 500 search answers are still being cached.
  await expect(page.getByLabel('Owner address')).toHaveValue(HEAVY_OWNER_ADDRESS, { timeout: 30_000 })
})

test('an id’s answer landing after the person went on to another view does not take them back to the intent', async ({ open, app, page }) => {
  const target = app.appCore.simulator.dataset.records[31]
  // Held: the id's SearchIntents answers, and History's code, so the answer lands after the click on History and before History is drawn.
  let answer!: () => void
  const answered = new Promise<void>((resolve) => (answer = resolve))
  await page.route('**/bridge/searchIntents', async (route) => (await answered, route.continue()))
  let load!: () => void
  const loaded = new Promise<void>((resolve) => (load = resolve))
  await page.route(/\/assets\/HistoryView-[^/]*\.js$/, async (route) => (await loaded, route.continue()))
  await open('/search')
  const box = page.getByLabel('Find anything')
  await box.fill(target.intentId)
  await box.press('Enter')
  await page.getByRole('link', { name: 'History', exact: true }).click()
  answer()
  // The router draws History in a transition: until its code is in, the search stays on screen and draws the answer.
  await expect(results(page).locator(`[data-intent="${target.intentId}"]`)).toBeVisible()
  load()
  await expect(page.getByRole('heading', { name: 'History', level: 1 })).toBeVisible()
  await expect(page).toHaveURL(/#\/history/)
})
