import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { test, expect } from './fixtures'
import { HEAVY_OWNER_ADDRESS } from '../tools/simulator'
import { sidewaysPage, sidewaysTables } from './layout'
import { TOUR } from './tour'

/**
 * Every main view at the smallest supported window (1280×800): no table and no page
 * scrolls sideways, and axe finds no serious or critical violation in the light or the dark
 * scheme. All three checks share one page load per view, to keep the suite fast.
 */

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

test.describe('every main view at 1280×800, light and dark', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  for (const stop of TOUR) {
    test(`${stop.name}: no table or page scrolls sideways, and axe finds nothing serious`, async ({ open, app, page }) => {
      // Some stops fetch before they are ready (routes reads a window of intents).
      test.setTimeout(120_000)
      const undo = stop.prepare?.(app)
      try {
        await page.emulateMedia({ colorScheme: 'light' })
        await open(stop.hash(app))
        await stop.ready(page)
        expect.soft(await sidewaysTables(page), 'tables that scroll sideways').toEqual([])
        expect.soft(await sidewaysPage(page), 'the page scrolls sideways').toEqual([])
        // One page load serves both schemes: the colours follow prefers-color-scheme.
        for (const colorScheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme })
          expect.soft(await seriousViolations(page), `serious or critical axe violations in ${colorScheme}`).toEqual([])
        }
      } finally {
        undo?.()
      }
    })
  }
})

test.describe('shell details at 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 }, timezoneId: 'Asia/Kolkata' })

  test('the page carries the app icon, and the sidebar footer keeps each item on one line', async ({ open, page }) => {
    await open('/settings')
    const href = await page.locator('link[rel="icon"]').getAttribute('href')
    const icon = await page.request.get(new URL(href!, page.url()).href)
    expect(icon.status()).toBe(200)
    expect(icon.headers()['content-type']).toContain('image/svg+xml')
    const lines = await page.locator('.sidebar-foot .conn-state, .sidebar-foot .conn-profile, .sidebar-foot label').evaluateAll((els) =>
      els.map((el) => {
        const range = document.createRange()
        range.selectNodeContents(el)
        return `${el.textContent?.trim()}: ${new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size}`
      }),
    )
    expect(lines.length).toBeGreaterThanOrEqual(3)
    for (const line of lines) expect(line).toMatch(/: 1$/)
  })

  test('"Show times in UTC" in Settings switches every date from the local zone to UTC', async ({ open, page }) => {
    await open(`/history?owner=${HEAVY_OWNER_ADDRESS}`)
    const created = page.getByRole('columnheader', { name: /^Created/ })
    await expect(created).toHaveText('Created (GMT+5:30)')
    const firstCreated = page.getByTestId('history-row').first().locator('[aria-colindex="4"]')
    const local = await firstCreated.textContent()
    await page.getByRole('link', { name: 'Settings' }).click()
    await page.getByRole('checkbox', { name: 'Show times in UTC' }).check()
    await expect(page.getByTestId('time-zone-shown')).toContainText('in UTC')
    await page.goBack()
    await expect(created).toHaveText('Created (UTC)')
    // The same instant, 5 h 30 min earlier on the clock.
    const shift = (text: string | null) => Date.parse(`${text!.trim().replace(' ', 'T')}Z`)
    await expect.poll(async () => shift(local) - shift(await firstCreated.textContent())).toBe(5.5 * 3_600_000)
    await page.evaluate(() => localStorage.removeItem('intent-explorer.display'))
  })
})
