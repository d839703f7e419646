import { afterAll, beforeAll } from 'vitest'

/**
 * jsdom lays nothing out, so the virtualized table would show no rows. This gives the
 * history scroll box a viewport for the duration of a test file.
 */
export function giveScrollBoxAViewport(height = 400, width = 1200): void {
  const sizes = [
    ['clientHeight', height],
    ['clientWidth', width],
  ] as const
  const originals = sizes.map(([prop]) => [prop, Object.getOwnPropertyDescriptor(HTMLElement.prototype, prop)] as const)
  beforeAll(() => {
    for (const [prop, value] of sizes)
      Object.defineProperty(HTMLElement.prototype, prop, {
        configurable: true,
        get(this: HTMLElement) {
          return this.dataset.testid === 'history-scroll' ? value : 0
        },
      })
  })
  afterAll(() => {
    for (const [prop, d] of originals) if (d) Object.defineProperty(HTMLElement.prototype, prop, d)
  })
}
