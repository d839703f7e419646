import type { Locator, Page } from '@playwright/test'
import { test, expect, type TestApp } from './fixtures'
import { notifications, recordNotifications } from './notifications'

/**
 * Watched filters in the browser host: a History filter saved from the filter bar, polled
 * by the main core against the embedded simulator; a new matching intent and a status
 * change made with the simulator's admin surface show on `#/watch/queries`, and the page
 * shows the desktop notice (recorded by wrapping `window.Notification`).
 */

/** An owner no generated intent has (nor an earlier run in this app), so the filter matches only what the test makes. */
const OWNER = `0x${'e2e0'.repeat(8)}${Math.floor(Math.random() * 0xffffffff).toString(16).padStart(8, '0')}`
/** How the page shortens it in the filter's name. */
const OWNER_SHORT = `${OWNER.slice(0, 6)}…${OWNER.slice(-4)}`

/** One finding of the card about this intent, of the kind its label names ("New", "Status changed"…). */
const findingOf = (page: Page, card: Locator, intentId: string) => (kind: string) =>
  card
    .getByRole('list', { name: /^Found by/ })
    .getByRole('listitem')
    .filter({ hasText: kind })
    .filter({ has: page.locator(`a[href="#/intent/${intentId}"]`) })

/** Makes an EXECUTING intent of the owner and polls the card at once: it is listed as new. */
async function newExecutingIntent(app: TestApp, page: Page, card: Locator, owner: string): Promise<{ intentId: string; item: (kind: string) => Locator }> {
  const { intentId } = await app.admin<{ intentId: string }>('createIntent', { status: 'EXECUTING', ownerAddress: owner })
  await card.getByRole('button', { name: /^Poll .* now$/ }).click()
  const item = findingOf(page, card, intentId)
  await expect(item('New')).toContainText('EXECUTING', { timeout: 15_000 })
  return { intentId, item }
}

test.beforeEach(async ({ context, page, app }) => {
  const control = app.appCore.core.queryWatches!
  const profileId = app.appCore.core.activeProfileId()
  for (const q of control.list(profileId).items) control.remove(profileId, q.id)
  await context.grantPermissions(['notifications'], { origin: app.host.origin })
  await page.addInitScript(recordNotifications)
})

// The app is shared by the worker's tests: leave no query polling.
test.afterEach(async ({ app }) => {
  const control = app.appCore.core.queryWatches!
  const profileId = app.appCore.core.activeProfileId()
  for (const q of control.list(profileId).items) control.remove(profileId, q.id)
})

test('a History filter saved as a watch lists a new matching intent and its status change, with a notice', async ({ open, app }) => {
  const page = await open(`/history?owner=${OWNER}&status=EXECUTING&status=FAILED`)
  await page.getByRole('button', { name: 'Watch this filter' }).click()
  await expect(page.getByText(`Watching “owner ${OWNER_SHORT} · EXECUTING, FAILED”`)).toBeVisible()
  await page.getByRole('link', { name: 'see watched filters' }).click()

  await expect(page).toHaveURL(/#\/watch\/queries\?focus=/)
  await expect(page.getByLabel('Watched filter limits')).toHaveText('1 of 20 watched filters (all profiles) · each polled at most every 30 s')
  const card = page.getByRole('article', { name: new RegExp(`^owner ${OWNER_SHORT}`) })
  await expect(card).toContainText('1 min')
  // The first poll is the starting point: nothing matched, nothing is news.
  await expect(card).toContainText('Nothing new since it was saved.')
  await expect(card).toContainText('0 matching read')

  // A new intent of that owner, EXECUTING: the next poll lists it as new.
  const { intentId, item } = await newExecutingIntent(app, page, card, OWNER)
  await expect(card.getByRole('heading')).toContainText('1 new')
  await expect.poll(() => notifications(page).then((shown) => shown.map((n) => n.title))).toEqual([`owner ${OWNER_SHORT} · EXECUTING, FAILED: 1 new`])

  // It fails: the next poll lists the status change.
  await app.admin('advance', { intentId, to: 'FAILED', statusReason: 'route reverted' })
  await card.getByRole('button', { name: /^Poll .* now$/ }).click()
  await expect(item('Status changed')).toContainText('EXECUTING → FAILED', { timeout: 15_000 })
  await expect(card.getByRole('heading')).toContainText('2 new')

  // Mark seen, pause (Poll now is then off), and the link opens the intent.
  await card.getByRole('button', { name: /^Mark what/ }).click()
  await expect(card.getByRole('heading')).not.toContainText('new')
  await card.getByRole('button', { name: /^Pause/ }).click()
  await expect(card).toContainText('Paused')
  await expect(card.getByRole('button', { name: /^Poll .* now$/ })).toBeDisabled()
  await item('New').getByRole('link').click()
  await expect(page).toHaveURL(new RegExp(`#/intent/${intentId}$`))
  await expect(page.locator('.intent-status-line [data-status]')).toHaveText('FAILED')
})

test('an intent that leaves the watched filter is listed as no longer matching, with the status it had', async ({ open, app }) => {
  const owner = `0x${'e2e1'.repeat(8)}${Math.floor(Math.random() * 0xffffffff).toString(16).padStart(8, '0')}`
  const short = `${owner.slice(0, 6)}…${owner.slice(-4)}`
  const page = await open(`/history?owner=${owner}&status=EXECUTING`)
  await page.getByRole('button', { name: 'Watch this filter' }).click()
  await page.getByRole('link', { name: 'see watched filters' }).click()
  const card = page.getByRole('article', { name: new RegExp(`^owner ${short}`) })
  await expect(card).toContainText('Nothing new since it was saved.')

  const { intentId, item } = await newExecutingIntent(app, page, card, owner)

  // It finishes: it no longer matches an EXECUTING filter, and the next poll says so.
  await app.admin('advance', { intentId, to: 'SUCCEEDED' })
  await card.getByRole('button', { name: /^Poll .* now$/ }).click()
  await expect(item('No longer matches')).toContainText('was EXECUTING', { timeout: 15_000 })
  await expect
    .poll(() => notifications(page).then((shown) => shown.map((n) => n.title)))
    .toEqual([`owner ${short} · EXECUTING: 1 new`, `owner ${short} · EXECUTING: 1 no longer matching`])
})

test('the Watch board links to the watched filters, and removing the last one leaves the empty state', async ({ open, app }) => {
  const control = app.appCore.core.queryWatches!
  control.add(app.appCore.core.activeProfileId(), { name: 'FAILED on project 42', query: { byProjectId: 42, byStatuses: ['FAILED'] } })
  const page = await open('/watch')
  await page.getByRole('link', { name: /^Watched filters \(1/ }).click()
  const card = page.getByRole('article', { name: /FAILED on project 42/ })
  await expect(card).toContainText('matching read')
  await card.getByRole('button', { name: 'Stop watching “FAILED on project 42”' }).click()
  await expect(page.getByText('No filters watched')).toBeVisible()
  await expect(page.getByLabel('Watched filter limits')).toContainText('0 of 20')
})
