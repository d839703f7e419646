import type { Page } from '@playwright/test'
import { test, expect, type TestApp } from './fixtures'
import { HEAVY_OWNER_ADDRESS } from '../tools/simulator'
import { clippedCells, sidewaysPage, sidewaysTables, tallCells } from './layout'
import { TOUR, type TourStop } from './tour'

/**
 * Each view in its widest state at the smallest supported window (1280×800), light and
 * dark: the whole answer of a busy owner in Search, History with balances, the attention
 * queue with slow intents, market detail, Routes, Bulk, Watch and Compare. No table and
 * no page scrolls sideways, and no cell cuts its text (an amount, a symbol, a route).
 */

const stop = (name: string): TourStop => {
  const found = TOUR.find((s) => s.name === name)
  if (!found) throw new Error(`no tour stop ${name}`)
  return found
}

/** The route (origin and destination chain) with the most succeeded intents in the dataset: its p95 has samples enough. */
function busiestRoute(app: TestApp): { originChainId: number; destinationChainId: number } {
  const counts = new Map<string, number>()
  for (const r of app.appCore.simulator.dataset.records)
    if (r.status === 'SUCCEEDED') counts.set(`${r.originChainId}>${r.destinationChainId}`, (counts.get(`${r.originChainId}>${r.destinationChainId}`) ?? 0) + 1)
  const [origin, destination] = [...counts].sort((a, b) => b[1] - a[1])[0][0].split('>').map(Number)
  return { originChainId: origin, destinationChainId: destination }
}

/** An executing intent on the busiest route, started `minutes` ago on the service's clock. */
function executingSince(app: TestApp, minutes: number) {
  const sim = app.appCore.simulator
  sim.clock.advance(-minutes * 60_000)
  try {
    return sim.createIntent({ status: 'EXECUTING', ...busiestRoute(app) })
  } finally {
    sim.clock.advance(minutes * 60_000)
  }
}

const WIDEST: TourStop[] = [
  {
    name: 'search (a busy owner, the whole answer)',
    caption: '',
    hash: () => `/search?byOwnerAddress=${HEAVY_OWNER_ADDRESS}`,
    ready: async (page: Page) => {
      await page.getByRole('table', { name: 'Search results' }).locator('tbody tr').first().waitFor({ timeout: 30_000 })
      await expect(page.getByTestId('search-pending')).toHaveCount(0, { timeout: 60_000 })
      const showAll = page.getByRole('button', { name: /^Show all/ })
      if (await showAll.count()) await showAll.click()
    },
  },
  {
    name: 'history (a busy owner, with balances)',
    caption: '',
    hash: () => `/history?owner=${HEAVY_OWNER_ADDRESS}&balances=1`,
    ready: (page: Page) => page.getByTestId('history-row').first().waitFor({ timeout: 30_000 }),
  },
  {
    ...stop('attention'),
    name: 'attention (slow intents)',
    prepare: (app) => {
      // Enough finished intents on the route for a p95 (a verdict needs 20), then two slow ones.
      for (let i = 0; i < 24; i++) app.appCore.simulator.createIntent({ status: 'SUCCEEDED', ...busiestRoute(app) })
      executingSince(app, 30)
      executingSince(app, 95)
      return () => undefined
    },
    // The timers against the route's p95, once the queue has read the routes' baseline.
    ready: async (page: Page) => {
      await stop('attention').ready(page)
      await page.locator('.sla').filter({ hasText: /of p95/ }).first().waitFor({ timeout: 60_000 })
    },
  },
  stop('market'),
  stop('routes'),
  stop('bulk'),
  stop('watch'),
  stop('compare'),
]

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
]) {
  test.describe(`views in their widest state at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport })

    for (const view of WIDEST) {
      test(`${view.name}: nothing scrolls sideways and no cell cuts its text`, async ({ open, app, page }) => {
        test.setTimeout(150_000)
        const undo = view.prepare?.(app)
        try {
          await open(view.hash(app))
          await view.ready(page)
          for (const colorScheme of ['light', 'dark'] as const) {
            await page.emulateMedia({ colorScheme })
            expect.soft(await sidewaysTables(page), `tables that scroll sideways (${colorScheme})`).toEqual([])
            expect.soft(await sidewaysPage(page), `the page scrolls sideways (${colorScheme})`).toEqual([])
            expect.soft(await clippedCells(page), `cells that cut their text (${colorScheme})`).toEqual([])
            expect.soft(await tallCells(page, '.sla', 2), `timers over two lines (${colorScheme})`).toEqual([])
          }
        } finally {
          undo?.()
        }
      })
    }
  })
}
