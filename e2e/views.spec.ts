import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { test, expect } from './fixtures'
import { TOUR } from './tour'

/**
 * Every main view, opened once per colour scheme at the smallest supported window
 * (1280×800): no table scrolls sideways, and axe finds no serious or critical violation.
 * Both checks share each page load, to keep the suite fast.
 */

/** Tables (and grid tables) whose scroll box is wider inside than out. */
const sidewaysTables = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = []
    for (const table of Array.from(document.querySelectorAll<HTMLElement>('table, [role="table"]'))) {
      for (let box: HTMLElement | null = table; box && box !== document.body; box = box.parentElement) {
        const scrolls = getComputedStyle(box).overflowX !== 'visible'
        if (scrolls && box.scrollWidth > box.clientWidth + 1) {
          found.push(`${table.getAttribute('aria-label') ?? table.className}: ${box.scrollWidth}px in ${box.clientWidth}px`)
          break
        }
      }
    }
    return found
  })

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`every view in ${colorScheme} at 1280×800: no table scrolls sideways and axe finds nothing serious`, async ({ browser, app }) => {
    test.setTimeout(240_000)
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    try {
      for (const stop of TOUR) {
        await test.step(stop.name, async () => {
          const undo = stop.prepare?.(app)
          try {
            await page.goto(`${app.host.launchUrl}#${stop.hash(app)}`)
            await stop.ready(page)
            expect.soft(await sidewaysTables(page), `${stop.name}: tables that scroll sideways`).toEqual([])
            expect.soft(await seriousViolations(page), `${stop.name}: serious or critical axe violations`).toEqual([])
          } finally {
            undo?.()
          }
        })
      }
    } finally {
      await context.close()
    }
    expect(errors, 'uncaught errors in the page').toEqual([])
  })
}
