import type { Page } from '@playwright/test'

/**
 * Layout checks shared by the views check (e2e/views.spec.ts) and the widest-state check
 * (e2e/layout.spec.ts): what scrolls sideways, and what a cell cuts.
 */

/** Tables (and grid tables) whose scroll box is wider inside than out. */
export const sidewaysTables = (page: Page) =>
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

/** The page itself, or the view's own scroll box, wider inside than out (a sideways scroll bar on the whole view). */
export const sidewaysPage = (page: Page) =>
  page.evaluate(() => {
    const boxes = [document.documentElement, ...Array.from(document.querySelectorAll<HTMLElement>('main, .view, .content'))]
    return boxes.filter((b) => b.scrollWidth > b.clientWidth + 1).map((b) => `${b.tagName.toLowerCase()}${b.className ? `.${String(b.className).split(' ')[0]}` : ''}: ${b.scrollWidth}px in ${b.clientWidth}px`)
  })

/**
 * Text a table cell cuts: any element in a cell (the cell included) that clips its content
 * (overflow other than visible, or an ellipsis) while its content is wider than its box.
 * Form controls are left out (a select or a note box scrolls its own text). Each finding
 * names the table, the column's header and the text.
 */
export const clippedCells = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = []
    const cells = Array.from(document.querySelectorAll<HTMLElement>('td, th, [role="cell"], [role="columnheader"], [role="rowheader"]'))
    for (const cell of cells) {
      const table = cell.closest('table, [role="table"]')
      const name = table?.getAttribute('aria-label') ?? 'table'
      const cellBox = cell.getBoundingClientRect()
      const cellClips = getComputedStyle(cell).overflowX !== 'visible'
      for (const el of [cell, ...Array.from(cell.querySelectorAll<HTMLElement>('*'))]) {
        if (el.closest('select, textarea, input, button')) continue
        const style = getComputedStyle(el)
        const text = (el.textContent ?? '').trim().slice(0, 80)
        // An ellipsis shows at any overflow; a plain clip of under a pixel is rounding.
        const over = el.scrollWidth - el.clientWidth
        const clipped = el.clientWidth > 0 && (style.textOverflow === 'ellipsis' ? over > 0 : style.overflowX !== 'visible' && over > 1)
        // Content pushed out of the cell's box on either side (a right-aligned line overflows to the left, which scrollWidth does not count).
        const box = el.getBoundingClientRect()
        const outside = el !== cell && cellClips && box.width > 0 && (box.left < cellBox.left - 1 || box.right > cellBox.right + 1)
        if (clipped || outside) {
          found.push(`${name}: "${text}" is ${clipped ? `${el.scrollWidth}px in ${el.clientWidth}px` : `${Math.round(box.width)}px, out of its cell`}`)
          break
        }
      }
    }
    return found
  })

/** Cells whose text takes more than `maxLines` lines (a timer or a figure that wraps word by word). */
export const tallCells = (page: Page, selector: string, maxLines: number) =>
  page.locator(selector).evaluateAll(
    (els, max) =>
      els.flatMap((el) => {
        // Lines of text: the tops of its text's boxes, a few pixels apart at most within a line.
        const tops: number[] = []
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim()) continue
          const range = document.createRange()
          range.selectNodeContents(node)
          for (const r of Array.from(range.getClientRects())) if (r.width > 0 && !tops.some((t) => Math.abs(t - r.top) < 4)) tops.push(r.top)
        }
        const lines = tops.length
        return lines > max ? [`"${(el.textContent ?? '').trim()}" takes ${lines} lines`] : []
      }),
    maxLines,
  )
