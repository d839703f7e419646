import type { Page } from '@playwright/test'
import { randomUUID } from 'node:crypto'
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { HEAVY_OWNER_ADDRESS } from '../tools/simulator'
import { startTestApp, test, expect } from './fixtures'
import { dumpIndexedDb, dumpWebStorage } from './pageState'

/**
 * Key custody, end to end: a unique access key, accepted by the simulator and by nothing
 * else, is set for a profile through Settings, and every view is used with it. The key
 * must work (the service answers) and must never come back out: not in any bridge
 * answer, not in any bridge event, not in the DOM, IndexedDB, local or session storage,
 * nor in anything the page logs. At rest, the browser host's key file is the owner's only.
 */

const KEY = `sk-custody-${randomUUID()}`

/** Same-document navigation: the renderer keeps its state, as when a person clicks around. */
async function go(page: Page, origin: string, hash: string): Promise<void> {
  await page.goto(`${origin}/#${hash}`)
}

test('the access key works in every view and never reaches the page', async ({ page }) => {
  test.setTimeout(120_000)
  const app = await startTestApp({ extraAccessKeys: [KEY] })
  try {
    const origin = app.host.origin
    const records = app.appCore.simulator.dataset.records
    const { intentId: inFlight } = await app.admin<{ intentId: string }>('createIntent', { status: 'EXECUTING' })

    // Everything that crosses from the main core to the page, and everything the page says.
    const answers: string[] = []
    page.on('response', (res) => {
      if (new URL(res.url()).pathname.startsWith('/bridge/') && res.request().method() === 'POST') void res.text().then((t) => answers.push(t), () => undefined)
    })
    const events: string[] = []
    const stopEvents = app.appCore.events.on((e) => events.push(JSON.stringify(e)))
    const logged: string[] = []
    page.on('console', (m) => logged.push(m.text()))
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))

    await page.goto(app.host.newLaunchUrl())
    await expect(page).toHaveURL(/#\/search$/)

    // A profile for the simulator's own URL: unlike the built-in one it has no default key.
    await go(page, origin, '/settings')
    await page.getByRole('button', { name: 'Add profile' }).click()
    const form = page.getByRole('form', { name: 'New profile' })
    await form.getByLabel('Name').fill('Custody')
    await form.getByLabel('Service URL').fill(app.appCore.simulator.url)
    await form.getByRole('button', { name: 'Save profile' }).click()
    const card = page.locator('[data-testid^="profile-"]').filter({ hasText: 'Custody' })
    await card.getByRole('button', { name: 'Test connection' }).click()
    await expect(card.getByRole('alert')).toContainText('needs an access key and none is set')

    await card.getByPlaceholder('Paste the access key').fill(KEY)
    await card.getByRole('button', { name: 'Save key' }).click()
    await expect(card.getByRole('status').filter({ hasText: 'Access key stored.' })).toBeVisible()
    // Checked once the main core has switched profiles, so clicked rather than `check()`ed.
    await card.getByRole('radio', { name: 'Use Custody' }).click()
    await expect(card.getByRole('radio', { name: 'Use Custody' })).toBeChecked()
    await card.getByRole('button', { name: 'Test connection' }).click()
    await expect(card.getByText(/Connected: \d+ chains/)).toBeVisible()
    await expect(page.getByTestId('connection')).toContainText('Custody')

    // Every view, each showing what the service answered with the key.
    await go(page, origin, '/chains')
    await expect(page.getByRole('table', { name: 'Chains' }).locator('tbody tr')).toHaveCount(21)
    await go(page, origin, `/search?byOwnerAddress=${records[60].owner}`)
    await expect(page.getByTestId('search-summary')).toHaveText(/^\d+ intents? for owner/)
    await go(page, origin, '/history')
    await expect(page.getByTestId('history-row').first()).toBeVisible()
    await go(page, origin, `/intent/${records[1].intentId}`)
    await expect(page.getByText('Receipt from the service')).toBeVisible()
    await go(page, origin, `/compare?a=${records[1].intentId}&b=${records[2].intentId}`)
    await go(page, origin, '/watch')
    await page.getByLabel('Add by intent id').fill(inFlight)
    await page.getByRole('button', { name: 'Watch', exact: true }).click()
    await expect(page.getByRole('table', { name: 'Watched intents' }).locator('.watch-phase')).toHaveAttribute('data-phase', 'polling')
    await go(page, origin, '/yield')
    await expect(page.getByRole('table', { name: 'Yield markets' }).locator('tbody tr').first()).toBeVisible()
    await page.getByRole('table', { name: 'Yield markets' }).locator('tbody tr').first().click()
    await expect(page).toHaveURL(/#\/yield\/market\//)
    await go(page, origin, `/yield/positions?w=${encodeURIComponent(`${HEAVY_OWNER_ADDRESS},base`)}`)
    await expect(page.getByTestId('position-market').first()).toBeVisible()
    await go(page, origin, '/earn')
    await expect(page.getByRole('table', { name: 'Earn pools' }).locator('tbody tr').first()).toBeVisible()
    await go(page, origin, '/commit')
    await page.getByRole('button', { name: 'Get a quote…' }).click()
    await page.getByLabel('Owner wallet').fill(HEAVY_OWNER_ADDRESS)
    await page.getByRole('button', { name: 'Get quote' }).click()
    await page.getByRole('button', { name: 'Use this intent' }).click()
    await page.getByRole('button', { name: 'Commit intent' }).click()
    await expect(page.getByRole('status', { name: 'Committed' })).toBeVisible()
    await go(page, origin, '/cache')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await go(page, origin, '/settings')
    await expect(card).toContainText('(stored)')

    // The key was really used: the service saw it on the calls above.
    expect(answers.length).toBeGreaterThan(15)
    expect(answers.filter((a) => a.includes('"kind":"Unauthorized"'))).toHaveLength(1)

    // Nowhere on the page's side.
    const places: Record<string, string> = {
      'bridge answers': answers.join('\n'),
      'bridge events': events.join('\n'),
      DOM: await page.evaluate(() => {
        const values = Array.from(document.querySelectorAll('input, textarea'), (el) => (el as HTMLInputElement).value)
        return `${document.documentElement.outerHTML}\n${values.join('\n')}`
      }),
      IndexedDB: JSON.stringify(await dumpIndexedDb(page)),
      'local and session storage': JSON.stringify(await dumpWebStorage(page)),
      'console output': logged.join('\n'),
    }
    for (const [where, text] of Object.entries(places)) expect(text.includes(KEY), `the key appears in the ${where}`).toBe(false)
    expect(places.IndexedDB.length, 'the cache was written').toBeGreaterThan(10_000)
    expect(errors).toEqual([])

    // At rest: the browser host keeps keys in a file only its owner can read.
    const keyFile = join(app.dataDir, 'access-keys.json')
    expect(readFileSync(keyFile, 'utf8')).toContain(KEY)
    if (process.platform !== 'win32') expect(statSync(keyFile).mode & 0o777).toBe(0o600)
    stopEvents()
  } finally {
    await app.stop()
  }
})
