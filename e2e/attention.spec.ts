import { readFile } from 'node:fs/promises'
import { test, expect } from './fixtures'

/**
 * Needs attention against the simulator: a slow execution and a closing window created
 * through the admin surface, recoverable funds from the seeded dataset; case states that
 * survive a reload; the CSV; a new arrival; and the same queue offline from the cache.
 */
test('the attention queue lists slow, closing and recoverable intents, keeps case notes, exports, and works offline', async ({ open, app }) => {
  test.setTimeout(90_000)
  const sim = app.appCore.simulator
  // One route with a full baseline: 24 intents that took about 5 minutes (a verdict needs 20).
  const route = { originChainId: 1, destinationChainId: 10 }
  sim.clock.advance(-5 * 60_000)
  const timed = Array.from({ length: 24 }, () => sim.createIntent({ status: 'EXECUTING', ...route }))
  sim.clock.advance(5 * 60_000)
  for (const t of timed) sim.advance(t.intentId, { to: 'SUCCEEDED' })
  // Started 30 minutes ago on the simulator's clock: far past the route's usual time.
  const createdLongAgo = (on: Partial<typeof route> = route) => {
    sim.clock.advance(-30 * 60_000)
    try {
      return sim.createIntent({ status: 'EXECUTING', ...on })
    } finally {
      sim.clock.advance(30 * 60_000)
    }
  }
  const slow = createdLongAgo()
  // A route the service has no baseline for (a testnet pair nobody uses): no verdict, listed apart.
  const unjudged = createdLongAgo({ originChainId: 11155111, destinationChainId: 84532 })
  // Committed 9 minutes ago: its 10-minute window closes within the warning time.
  sim.clock.advance(-9 * 60_000)
  const committed = sim.createIntent({ status: 'COMMITTED' })
  sim.clock.advance(9 * 60_000)
  const page = await open('/attention')
  const table = page.getByRole('table', { name: 'Needs attention' })
  const row = (id: string) => table.locator('tbody tr').filter({ has: page.locator(`[data-intent="${id}"]`) })
  await expect(row(slow.intentId).locator('[data-reason]')).toHaveAttribute('data-reason', 'slow', { timeout: 30_000 })
  await expect(row(slow.intentId)).toContainText(/of p95 .*×/)
  await expect(page.getByRole('status', { name: 'Queue status' })).toContainText(/SLA baselines: the last 30 days, [\d,]+ intents read from the service at .*, read again every 10 min/)
  // Online, the queue's age is the one age line of every view: when the service answered.
  await expect(page.getByTestId('data-age')).toContainText(/^The queue from the service \(its three GetIntentHistory questions\), fetched (just now|\d+ min ago), at /)
  // Too few intents on its route to judge: not in the queue, but in its own group with the count.
  await expect(row(unjudged.intentId)).toHaveCount(0)
  const unjudgedRow = page.getByRole('table', { name: 'Executing, baseline incomplete' }).locator('tbody tr').filter({ has: page.locator(`[data-intent="${unjudged.intentId}"]`) })
  await expect(unjudgedRow).toContainText(/baseline incomplete \(\d+ intents?\)/)
  await expect(unjudgedRow).not.toContainText('×')
  await expect(table.locator('[data-reason="recoverable"]').first()).toBeVisible()
  await expect(row(committed.intentId).locator('[data-reason]')).toHaveAttribute('data-reason', 'window-closing')
  await expect(row(committed.intentId)).toContainText(/left of the window|window closed/)

  // A case state and a note, kept across a reload.
  await page.getByRole('combobox', { name: `Case state of ${slow.intentId}` }).selectOption('waiting')
  const note = page.getByRole('textbox', { name: `Note on ${slow.intentId}` })
  await note.fill('Asked the bridge provider')
  await note.press('Control+Enter')
  await expect(note).toHaveValue('')
  await expect(row(slow.intentId).locator('.attention-case-note')).toHaveText('Asked the bridge provider')

  // The CSV carries the queue with the case state and note.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()])
  const csv = await readFile((await download.path())!, 'utf8')
  expect(csv).toContain(`${slow.intentId},Executing longer than the route usually takes,EXECUTING,`)
  expect(csv).toContain('waiting,Asked the bridge provider')

  // A new arrival is announced after a refresh.
  const later = createdLongAgo()
  await page.getByRole('button', { name: 'Refresh' }).click()
  await expect(row(later.intentId)).toContainText('new')
  await expect(page.getByRole('status', { name: 'New in the queue' })).toContainText('1 new since you opened the queue')

  // Offline after a reload: the cache answers, and the case survived.
  await page.getByRole('checkbox', { name: 'Work offline' }).check()
  await page.reload()
  await expect(row(slow.intentId).locator('[data-reason]')).toHaveAttribute('data-reason', 'slow', { timeout: 30_000 })
  await expect(page.getByTestId('cached-notice')).toContainText(/^Working offline — cached data, fetched .*, at /)
  await expect(page.getByRole('combobox', { name: `Case state of ${slow.intentId}` })).toHaveValue('waiting')
  await expect(row(slow.intentId).locator('.attention-case-note')).toHaveText('Asked the bridge provider')

  // The same case on the intent page: its state and its note.
  const intentPage = await open(`/intent/${slow.intentId}`)
  const caseCard = intentPage.getByRole('region', { name: 'Case and notes' })
  await expect(caseCard.getByRole('combobox', { name: `Case state of ${slow.intentId}` })).toHaveValue('waiting', { timeout: 30_000 })
  await expect(caseCard.getByRole('list', { name: 'Notes' })).toContainText('Asked the bridge provider')
})
