import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { test, expect } from './fixtures'
import { TOUR } from './tour'

/**
 * Every main view at the smallest supported window (1280×800): no table scrolls
 * sideways, and axe finds no serious or critical violation in the light or the dark
 * scheme. All three checks share one page load per view, to keep the suite fast.
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

test.describe('every main view at 1280×800, light and dark', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  for (const stop of TOUR) {
    test(`${stop.name}: no table scrolls sideways and axe finds nothing serious`, async ({ open, app, page }) => {
      // Some stops fetch before they are ready (routes reads a window of intents).
      test.setTimeout(120_000)
      const undo = stop.prepare?.(app)
      try {
        await page.emulateMedia({ colorScheme: 'light' })
        await open(stop.hash(app))
        await stop.ready(page)
        expect.soft(await sidewaysTables(page), 'tables that scroll sideways').toEqual([])
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
