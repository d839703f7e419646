import type { Page } from '@playwright/test'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { HEAVY_OWNER_ADDRESS } from '../tools/simulator'
import { observeAll } from '../src-main/marketHistory/observe'
import { marketFileName } from '../src-main/marketHistory/recordFile'
import { MarketHistoryStore } from '../src-main/marketHistory/store'
import { buildCatalog, marketAt } from '../tools/simulator/markets'
import type { TestApp } from './test-app'

/**
 * One stop per main view of the app, opened from the e2e fixtures' simulator: shared by
 * the layout and accessibility checks (e2e/views.spec.ts) and by `npm run screenshots`,
 * so the README's pictures show exactly what the checks looked at.
 */
export interface TourStop {
  /** File name of the picture and the test's label. */
  name: string
  /** Caption in the README. */
  caption: string
  /** Hash route, built from the fixture's dataset. */
  hash(app: TestApp): string
  /** Waits until the view shows its data, not a spinner. */
  ready(page: Page): Promise<unknown>
  /** Sets the app up for the view (e.g. intents to watch); returns how to undo it. */
  prepare?(app: TestApp): () => void
}

/**
 * A week of the market's history, every 15 minutes, as the simulator served it at each of
 * those instants (its markets move with its clock), written as the app's recorder writes it.
 */
function recordWeekOf(app: TestApp, marketId: string): () => void {
  const entry = buildCatalog(1).byId.get(marketId)
  if (!entry) throw new Error(`the simulator has no market ${marketId}`)
  const dir = join(app.dataDir, 'market-history', app.appCore.core.activeProfileId())
  // A stop before may have recorded the market already (the markets list shows it): the week replaces that record.
  rmSync(join(dir, marketFileName(marketId)), { force: true })
  const store = new MarketHistoryStore(dir)
  const now = app.appCore.simulator.clock.now()
  for (let t = now - 7 * 86_400_000; t <= now; t += 15 * 60_000) {
    store.record(observeAll([marketAt(entry, t).market as never], t - now + Date.now()), t - now + Date.now(), { full: false, intervalMs: 15 * 60_000 })
  }
  return () => undefined
}

const recordAt = (app: TestApp, n: number) => app.appCore.simulator.dataset.records[n - 1]
const wallet = (address: string, network: string) => `w=${encodeURIComponent(`${address},${network}`)}`

export const TOUR: TourStop[] = [
  {
    name: 'search',
    caption: 'Search: everything a pasted owner address matches, with the filter it matched as',
    hash: (app) => `/search?byOwnerAddress=${recordAt(app, 1).owner}`,
    ready: (page) => page.getByRole('table').first().locator('tbody tr').first().waitFor(),
  },
  {
    name: 'intent',
    caption: 'Intent: a failed intent with its reason up front, the receipt timeline and every field',
    hash: (app) => `/intent/${recordAt(app, 2).intentId}`,
    ready: (page) => page.getByRole('list', { name: 'Receipt timeline' }).waitFor(),
  },
  {
    name: 'history',
    caption: 'History: every filter, paging, the summary and export',
    hash: () => `/history?owner=${HEAVY_OWNER_ADDRESS}`,
    ready: (page) => page.getByTestId('history-row').first().waitFor(),
  },
  {
    name: 'attention',
    caption: 'Needs attention: slow, closing and recoverable intents, with case states and notes',
    hash: () => '/attention',
    ready: (page) => page.getByRole('table', { name: 'Needs attention' }).locator('tbody tr').first().waitFor({ timeout: 30_000 }),
  },
  {
    name: 'bulk',
    caption: 'Bulk lookup: a ticket’s worth of keys at once, with the ones that matched nothing',
    hash: (app) => `/bulk?keys=${[recordAt(app, 3).intentId, recordAt(app, 1).owner, `0x${'7'.repeat(64)}`].join(',')}`,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Look up 3 keys' }).click()
      await page.getByRole('table', { name: 'Bulk lookup results' }).locator('tbody tr').first().waitFor({ timeout: 30_000 })
      await page.getByRole('region', { name: 'Keys without a match' }).waitFor()
    },
  },
  {
    name: 'recoverable',
    caption: 'Recoverable funds: a wallet’s funds left at intent addresses, by chain and token',
    hash: (app) => `/recoverable?owner=${recordAt(app, 4).owner}`,
    ready: (page) => page.locator('[data-token-key]').first().waitFor({ timeout: 30_000 }),
  },
  {
    name: 'routes',
    caption: 'Routes: success rates and times per route, from intents fetched into the cache',
    hash: () => '/routes?window=all',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Fetch this window from the service' }).click()
      await page.getByRole('status', { name: 'Fetch result' }).filter({ hasText: /intents fetched$/ }).waitFor({ timeout: 60_000 })
      await page.getByRole('table', { name: 'Routes' }).locator('tbody tr').first().waitFor({ timeout: 30_000 })
    },
  },
  {
    name: 'compare',
    caption: 'Compare: two intents side by side, their differences marked',
    hash: (app) => `/compare?a=${recordAt(app, 2).intentId}&b=${recordAt(app, 3).intentId}`,
    ready: (page) => page.getByRole('table', { name: 'Field comparison' }).locator('tbody tr').first().waitFor({ timeout: 30_000 }),
  },
  {
    name: 'watch',
    caption: 'Watch: live receipts for many intents at once',
    hash: () => '/watch',
    prepare: (app) => {
      const profileId = app.appCore.core.activeProfileId()
      const ids = [1, 2, 3].map((n) => recordAt(app, n).intentId)
      for (const id of ids) app.appCore.core.watches.watch(profileId, id)
      return () => ids.forEach((id) => app.appCore.core.watches.unwatch(profileId, id))
    },
    ready: (page) => page.getByRole('table').first().locator('tbody tr').nth(2).waitFor(),
  },
  {
    name: 'chains',
    caption: 'Chains: the service’s chains with their explorers and tokens',
    hash: () => '/chains',
    ready: (page) => page.getByRole('table').first().locator('tbody tr').first().waitFor(),
  },
  {
    name: 'yield',
    caption: 'Yield: markets filtered and sorted like the service',
    hash: () => '/yield',
    ready: (page) => page.getByRole('table', { name: 'Yield markets' }).locator('tbody tr').first().waitFor(),
  },
  {
    name: 'market',
    caption: 'Market detail: its recorded rates and TVL over time with the 30-day figures and outlier flag, state, mechanics, allocations',
    hash: () => '/yield/market/ethereum-usdc-morpho-gauntlet-vault',
    prepare: (app) => recordWeekOf(app, 'ethereum-usdc-morpho-gauntlet-vault'),
    ready: async (page) => {
      await page.getByRole('region', { name: 'Overview' }).waitFor()
      await page.getByTestId('chart-TVL over time').locator('.recharts-surface path.recharts-curve').first().waitFor()
    },
  },
  {
    name: 'positions',
    caption: 'Positions: a wallet’s balances across markets, charted',
    hash: () => `/yield/positions?${wallet(`0x${(0xa11ce00).toString(16).padStart(40, '0')}`, 'ethereum')}`,
    ready: (page) => page.getByTestId('position-market').first().waitFor(),
  },
  {
    name: 'earn',
    caption: 'Earn pools (deprecated)',
    hash: () => '/earn',
    ready: (page) => page.getByRole('table').first().locator('tbody tr').first().waitFor(),
  },
  {
    name: 'commit',
    caption: 'Commit: get a quote or paste an intent, check it, and commit it',
    hash: () => '/commit',
    ready: (page) => page.getByRole('heading', { level: 1 }).waitFor(),
  },
  {
    name: 'cache',
    caption: 'Cache: what is kept offline, per profile',
    hash: () => '/cache',
    ready: (page) => page.getByRole('heading', { level: 1 }).waitFor(),
  },
  {
    name: 'settings',
    caption: 'Settings: service profiles and their access keys',
    hash: () => '/settings',
    ready: (page) => page.getByRole('heading', { level: 1 }).waitFor(),
  },
]
