import type { Locator } from '@playwright/test'

/**
 * Every value of `attr` (or, without it, the text) of the elements `cells` finds,
 * gathered while the view's scroll pane is moved through the whole list: long tables
 * draw only the rows near the screen.
 */
export async function allAcrossScroll(cells: Locator, attr?: string): Promise<string[]> {
  const page = cells.page()
  const root = page.locator('[data-scroll-root]')
  const seen = new Set<string>()
  const collect = async () => {
    for (const v of await cells.evaluateAll((els, a) => els.map((e) => (a ? e.getAttribute(a) : e.textContent) ?? ''), attr ?? null)) seen.add(v)
  }
  await root.evaluate((el) => el.scrollTo({ top: 0 }))
  for (let step = 0; step < 400; step++) {
    await collect()
    const moved = await root.evaluate((el) => {
      const before = el.scrollTop
      // A screenful a step: the table draws a margin of rows beyond the screen on both sides.
      el.scrollBy({ top: el.clientHeight })
      return el.scrollTop !== before
    })
    if (!moved) break
    // Let the table draw the rows the scroll brought into view.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
  }
  await collect()
  await root.evaluate((el) => el.scrollTo({ top: 0 }))
  return [...seen]
}
