import type { Locator, Page } from '@playwright/test'
import type { YieldGetMarketsRequest, YieldMarket } from '../src-shared/contract/service'
import { UNAVAILABLE_YIELD_ID } from '../tools/simulator'
import { splitRate } from '../src-shared/contract/marketHistory'
import { startTestApp, test, expect, type TestApp } from './fixtures'

const table = (page: Page) => page.getByRole('table', { name: 'Yield markets' })
const summary = (page: Page) => page.getByTestId('page-summary')
const marketName = (m: YieldMarket) => m.metadata?.name ?? m.id

/** Market names in the table, top to bottom. */
async function shownNames(page: Page): Promise<string[]> {
  const firstCells = table(page).locator('tbody tr td:first-child')
  return (await firstCells.allInnerTexts()).map((t) => t.replace(/^\S{2}\s*/, '').replace(/(deprecated|maintenance)/g, '').trim())
}

/** The tick labels of a chart's axis, left to right or bottom to top. */
const tickLabels = (chart: Locator, axis: 'x' | 'y') => chart.locator(`.recharts-${axis}Axis-tick-labels .recharts-cartesian-axis-tick-value`).allTextContents()

/** What the service answers for the same request: the ground truth. */
const truth = (app: TestApp, request: YieldGetMarketsRequest) => app.appCore.core.session().client.yieldGetMarkets(request)

type Query = { address: string; network: string; yieldId?: string }
/**
 * The client's balances call through the few fields these tests read: the checker gives
 * up on the full zod-derived balance types in this project.
 */
type BalancesClient = {
  yieldGetAggregateBalances(request: { queries: Query[] }): Promise<{ items: Array<{ yieldId?: string; balances?: unknown[] }> }>
}

/** Ground truth for positions. */
const balancesTruth = (app: TestApp, request: { queries: Query[] }) =>
  (app.appCore.core.session().client as unknown as BalancesClient).yieldGetAggregateBalances(request)

/** 30 distinct wallets, plus the one yield the simulator always fails on. */
function thirtyQueries(): Query[] {
  const networks = ['ethereum', 'base', 'arbitrum']
  const queries: Query[] = Array.from({ length: 29 }, (_, i) => ({
    address: `0x${(0xa11ce00 + i).toString(16).padStart(40, '0')}`,
    network: networks[i % networks.length],
  }))
  queries.push({ address: `0x${'b0b'.padStart(40, '0')}`, network: 'ethereum', yieldId: UNAVAILABLE_YIELD_ID })
  return queries
}

test.describe('yield markets (response shape)', () => {
  test('filters and sorts like the service, and a sort change reorders', async ({ open, app }) => {
    const page = await open('/yield?type=lending&chain=1&sort=tvlAsc')
    const expected = await truth(app, { type: 'lending', chainId: '1', sort: 'tvlAsc', limit: 20, offset: 0 })
    await expect(summary(page)).toHaveText(`Showing 1–${Math.min(20, expected.total!)} of ${expected.total}`)
    await expect.poll(() => shownNames(page)).toEqual(expected.items.map(marketName))

    await page.getByLabel('Sort').selectOption('rewardRateDesc')
    const byRate = await truth(app, { type: 'lending', chainId: '1', sort: 'rewardRateDesc', limit: 20, offset: 0 })
    await expect.poll(() => shownNames(page)).toEqual(byRate.items.map(marketName))
    const top = byRate.items[0]
    // The base rate, in its own unit (a rewards APR is never added into it).
    const base = splitRate(top)
    await expect(table(page).locator('tbody tr').first()).toContainText(`${(base.base! * 100).toFixed(2)}% ${base.baseUnit}`)
    // The default order is left out of the URL.
    expect(page.url()).not.toContain('sort=')

    await page.getByLabel('Provider').fill('compound-v3')
    await page.getByLabel('Provider').press('Enter')
    const compound = await truth(app, { provider: 'compound-v3', type: 'lending', chainId: '1', sort: 'rewardRateDesc', limit: 20, offset: 0 })
    await expect.poll(() => shownNames(page)).toEqual(compound.items.map(marketName))
    await expect(summary(page)).toHaveText(`Showing 1–${compound.items.length} of ${compound.total}`)
  })

  test('pages by limit and offset with the total', async ({ open, app }) => {
    const page = await open('/yield')
    const all = await truth(app, { sort: 'rewardRateDesc', limit: 20, offset: 0 })
    await expect(summary(page)).toHaveText(`Showing 1–20 of ${all.total}`)
    await page.getByRole('button', { name: 'Next →' }).click()
    await expect(summary(page)).toHaveText(`Showing 21–40 of ${all.total}`)
    const second = await truth(app, { sort: 'rewardRateDesc', limit: 20, offset: 20 })
    // The summary follows the URL at once; the rows follow when the page's answer arrives.
    await expect.poll(() => shownNames(page)).toEqual(second.items.map(marketName))

    await page.getByLabel('Per page').selectOption('100')
    await expect(summary(page)).toHaveText(`Showing 1–100 of ${all.total}`)
    await page.getByRole('button', { name: 'Next →' }).click()
    await page.getByRole('button', { name: 'Next →' }).click()
    await expect(summary(page)).toHaveText(`Showing 201–${all.total} of ${all.total}`)
    await expect(page.getByRole('button', { name: 'Next →' })).toBeDisabled()
    // The page survives a reload: it lives in the URL.
    await page.reload()
    await expect(summary(page)).toHaveText(`Showing 201–${all.total} of ${all.total}`, { timeout: 20_000 })
  })

  test('working offline, the same filters are answered from the cache', async ({ open }) => {
    const page = await open('/yield?chain=8453&sort=tvlDesc')
    await expect(summary(page)).toContainText('Showing 1–20 of')
    const names = await shownNames(page)
    // Ticked as a person does: a value written into storage behind the page's back can be
    // overwritten by the page's own next save of that store before the reload.
    await page.getByRole('checkbox', { name: 'Work offline' }).check()
    await page.reload()
    await expect(page.getByText(/Working offline — cached data, fetched/)).toBeVisible()
    // The cache holds only what this browser has seen: that page, in the same order.
    await expect(summary(page)).toHaveText('Showing 1–20 of 20')
    await expect.poll(() => shownNames(page)).toEqual(names)
    await page.getByRole('checkbox', { name: 'Work offline' }).uncheck()
  })

  test('a market opens into its detail, allocations charted', async ({ open, app }) => {
    const page = await open('/yield?q=gauntlet&chain=1')
    const { items } = await truth(app, { search: 'gauntlet', chainId: '1', sort: 'rewardRateDesc', limit: 20, offset: 0 })
    const vault = items.find((m) => m.state?.allocations?.length)!
    await table(page).locator('tbody tr').filter({ hasText: marketName(vault) }).first().click()
    await expect(page).toHaveURL(new RegExp(`#/yield/market/${vault.id}$`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(marketName(vault))

    const overview = page.getByRole('region', { name: 'Overview' })
    await expect(overview).toContainText(vault.id)
    await expect(overview).toContainText(vault.providerId!)
    await expect(page.getByRole('table', { name: 'Enter arguments' }).locator('tbody tr')).toHaveCount(vault.mechanics!.arguments!.enter!.fields!.length)
    await expect(page.getByRole('region', { name: 'Statistics' })).toContainText(vault.statistics!.uniqueUsers!.toLocaleString('en-US'))
    await expect(page.getByRole('region', { name: 'Curator' })).toContainText(String(vault.curator!.name))
    const allocations = page.getByRole('region', { name: 'Allocations' })
    await expect(allocations.getByRole('table', { name: 'Allocation list' }).locator('tbody tr')).toHaveCount(vault.state!.allocations!.length)
    await expect(allocations.locator('.recharts-bar-rectangle')).toHaveCount(vault.state!.allocations!.length)
    // The allocation chart's axis has round ticks from zero, more than two of them.
    await expect.poll(() => tickLabels(allocations, 'x')).toEqual(expect.arrayContaining(['$0']))
    expect((await tickLabels(allocations, 'x')).length).toBeGreaterThan(2)
    // A vault has no pool: that section does not apply and is not shown.
    await expect(page.getByRole('region', { name: 'Concentrated liquidity pool' })).toHaveCount(0)
  })

  test('a lending market prints liquidity with separators and its unit, utilization as a percentage', async ({ open, app }) => {
    const { items } = await truth(app, { type: 'lending', chainId: '1', sort: 'tvlDesc', limit: 20, offset: 0 })
    const lending = items.find((m) => Number(m.state?.liquidityState?.liquidity) >= 1000 && m.token?.symbol)!
    const page = await open(`/yield/market/${lending.id}`)
    const state = page.getByRole('region', { name: 'State' })
    const utilization = Number(lending.state!.liquidityState!.utilization)
    await expect(state.locator('dt:text-is("Utilization") + dd')).toHaveText(`${(utilization * 100).toFixed(1)}%`)
    await expect(state.locator('dt:text-is("Liquidity") + dd')).toHaveText(new RegExp(`^\\d{1,3}(,\\d{3})+(\\.\\d+)? ${lending.token!.symbol}$`))
    await expect(state).not.toContainText('Price per share')
    await expect(page.getByRole('region', { name: 'Concentrated liquidity pool' })).toHaveCount(0)
    await expect(page.getByRole('region', { name: 'Allocations' })).toHaveCount(0)
  })

  test('positions of 30 wallets (two batches), with the failed yield listed and charts drawn', async ({ open, app }) => {
    const queries = thirtyQueries()
    const page = await open('/yield/positions')
    await page.getByText('Paste many wallets').click()
    await page
      .getByLabel('One per line: address,network[,yieldId]')
      .fill(queries.map((q) => [q.address, q.network, ...(q.yieldId ? [q.yieldId] : [])].join(',')).join('\n'))
    await page.getByRole('button', { name: 'Add these wallets' }).click()
    await expect(page.getByRole('group', { name: /^Wallet \d+$/ })).toHaveCount(30)
    await page.getByRole('button', { name: 'Look up positions' }).click()

    // More than 25 queries only succeed because the main process splits them into batches.
    const errors = page.getByRole('complementary', { name: 'Failed lookups' })
    // Hundreds of positions: give a loaded machine time to fetch and draw them.
    await expect(errors).toContainText(`${UNAVAILABLE_YIELD_ID}: yield provider temporarily unavailable`, { timeout: 30_000 })
    const expected = await balancesTruth(app, { queries })
    const heldIds = [...new Set(expected.items.filter((i) => i.balances?.length).map((i) => i.yieldId!))].sort()
    await expect(page.getByTestId('position-market')).toHaveCount(heldIds.length)
    const shownIds = await page.getByTestId('position-market').evaluateAll((els) => els.map((e) => e.getAttribute('data-yield-id')))
    expect(shownIds.sort()).toEqual(heldIds)
    // Positions carry only yield ids; the market list supplies their names.
    const named = expected.items.find((i) => i.balances?.length)!.yieldId!
    const { items: listed } = await truth(app, { search: named, limit: 50 })
    await expect(page.locator(`[data-yield-id="${named}"] h2 a`)).toHaveText(marketName(listed.find((m) => m.id === named)!))
    await expect(page.getByRole('region', { name: 'Totals' })).toContainText('active')

    const byMarket = page.getByTestId('chart-Allocation by market')
    await expect(byMarket.locator('.recharts-bar-rectangle')).toHaveCount(heldIds.length)
    await expect(page.getByTestId('chart-Allocation by token').locator('.recharts-bar-rectangle').first()).toBeVisible()

    // Each fetch is kept; a refresh adds the second point of the value line.
    await page.getByRole('button', { name: 'Refresh', exact: true }).click()
    const overTime = page.getByTestId('chart-Value over time')
    await expect(overTime).toContainText('(2 fetches with a USD value, of exactly these wallets; value axis from $0; times in ')
    // Attached, not "visible": a value that did not move is a flat line, with no height.
    await expect(overTime.locator('.recharts-line-curve')).toBeAttached()
    await expect(overTime.locator('.recharts-line-dot')).toHaveCount(2)
    // Both axes have distinct tick labels: no "$300,440.57" or "11-25 11:48" twice.
    for (const axis of ['x', 'y'] as const) {
      const labels = await tickLabels(overTime, axis)
      expect(labels.length, `${axis} ticks`).toBeGreaterThanOrEqual(2)
      expect(new Set(labels).size, `${axis} tick labels ${labels.join(' | ')}`).toBe(labels.length)
    }
    // The value axis starts at zero: no zoom that turns a small move into a cliff.
    expect((await tickLabels(overTime, 'y'))[0]).toMatch(/^\$0(\.0+)?$/)
    expect((await tickLabels(byMarket, 'x')).length).toBeGreaterThan(2)

    // The wallets are in the URL: a bookmark brings the same view back.
    expect(new URL(page.url().replace('#/', '')).searchParams.getAll('w')).toHaveLength(30)
    await page.reload()
    await expect(page.getByTestId('position-market')).toHaveCount(heldIds.length, { timeout: 30_000 })
    await expect(page.getByTestId('chart-Value over time')).toContainText('(3 fetches with a USD value')
  })

  test('positions CSV holds every balance and the failed lookup', async ({ open }) => {
    const q = thirtyQueries()
    const wallets = [q[0], q[29]].map((w) => `w=${encodeURIComponent([w.address, w.network, ...(w.yieldId ? [w.yieldId] : [])].join(','))}`).join('&')
    const page = await open(`/yield/positions?${wallets}`)
    await expect(page.getByRole('complementary', { name: 'Failed lookups' })).toBeVisible()
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()])
    const text = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'))
    const lines = text.trim().split('\r\n')
    expect(lines[0]).toMatch(/^yieldId,market,type,address,network,token/)
    expect(lines.at(-1)).toContain(`${UNAVAILABLE_YIELD_ID},`)
    expect(lines.at(-1)).toMatch(/yield provider temporarily unavailable$/)
    const balances = await page.getByTestId('position-market').locator('table tbody tr').count()
    expect(lines).toHaveLength(1 + balances + 1)
  })
})

test.describe('yield (payload shape)', () => {
  let payloadApp: Awaited<ReturnType<typeof startTestApp>>
  test.beforeAll(async ({ wireForm }) => {
    payloadApp = await startTestApp({ shape: 'payload', form: wireForm })
  })
  test.afterAll(async () => payloadApp?.stop())

  const openPayload = async (page: Page, hash: string) => {
    await page.goto(`${payloadApp.host.newLaunchUrl()}#${hash}`)
    return page
  }

  test('markets page on without a total and show the same markets', async ({ page }) => {
    await openPayload(page, '/yield?type=vault')
    await expect(summary(page)).toHaveText('Showing 1–20')
    const first = await truth(payloadApp, { type: 'vault', sort: 'rewardRateDesc', limit: 20, offset: 0 })
    expect(first.total).toBeUndefined()
    await expect.poll(() => shownNames(page)).toEqual(first.items.map(marketName))
    await page.getByRole('button', { name: 'Next →' }).click()
    await expect(summary(page)).toHaveText('Showing 21–40')
    const second = await truth(payloadApp, { type: 'vault', sort: 'rewardRateDesc', limit: 20, offset: 20 })
    await expect.poll(() => shownNames(page)).toEqual(second.items.map(marketName))
  })

  test('positions from flat balance records, grouped and charted', async ({ page }) => {
    const queries = thirtyQueries().slice(0, 4)
    await openPayload(page, `/yield/positions?${queries.map((q) => `w=${encodeURIComponent(`${q.address},${q.network}`)}`).join('&')}`)
    const expected = await balancesTruth(payloadApp, { queries })
    const heldIds = [...new Set(expected.items.map((i) => i.yieldId!))]
    expect(heldIds.length).toBeGreaterThan(0)
    await expect(page.getByTestId('position-market')).toHaveCount(heldIds.length)
    await expect(page.getByRole('region', { name: 'Totals' })).toContainText('position')
    await expect(page.getByTestId('chart-Allocation by market').locator('.recharts-bar-rectangle')).toHaveCount(heldIds.length)
  })
})
