import { test as base, expect, type Page } from '@playwright/test'
import { startTestApp, type TestApp, type WireForm } from './test-app'

/** Set per Playwright project (`playwright.config.ts`): which wire the worker's simulator serves. */
export interface WireFormOption {
  wireForm: WireForm
}

/**
 * Each worker runs one test app (see `startTestApp`): in the spec's wire form, or, in the
 * `deployed` project, in a deployed service's form behind a profile carrying its dialect.
 * Tests drive the built renderer in Debian Chromium.
 */
export const test = base.extend<{ app: TestApp; open: (hash?: string) => Promise<Page> }, WireFormOption & { workerApp: TestApp }>({
  wireForm: ['spec', { scope: 'worker', option: true }],
  workerApp: [
    async ({ wireForm }, use) => {
      const { stop, ...app } = await startTestApp({ form: wireForm })
      await use(app)
      await stop()
    },
    { scope: 'worker' },
  ],
  app: async ({ workerApp }, use) => use(workerApp),
  open: async ({ page, workerApp }, use) => {
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await use(async (hash = '') => {
      await page.goto(`${workerApp.host.newLaunchUrl()}${hash ? `#${hash}` : ''}`)
      return page
    })
    expect(errors, 'uncaught errors in the page').toEqual([])
  },
})

export { expect, startTestApp }
export type { TestApp, TestAppOptions, WireForm } from './test-app'
