import { test, expect, type TestApp } from './fixtures'
import { notifications, recordNotifications } from './notifications'

/**
 * Live watching in the browser host: the main core's watcher long-polls the embedded
 * simulator, the page follows over the event stream, and the page itself shows the
 * desktop notifications (recorded here by wrapping `window.Notification`).
 */

async function createExecuting(app: TestApp): Promise<string> {
  const { intentId } = await app.admin<{ intentId: string }>('createIntent', { status: 'EXECUTING' })
  return intentId
}

const added: string[] = []

test.beforeEach(async ({ context, page, app }) => {
  // Other specs in this worker may have watched intents: start from an empty board.
  const profileId = app.appCore.core.activeProfileId()
  for (const w of app.appCore.core.watches.list(profileId).items) app.appCore.core.watches.unwatch(profileId, w.intentId)
  await context.grantPermissions(['notifications'], { origin: app.host.origin })
  await page.addInitScript(recordNotifications)
})

// The app is shared by the worker's tests: leave its watch list as it was.
test.afterEach(async ({ app }) => {
  const profileId = app.appCore.core.activeProfileId()
  for (const id of added.splice(0)) app.appCore.core.watches.unwatch(profileId, id)
  app.appCore.core.watches.setPaused(false)
})

test('the board follows one intent to SUCCEEDED and the intent page follows another to FAILED, with notifications', async ({ open, app }) => {
  const succeeding = await createExecuting(app)
  const failing = await createExecuting(app)
  added.push(succeeding, failing)

  // Added from the board by id.
  const page = await open('/watch')
  await expect(page.getByText('No intents watched')).toBeVisible()
  await page.getByLabel('Add by intent id').fill(succeeding)
  await page.getByLabel('Add by intent id').press('Enter')
  const board = page.getByRole('table', { name: 'Watched intents' })
  const row = (id: string) => board.getByRole('row').filter({ has: page.locator(`a[href="#/intent/${id}"]`) })
  await expect(row(succeeding)).toContainText('EXECUTING')
  await expect(row(succeeding)).toContainText('Live')
  await expect(row(succeeding).locator('[aria-current="step"]')).toHaveText('Deposit')

  // Added from the intent page, whose timeline then moves live.
  await page.goto(`${app.host.newLaunchUrl()}#/intent/${failing}`)
  const timeline = page.getByRole('list', { name: 'Receipt timeline' })
  // The page offers Watch in its header and on the receipt card: either will do.
  await page.getByRole('button', { name: `Watch intent ${failing} live` }).first().click()
  await expect(page.getByRole('button', { name: `Stop watching intent ${failing}` }).first()).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByText('Live receipt from the watch')).toBeVisible()
  await expect(timeline.locator('[data-step="deposit"]')).toHaveAttribute('aria-current', 'step')

  await app.admin('advance', { intentId: failing })
  await expect(timeline.locator('[data-step="deposit"]')).toHaveAttribute('data-state', 'done')
  await expect(timeline.locator('[data-step="origin"]')).toHaveAttribute('aria-current', 'step')

  const reason = 'insufficient liquidity on route'
  await app.admin('advance', { intentId: failing, to: 'FAILED', statusReason: reason })
  await expect(page.locator('.intent-status-line [data-status]')).toHaveText('FAILED')
  await expect(timeline.locator('[data-state="failed"]')).toContainText(reason)
  // Every receipt the watch delivered was cached, so the statuses seen here are listed.
  const seen = page.getByLabel('Statuses seen on this computer')
  await expect(seen).toContainText('EXECUTING')
  await expect(seen).toContainText('FAILED')
  await expect.poll(() => notifications(page)).toEqual([{ title: 'Intent failed', body: expect.stringContaining(reason) }])

  // Back on the board: both rows, one finished, the other finishing now.
  await page.getByRole('link', { name: 'Watch', exact: true }).click()
  await expect(row(failing)).toContainText('FAILED')
  await expect(row(failing)).toContainText(reason)
  await expect(row(failing)).toContainText('Finished')
  await app.admin('advance', { intentId: succeeding, to: 'SUCCEEDED' })
  await expect(row(succeeding)).toContainText('SUCCEEDED')
  await expect(row(succeeding)).toContainText('Finished')
  await expect(row(succeeding).locator('[aria-current="step"]')).toHaveText('Destination')
  await expect(page.getByRole('status').filter({ hasText: 'finished' })).toHaveText('0 live, 2 finished')
  await expect.poll(async () => (await notifications(page)).map((n) => n.title)).toEqual(['Intent failed', 'Intent succeeded'])

  // Clicking a notification opens its intent.
  await page.evaluate(() => window.__notifications[1].onclick?.())
  await expect(page).toHaveURL(new RegExp(`#/intent/${succeeding}$`))
  await expect(page.locator('.intent-status-line [data-status]')).toHaveText('SUCCEEDED')
})

test('muted watches finish without a notification, and Clear finished empties the board', async ({ open, app }) => {
  const quiet = await createExecuting(app)
  added.push(quiet)
  const page = await open('/watch')
  await page.getByLabel('Add by intent id').fill(quiet)
  await page.getByLabel('Add by intent id').press('Enter')
  const board = page.getByRole('table', { name: 'Watched intents' })
  await expect(board).toContainText('EXECUTING')
  await board.getByRole('button', { name: /^Mute notifications/ }).click()
  await expect(board.getByRole('button', { name: /^Unmute/ })).toHaveAttribute('aria-pressed', 'true')

  await app.admin('advance', { intentId: quiet, to: 'SUCCEEDED' })
  await expect(board).toContainText('SUCCEEDED')
  await page.getByRole('button', { name: /^Clear finished/ }).click()
  await expect(page.getByText('No intents watched')).toBeVisible()
  expect(await notifications(page)).toEqual([])
})

test('the add form refuses malformed and unknown ids, and Watch is not offered for a malformed id', async ({ open, app }) => {
  const page = await open('/watch')
  const field = page.getByLabel('Add by intent id')
  await field.fill('hello world')
  await field.press('Enter')
  await expect(page.getByText('An intent id is 0x followed by 64 hex digits.')).toBeVisible()
  // Well formed, but the service has no such intent: refused, not a row that "finishes".
  await field.fill(`0x${'ab'.repeat(32)}`)
  await field.press('Enter')
  await expect(page.getByText(/knows no intent .* Check the id, or switch to the profile it belongs to\./)).toBeVisible()
  await expect(page.getByText('No intents watched')).toBeVisible()
  expect(app.appCore.core.watches.list(app.appCore.core.activeProfileId()).items).toEqual([])

  await page.goto(`${app.host.newLaunchUrl()}#/intent/hello`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('button', { name: /^Watch intent/ })).toHaveCount(0)
})

test('an intent already finished shows its own duration, and a long error wraps inside its cell', async ({ open, app }) => {
  // Ran 125 s by the service's clock, and finished before it was watched.
  const { intentId: finished } = await app.admin<{ intentId: string }>('createIntent', { status: 'EXECUTING' })
  await app.admin('clock', { advanceMs: 125_000 })
  await app.admin('advance', { intentId: finished, to: 'SUCCEEDED' })
  added.push(finished)
  const page = await open('/watch')
  await page.getByLabel('Add by intent id').fill(finished)
  await page.getByLabel('Add by intent id').press('Enter')
  const board = page.getByRole('table', { name: 'Watched intents' })
  const row = (id: string) => board.getByRole('row').filter({ has: page.locator(`a[href="#/intent/${id}"]`) })
  await expect(row(finished)).toContainText('Finished')
  const duration = row(finished).locator('.watch-ago').first()
  await expect(duration).toHaveAttribute('title', /^The intent’s own run time/)
  // "Running for" its own run time, with the route's usual time (or that it is not known) beside it.
  await expect(duration).toHaveText(/^2m \d\ds(usually .+|usual time not known)$/)

  // Stopped by the service with a message holding a 66-character id: it wraps in its cell.
  const unknown = `0x${'cd'.repeat(32)}`
  const profileId = app.appCore.core.activeProfileId()
  app.appCore.core.watches.watch(profileId, unknown)
  added.push(unknown)
  await expect(row(unknown)).toContainText('Stopped')
  const overflowing = await row(unknown)
    .locator('td')
    .evaluateAll((cells) => cells.filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent))
  expect(overflowing).toEqual([])
})

test('Work offline pauses watching: the board says so, main asks nothing, and switching back resumes', async ({ open, app }) => {
  const { intentId } = await app.admin<{ intentId: string }>('createIntent', { status: 'EXECUTING' })
  added.push(intentId)
  const page = await open('/watch')
  await page.getByLabel('Add by intent id').fill(intentId)
  await page.getByLabel('Add by intent id').press('Enter')
  const board = page.getByRole('table', { name: 'Watched intents' })
  await expect(board).toContainText('Live')

  const profileId = app.appCore.core.activeProfileId()
  await page.getByRole('checkbox', { name: 'Work offline' }).check()
  await expect(page.getByRole('status').filter({ hasText: 'Paused while working offline' })).toBeVisible()
  await expect(board.locator('.watch-phase')).toHaveText(/^Paused/)
  await expect(board).not.toContainText('Live')
  expect(app.appCore.core.watches.list(profileId).paused).toBe(true)
  // Finishing while paused is not heard until the switch is off again.
  await app.admin('advance', { intentId, to: 'SUCCEEDED' })
  await page.waitForTimeout(1_500)
  await expect(board).toContainText('EXECUTING')
  // The intent page does not call the paused watch's receipt live either.
  await board.getByRole('link', { name: /^0x/ }).click()
  await expect(page.locator('.intent-status-line [data-status]')).toHaveText('EXECUTING')
  await expect(page.getByText('Live receipt from the watch')).toHaveCount(0)
  await page.getByRole('link', { name: 'Watch', exact: true }).click()

  await page.getByRole('checkbox', { name: 'Work offline' }).uncheck()
  await expect(board).toContainText('SUCCEEDED')
  expect(app.appCore.core.watches.list(profileId).paused).toBe(false)
})
