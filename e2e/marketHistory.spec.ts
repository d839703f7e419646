import type { Page } from '@playwright/test'
import { isGap, MIN_OUTLIER_SAMPLES, type MarketHistory, type MarketObservation } from '../src-shared/contract/marketHistory'
import { startTestApp, test, expect, type TestApp } from './fixtures'

/**
 * The market recorder end to end: snapshots of the simulator's moving markets, taken by
 * "Record now" in Settings and through the bridge, drawn on the market page with the
 * figures beside the charts and the outlier flag.
 */

test.describe.configure({ mode: 'serial' })

let app: TestApp & { stop(): Promise<void> }
test.beforeAll(async () => {
  app = await startTestApp()
  // The test takes every snapshot itself: no scheduled one in between.
  const off = await app.appCore.handlers.setMarketRecorder({ intervalMinutes: null })
  if (!off.ok) throw new Error(off.error.message)
})
test.afterAll(async () => app?.stop())

const open = async (page: Page, hash: string) => {
  await page.goto(`${app.host.newLaunchUrl()}#${hash}`)
  return page
}

async function historyOf(marketId: string): Promise<MarketHistory> {
  const r = await app.appCore.handlers.getMarketHistory({ marketId, range: '24h' })
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}

/** The outlier test done here from the recorded points: the present base rate against the mean and σ of the earlier ones. */
function outlierFromPoints(h: MarketHistory): boolean {
  const obs = h.points.filter((p): p is MarketObservation => !isGap(p))
  const earlier = obs.slice(0, -1).map((o) => o.base!)
  const mean = earlier.reduce((s, v) => s + v, 0) / earlier.length
  const sd = Math.sqrt(earlier.reduce((s, v) => s + (v - mean) ** 2, 0) / earlier.length)
  return earlier.length >= MIN_OUTLIER_SAMPLES && Math.abs(obs[obs.length - 1].base! - mean) > 3 * sd
}

/** Waits for the next whole second of the clock. */
const nextSecond = () => new Promise((done) => setTimeout(done, 1_000 - (Date.now() % 1_000) + 10))

test('records snapshots of the moving markets and draws their history, figures and outlier flag', async ({ page }) => {
  await open(page, '/settings')
  const recorder = page.getByRole('region', { name: 'Market history' })
  await expect(recorder.getByLabel('Record markets')).toHaveValue('0')
  await recorder.getByRole('button', { name: 'Record now' }).click()
  await expect(recorder.getByTestId('recorder-facts')).toContainText(/\d{3} markets recorded for this profile/)

  // Five more a minute of simulated time apart (the rates barely move), then half a day later (they swing).
  // The record keeps whole seconds of the app's clock and a snapshot takes well under one:
  // each goes into a second of its own, so the charts' time axis has a width.
  for (let i = 0; i < 5; i++) {
    await app.admin('clock', { advanceMs: 60_000 })
    await nextSecond()
    const r = await app.appCore.handlers.recordMarketsNow({})
    expect(r.ok && r.value.lastError).toBeFalsy()
  }
  await app.admin('clock', { advanceMs: 12 * 3_600_000 })
  await nextSecond()
  await app.appCore.handlers.recordMarketsNow({})

  const listed = await app.appCore.core.session().client.yieldGetMarkets({ sort: 'nameAsc', limit: 40 })
  const histories = await Promise.all(listed.items.map((m) => historyOf(m.id)))
  const flagged = histories.find((h) => h.stats.outlier)
  const calm = histories.find((h) => !h.stats.outlier)
  expect(flagged, 'a market whose rate swung in half a day').toBeDefined()
  for (const h of histories) {
    expect(h.points.filter((p) => !isGap(p))).toHaveLength(7)
    expect(h.stats.outlier).toBe(outlierFromPoints(h))
  }

  await open(page, `/yield/market/${encodeURIComponent(flagged!.marketId)}?range=24h`)
  const history = page.getByTestId('market-history')
  for (const chart of ['chart-Rates over time', 'chart-TVL over time']) {
    await expect(history.getByTestId(chart)).toHaveAttribute('data-points', '7')
    await expect(history.getByTestId(chart).locator('.recharts-surface path.recharts-curve').first()).toBeVisible()
  }
  await expect(history.getByTestId('chart-Rates over time')).toContainText(/Base rate \(APY\)|Base rate \(APR\)/)
  await expect(history.getByTestId('outlier-flag')).toContainText('more than 3 σ from its 30-day mean')
  await expect(history.getByLabel('History figures')).toContainText('Points in 30 days6')
  await expect(history.getByTestId('history-age')).toContainText('Recorded by this app')

  if (calm) {
    await open(page, `/yield/market/${encodeURIComponent(calm.marketId)}?range=24h`)
    await expect(page.getByTestId('outlier-none')).toContainText('Within 3 σ of the 30-day mean')
  }

  // Compared with another market: both histories on one chart, their state side by side.
  const other = histories.find((h) => h.marketId !== flagged!.marketId)!
  await open(page, `/yield/compare?m=${encodeURIComponent(flagged!.marketId)}&m=${encodeURIComponent(other.marketId)}&range=24h`)
  await expect(page.getByTestId('chart-Base rate over time').locator('.recharts-surface path.recharts-curve')).toHaveCount(2)
  await expect(page.getByRole('table', { name: 'Compared markets' }).getByRole('rowheader', { name: 'Outlier (> 3 σ)' }).locator('..')).toContainText('Yes')

  // The markets table reads the same record: the 30-day mean beside each market.
  await open(page, '/yield?sort=nameAsc')
  const row = page.getByRole('table', { name: 'Yield markets' }).locator('tbody tr').first()
  await expect(row.locator('td').nth(5)).toHaveText(/^\d+\.\d{2}% AP[YR]$/)
})

test('offline, the history still draws from what was recorded', async ({ page }) => {
  const id = (await app.appCore.core.session().client.yieldGetMarkets({ sort: 'nameAsc', limit: 1 })).items[0].id
  await app.admin('faults', { spec: 'reset=1' })
  try {
    await open(page, `/yield/market/${encodeURIComponent(id)}?range=all`)
    await expect(page.getByTestId('chart-Rates over time')).toHaveAttribute('data-points', /^[1-9]\d*$/)
    await expect(page.getByTestId('history-age')).toContainText(/Recorded by this app .*, last /)
  } finally {
    await app.admin('faults', { spec: '' })
  }
})

test('the positions of saved wallets are recorded at every snapshot and charted', async ({ page }) => {
  const wallet = `0x${(0xa11ce00).toString(16).padStart(40, '0')}`
  await open(page, `/yield/positions?w=${encodeURIComponent(`${wallet},ethereum`)}`)
  await page.getByRole('button', { name: 'Record these wallets at every snapshot' }).click()
  await expect(page.getByRole('button', { name: 'Stop recording these wallets' })).toBeVisible()
  for (let i = 0; i < 2; i++) {
    await app.admin('clock', { advanceMs: 3_600_000 })
    await app.appCore.handlers.recordMarketsNow({})
  }
  await page.reload()
  const chart = page.getByTestId('chart-Recorded value over time')
  await expect(chart).toHaveAttribute('data-points', '2')
  await expect(chart.locator('.recharts-surface path.recharts-curve').first()).toBeAttached()
})
