import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import type { GetIntentHistoryRequest } from '../src-shared/contract/service'
import { BIG_AMOUNT_INTENT_ID, HEAVY_OWNER_ADDRESS, type Dataset, type IntentRecord } from '../tools/simulator'
import { test, expect, type TestApp } from './fixtures'
import { cachedIntentIds } from './pageState'

/**
 * The History view against the embedded simulator. Ground truth is the simulator's own
 * dataset (what each filter should select) and the service client (balances); the
 * simulated clock is frozen so no in-flight intent changes state mid-test.
 */

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ workerApp }) => {
  await workerApp.admin('clock', { frozen: true })
})

test.afterAll(async ({ workerApp }) => {
  // Back to the seeded dataset and a running clock for whatever runs next in this worker.
  await workerApp.admin('reset')
})

const ds = (app: TestApp): Dataset => app.appCore.simulator.dataset
const client = (app: TestApp) => app.appCore.core.session().client

/** Intent ids of the rows in the DOM, top to bottom. */
const shownIds = (page: Page) =>
  page.getByTestId('history-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-intent-id')))

/** Scrolls the table sideways to a column: rows hold only the columns in view. */
const showColumn = (page: Page, header: string) => page.getByRole('columnheader', { name: header, exact: true }).scrollIntoViewIfNeeded()

/** A viewport tall enough for 30 rows, so a whole page is in the DOM despite virtualization. */
const TALL = { width: 1500, height: 1500 }

function participantsOf(r: IntentRecord): string[] {
  return [r.owner, r.originIntentAddress, r.destinationIntentAddress, r.destinationToAddress, ...(r.edge ? [r.edge.address.toLowerCase()] : [])]
}

function mostCommon(values: string[]): string {
  const counts = new Map<string, number>()
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1)
  return [...counts].sort((a, b) => b[1] - a[1])[0][0]
}

interface FilterCase {
  /** URL parameters the view reads the filter from. */
  url: string
  /** Which intents the filter must keep. */
  match: (r: IntentRecord) => boolean
}

/** One case per request field of GetIntentHistory, with values drawn from the dataset. */
const FILTERS: Record<string, (d: Dataset) => FilterCase> = {
  byProjectId: () => ({ url: 'project=42', match: (r) => r.projectId === 42 }),
  byIntentProtocol: () => ({ url: 'protocol=v1', match: (r) => r.protocol === 'v1' }),
  bySwapProvider: (d) => {
    const code = mostCommon(d.records.map((r) => r.swapProvider).filter((p) => p !== 'AUTO'))
    return { url: `swap=${code}`, match: (r) => r.swapProvider === code }
  },
  byBridgeProvider: (d) => {
    const code = mostCommon(d.records.map((r) => r.bridgeProvider).filter((p) => p !== 'AUTO'))
    return { url: `bridge=${code}`, match: (r) => r.bridgeProvider === code }
  },
  byOwnerAddress: () => ({ url: `owner=${HEAVY_OWNER_ADDRESS}`, match: (r) => r.owner === HEAVY_OWNER_ADDRESS }),
  byEdgeAddress: (d) => {
    const edge = d.records.find((r) => r.edge)!.edge!.address
    return { url: `edge=${edge}`, match: (r) => r.edge?.address.toLowerCase() === edge.toLowerCase() }
  },
  byEdgeRail: () => ({ url: 'rail=SOLANA', match: (r) => r.edge !== null }),
  byEdgeMode: () => ({ url: 'mode=DESTINATION', match: (r) => r.edge?.mode === 'DESTINATION' }),
  byParticipantAddresses: (d) => {
    const a = d.records[10].destinationToAddress
    const b = d.records[20].originIntentAddress
    return { url: `participant=${a}&participant=${b}`, match: (r) => participantsOf(r).some((p) => p === a || p === b) }
  },
  originChainId: () => ({ url: 'originChain=8453', match: (r) => r.originChainId === 8453 }),
  originTokenAddress: (d) => {
    const token = d.records[30].originToken.address
    return { url: `originToken=${token}`, match: (r) => r.originToken.address === token }
  },
  destinationChainId: () => ({ url: 'destChain=42161', match: (r) => r.destinationChainId === 42161 }),
  destinationTokenAddress: (d) => {
    const token = d.records[40].destinationToken.address
    return { url: `destToken=${token}`, match: (r) => r.destinationToken.address === token }
  },
  'fromTime and toTime': (d) => {
    // Whole seconds, as the service takes them; toTime covers its entire second.
    const from = Math.floor(d.records[300].createdAt / 1000)
    const to = Math.floor(d.records[340].createdAt / 1000)
    const iso = (sec: number) => new Date(sec * 1000).toISOString().replace('.000Z', 'Z')
    return { url: `from=${iso(from)}&to=${iso(to)}`, match: (r) => r.createdAt >= from * 1000 && r.createdAt <= to * 1000 + 999 }
  },
  onlyRecoverable: () => ({
    url: 'recoverable=1&balances=1',
    match: (r) => (r.status === 'FAILED' || r.status === 'ABORTED') && r.legs.deposit === 'MINED' && r.legs.refund === 'NONE',
  }),
  byStatuses: () => ({ url: 'status=FAILED&status=REFUNDED', match: (r) => r.status === 'FAILED' || r.status === 'REFUNDED' }),
}

test('each filter narrows the list to exactly the matching intents', async ({ open, app }) => {
  test.setTimeout(120_000)
  let page: Page | undefined
  for (const [name, make] of Object.entries(FILTERS)) {
    await test.step(name, async () => {
      const { url, match } = make(ds(app))
      const matching = ds(app).records.filter(match)
      expect(matching.length, 'the filter selects something').toBeGreaterThan(0)
      expect(matching.length, 'the filter leaves something out').toBeLessThan(ds(app).size)
      // Oldest first: the dataset's records are in creation order. After the first load
      // only the hash changes, as when a person follows a link inside the app.
      const hash = `/history?${url}&order=asc&size=10`
      if (page) await page.evaluate((h) => (location.hash = h), hash)
      else page = await open(hash)
      await expect.poll(() => shownIds(page!)).toEqual(matching.slice(0, 10).map((r) => r.intentId))
      await expect(page.getByTestId('history-more')).toHaveText(`More pages: ${matching.length > 10 ? 'yes' : 'no'}`)
    })
  }
})

test('filters typed into the form apply on Enter, and a bad address is refused beside its field', async ({ open, app }) => {
  const page = await open('/history?order=asc&size=10')
  await expect(page.getByTestId('history-row').first()).toBeVisible()
  const owner = page.getByLabel('Owner address')
  await owner.fill('0x1234')
  await owner.press('Enter')
  await expect(page.getByText('Use a 0x address with 40 hex digits')).toBeVisible()
  await expect(owner).toHaveAttribute('aria-invalid', 'true')
  expect(page.url()).not.toContain('owner=')

  await owner.fill(HEAVY_OWNER_ADDRESS)
  await page.getByRole('checkbox', { name: 'FAILED' }).check()
  await page.getByLabel('Origin chain').selectOption({ label: 'Base (8453)' })
  await owner.press('Enter')
  await expect(page).toHaveURL(new RegExp(`owner=${HEAVY_OWNER_ADDRESS}.*originChain=8453.*status=FAILED`))
  const expected = ds(app)
    .records.filter((r) => r.owner === HEAVY_OWNER_ADDRESS && r.status === 'FAILED' && r.originChainId === 8453)
    .slice(0, 10)
    .map((r) => r.intentId)
  await expect.poll(() => shownIds(page)).toEqual(expected)

  // The filters survive a reload: they live in the URL.
  await page.reload()
  await expect(page.getByLabel('Owner address')).toHaveValue(HEAVY_OWNER_ADDRESS)
  await expect.poll(() => shownIds(page)).toEqual(expected)
})

test('every page of a 1,000-intent owner, walked forward, back and forward again, with no duplicate or gap', async ({ open, app }) => {
  test.setTimeout(120_000)
  // The seeded heavy owner holds a quarter of the dataset; top it up to 1,000 if the dataset is small.
  for (let n = ds(app).ownedBy(HEAVY_OWNER_ADDRESS).length; n < 1000; n++) {
    app.appCore.simulator.createIntent({ ownerAddress: HEAVY_OWNER_ADDRESS, status: 'SUCCEEDED' })
  }
  const owned = [...ds(app).ownedBy(HEAVY_OWNER_ADDRESS)].reverse().map((i) => ds(app).records[i].intentId)
  expect(owned.length).toBeGreaterThanOrEqual(1000)

  const page = await open(`/history?owner=${HEAVY_OWNER_ADDRESS}&size=30`)
  await page.setViewportSize(TALL)
  const pages: string[][] = []
  for (let n = 1; ; n++) {
    await expect(page.getByTestId('history-page')).toHaveText(`Page ${n}`)
    const expected = owned.slice((n - 1) * 30, n * 30)
    await expect.poll(() => shownIds(page)).toEqual(expected)
    pages.push(expected)
    const more = (await page.getByTestId('history-more').textContent()) === 'More pages: yes'
    if (!more) break
    await page.getByRole('button', { name: 'Next →' }).click()
  }
  const walked = pages.flat()
  expect(new Set(walked).size, 'no duplicates').toBe(walked.length)
  expect(walked, 'no gaps, in order').toEqual(owned)
  await expect(page.getByRole('button', { name: 'Next →' })).toBeDisabled()

  // Back by the cursors already seen, then forward again.
  for (let n = pages.length - 1; n >= pages.length - 3; n--) {
    await page.getByRole('button', { name: '← Previous' }).click()
    await expect(page.getByTestId('history-page')).toHaveText(`Page ${n}`)
    await expect.poll(() => shownIds(page)).toEqual(pages[n - 1])
  }
  await page.getByRole('button', { name: 'Next →' }).click()
  await expect(page.getByTestId('history-page')).toHaveText(`Page ${pages.length - 2}`)
  await expect.poll(() => shownIds(page)).toEqual(pages[pages.length - 3])

  // Opening an intent and coming back finds the same page.
  const target = pages[pages.length - 3][4]
  await page.locator(`[data-testid="history-row"][data-intent-id="${target}"]`).click()
  await expect(page).toHaveURL(new RegExp(`#/intent/${target}`))
  await page.goBack()
  await expect(page.getByTestId('history-page')).toHaveText(`Page ${pages.length - 2}`)
  await expect.poll(() => shownIds(page)).toEqual(pages[pages.length - 3])
})

test('pages read online are written to the cache and read back offline with the same filters', async ({ open, app }) => {
  const hash = `/history?owner=${HEAVY_OWNER_ADDRESS}&status=SUCCEEDED&size=10`
  const page = await open(hash)
  const newest = ds(app)
    .records.filter((r) => r.owner === HEAVY_OWNER_ADDRESS && r.status === 'SUCCEEDED')
    .slice(-10)
    .reverse()
    .map((r) => r.intentId)
  await expect.poll(() => shownIds(page)).toEqual(newest)
  await expect(page.getByText(/cached data/)).toHaveCount(0)
  // The page is written through to the cache after it is shown; a reload before the
  // write lands would find nothing to show.
  await expect
    .poll(async () => {
      const cached = new Set(await cachedIntentIds(page, 'historyEntries'))
      return newest.filter((id) => !cached.has(id))
    }, { timeout: 30_000 })
    .toEqual([])

  // Work offline (the app's persisted switch), then reload: the same list, from the cache.
  // Through the switch itself: a value written into storage behind the app's back is
  // overwritten by the app's next write of that store (filing progress, for one).
  await page.getByRole('checkbox', { name: 'Work offline' }).check()
  await page.reload()
  await expect(page.getByText(/Working offline — cached data, fetched/)).toBeVisible({ timeout: 30_000 })
  await expect.poll(() => shownIds(page)).toEqual(newest)
  await expect(page.getByTestId('history-more')).toHaveText('More pages: no')
})

test('balances are shown per entry, with hasBalance, amount, USD and chain', async ({ open, app }) => {
  const page = await open('/history?balances=1&status=FAILED&order=asc&size=10')
  const request: GetIntentHistoryRequest = {
    includeBalances: true,
    byStatuses: ['FAILED'],
    page: { column: 'createdAt', sort: [{ column: 'createdAt', order: 'ASC' }], pageSize: 10 },
  }
  const truth = await client(app).getIntentHistory(request)
  await expect.poll(() => shownIds(page)).toEqual(truth.intents.map((e) => e.intentId))
  await expect(page.getByRole('columnheader', { name: 'Has balance' })).toBeVisible()
  await showColumn(page, 'Has balance')
  for (const e of truth.intents) {
    const row = page.locator(`[data-testid="history-row"][data-intent-id="${e.intentId}"]`)
    await expect(row).toContainText(e.hasBalance ? 'Yes' : 'No')
  }

  const holder = truth.intents.find((e) => e.hasBalance)!
  const token = holder.balances![0].tokens![0]
  await page.locator(`[data-testid="history-row"][data-intent-id="${holder.intentId}"]`).getByRole('button', { name: /Details/ }).click()
  const balances = page.getByRole('list', { name: 'Intent balances' })
  await expect(balances).toContainText(token.symbol!)
  await expect(balances).toContainText(`$${Number(token.balanceUsd).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`)
  const chain = (await client(app).getChains({})).chains.find((c) => c.id === (token.chainId ?? holder.balances![0].chainId))!
  await expect(balances).toContainText(`on ${chain.name}`)
  await expect(page.getByRole('complementary', { name: 'Intent details' })).toContainText('hasBalance: yes')
})

test('at 1280×800 the default columns fit with Details at hand; the chooser adds the rest, which fill in as the table scrolls sideways', async ({ open, page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await open('/history')
  const row = page.getByTestId('history-row').first()
  await expect(row).toBeVisible()
  const scroll = page.getByTestId('history-scroll')
  expect(await scroll.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1)
  // What is at hand is a matter of width: the page is scrolled down to the table (the
  // summary above it is taller on some data), never sideways.
  await row.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'nearest' }))
  expect(await scroll.evaluate((el) => el.scrollLeft)).toBe(0)
  // Time headers name the zone their cells are in, which is the machine's.
  for (const header of ['Status', 'Intent', /^Created \(.+\)$/, 'Owner', 'Route', 'Sent', 'Received'])
    await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeInViewport()
  await expect(row.getByRole('button', { name: /Details of intent/ })).toBeInViewport()

  // The details panel opens over the table and Escape puts it away.
  await row.getByRole('button', { name: /Details of intent/ }).click()
  const details = page.getByRole('complementary', { name: 'Intent details' })
  await expect(details).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(details).toHaveCount(0)

  await expect(page.getByRole('columnheader', { name: 'Duration' })).toHaveCount(0)
  const chooser = page.locator('.column-chooser')
  await chooser.getByText('Columns', { exact: true }).click()
  for (const name of ['Expires', 'Providers', 'Started', 'Finished', 'Duration']) await chooser.getByRole('checkbox', { name }).check()
  await page.keyboard.press('Escape')
  await expect(chooser.getByRole('checkbox', { name: 'Duration' })).toBeHidden()

  const duration = row.locator('[role=cell][aria-colindex="13"]')
  await expect(duration).toHaveCount(0)
  await showColumn(page, 'Duration')
  await expect(duration).toBeInViewport()
  await expect(row.locator('[role=cell][aria-colindex="2"]')).toHaveCount(0)
  await expect(row.getByRole('checkbox')).toHaveCount(1)
})

test('the recoverable funds preset lists every stuck balance with the USD total', async ({ open, app }) => {
  const page = await open('/history')
  await expect(page.getByTestId('history-row').first()).toBeVisible()
  await page.getByRole('button', { name: 'Recoverable funds' }).click()
  await expect(page).toHaveURL(/balances=1/)
  await expect(page).toHaveURL(/recoverable=1/)

  const truth = await client(app).walkIntentHistory({ onlyRecoverable: true, includeBalances: true, page: { pageSize: 100 } })
  expect(truth.intents.length).toBeGreaterThan(20)
  await page.getByRole('button', { name: 'Load all' }).click()
  await expect(page.getByTestId('history-loadall-status')).toContainText(`Loaded all ${truth.intents.length} matching intents`)

  // Valued at the profile's one price source, which learnt each token's price from these very balances.
  let usd = 0
  for (const e of truth.intents) for (const b of e.balances ?? []) for (const t of b.tokens ?? []) usd += (Number(t.balance) / 10 ** (t.decimals ?? 0)) * Number(t.priceUsd)
  const total = usd.toLocaleString('en-US', { style: 'currency', currency: 'USD' })
  const panel = page.getByRole('region', { name: 'Recoverable funds' })
  await expect(panel.getByTestId('history-stuck-total')).toHaveText(total)
  await expect(panel.getByTestId('history-stuck-priced-how')).toContainText('priced from balances')
  await expect(panel).toContainText(`of ${truth.intents.length} loaded intents`)
  await showColumn(page, 'Has balance')
  for (const row of await page.getByTestId('history-row').all()) await expect(row).toContainText('Yes')
})

test('load all shows progress, stops on cancel or at the cap, and continues', async ({ open, app }) => {
  test.setTimeout(120_000)
  const total = ds(app).size
  await app.admin('faults', { spec: 'latency=150@GetIntentHistory' })
  try {
    const page = await open('/history')
    await expect(page.getByTestId('history-row').first()).toBeVisible()
    await page.getByRole('button', { name: 'Load all' }).click()
    const status = page.getByTestId('history-loadall-status')
    await expect(status).toContainText(/Loaded [\d,]+ of at most 5,000…/)
    await expect(status).toContainText(/Loaded [1-9][\d,]* of/)
    await page.getByRole('button', { name: 'Cancel' }).click()
    await expect(status).toContainText(/Cancelled after [\d,]+ intents/)
    const cancelledAt = Number((await status.textContent())!.match(/after ([\d,]+)/)![1].replace(/,/g, ''))
    expect(cancelledAt).toBeLessThan(total)
    await expect(page.getByTestId('history-summary-total')).toHaveText(`${cancelledAt.toLocaleString('en-US')} intents`)

    await app.admin('faults', { spec: '' })
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(status).toContainText(`Loaded all ${total.toLocaleString('en-US')} matching intents`, { timeout: 60_000 })
    await expect(page.getByTestId('history-summary-total')).toHaveText(`${total.toLocaleString('en-US')} intents`)

    const counts = new Map<string, number>()
    for (const r of ds(app).records) counts.set(r.status, (counts.get(r.status) ?? 0) + 1)
    const perStatus = page.getByRole('list', { name: 'Intents per status' })
    for (const [s, n] of counts) await expect(perStatus.locator(`li[data-status="${s}"]`)).toHaveText(`${s} ${n.toLocaleString('en-US')}`)

    await page.getByLabel('Stop after').fill('250')
    await page.getByRole('button', { name: 'Load all' }).click()
    await expect(status).toContainText('Stopped at the cap: 250 loaded, more remain.')
    await expect(page.getByTestId('history-summary-total')).toHaveText('250 intents')
    await expect(page).toHaveURL(/cap=250/)

    // Deep in the loaded list, open an intent and come back: same list, same place.
    const scroller = page.getByTestId('history-scroll')
    await scroller.evaluate((el) => (el.scrollTop = 3600))
    const row = page.locator('[data-testid="history-row"][data-index="102"]')
    const id = await row.getAttribute('data-intent-id')
    await row.click()
    await expect(page).toHaveURL(new RegExp(`#/intent/${id}`))
    await page.goBack()
    await expect(page.getByTestId('history-summary-total')).toHaveText('250 intents')
    await expect.poll(() => scroller.evaluate((el) => el.scrollTop)).toBe(3600)
    await scroller.scrollIntoViewIfNeeded()
    await expect(page.locator(`[data-testid="history-row"][data-intent-id="${id}"]`)).toBeInViewport()

    // The sidebar goes back to the view as it was left, and a reload reads it all again.
    await expect(page).toHaveURL(/all=1/)
    await row.click()
    await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'History' }).click()
    await expect(page.getByTestId('history-summary-total')).toHaveText('250 intents')
    await page.reload()
    await expect(status).toContainText('Stopped at the cap: 250 loaded, more remain.')
    await expect(page.getByTestId('history-summary-total')).toHaveText('250 intents')
  } finally {
    await app.admin('faults', { spec: '' })
  }
})

test('exports what is loaded, or the selected rows, as CSV and JSON with exact amounts', async ({ open }) => {
  // Oldest first: intent 1 moved 1234567890123456789012 wei of WETH.
  const page = await open('/history?order=asc&size=10')
  await expect.poll(async () => (await shownIds(page))[0]).toBe(BIG_AMOUNT_INTENT_ID)
  const ids = await shownIds(page)

  const download = async (button: string) => {
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()])
    return { name: file.suggestedFilename(), text: readFileSync((await file.path())!, 'utf8') }
  }

  // RFC 4180 records; intent ids are hex, so the first field of each record needs no unquoting.
  const records = (text: string) => text.split('\r\n').slice(0, -1)
  const firstFields = (text: string) => records(text).slice(1).map((line) => line.split(',')[0])

  const csv = await download('Export loaded as CSV')
  expect(csv.name).toMatch(/^intent-history-\d{4}-\d{2}-\d{2}\.csv$/)
  expect(csv.text.endsWith('\r\n')).toBe(true)
  expect(records(csv.text)[0]).toContain('originTokenSymbol,originTokenDecimals,originTokenAmount,originTokenAmountUnits,quotedOriginTokenAmount')
  expect(firstFields(csv.text)).toEqual(ids)
  const big = records(csv.text)[1]
  expect(big.startsWith(`${BIG_AMOUNT_INTENT_ID},SUCCEEDED,`)).toBe(true)
  expect(big).toContain(',WETH,18,1234567890123456789012,1234.567890123456789012,1234567890123456789012,')

  const json = await download('Export loaded as JSON')
  expect(json.name).toMatch(/^intent-history-\d{4}-\d{2}-\d{2}\.json$/)
  const doc = JSON.parse(json.text)
  expect(doc.count).toBe(10)
  expect(doc.request).toEqual({})
  expect(doc.intents[0].intentId).toBe(BIG_AMOUNT_INTENT_ID)
  expect(doc.intents[0].receipt.summary.originTokenAmount).toBe('1234567890123456789012')
  expect(json.text).toContain('"originTokenAmount": "1234567890123456789012"')

  for (const id of [ids[1], ids[3]]) await page.getByRole('checkbox', { name: `Select intent ${id}` }).check()
  const selected = await download('Export selected as CSV')
  expect(selected.name).toMatch(/^intent-history-selected-\d{4}-\d{2}-\d{2}\.csv$/)
  expect(firstFields(selected.text)).toEqual([ids[1], ids[3]])

  // Rows are reachable by keyboard: arrows move between them, Enter opens one.
  const rows = page.getByTestId('history-row')
  await rows.nth(0).focus()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await expect(rows.nth(2)).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`#/intent/${ids[2]}`))
})

test('a filter the service ignores is named on the view and applied here to the rows it sent', async ({ open, app }) => {
  await app.admin('faults', { spec: 'ignoreFilter=1:byStatuses=1@GetIntentHistory' })
  try {
    const page = await open('/history?status=FAILED&order=asc&size=20')
    const notice = page.getByTestId('ignored-filters')
    await expect(notice).toContainText('The service ignored: byStatuses')
    await expect(notice).toContainText('applied here')
    // The service answered the first 20 intents of any status; only its FAILED ones show.
    const first20 = ds(app).records.slice(0, 20)
    await expect.poll(() => shownIds(page)).toEqual(first20.filter((r) => r.status === 'FAILED').map((r) => r.intentId))

    // A service that applies the filter: no notice, the first 20 FAILED intents.
    await app.admin('faults', { spec: '' })
    await page.getByRole('button', { name: 'Refresh' }).click()
    await expect(notice).toHaveCount(0)
    const failed = ds(app).records.filter((r) => r.status === 'FAILED').slice(0, 20)
    await expect.poll(() => shownIds(page)).toEqual(failed.map((r) => r.intentId))
  } finally {
    await app.admin('faults', { spec: '' })
  }
})
