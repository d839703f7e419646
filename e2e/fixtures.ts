import { test as base, expect, type Page } from '@playwright/test'
import { startTestApp, type TestApp } from './test-app'

/**
 * Each worker runs one test app (see `startTestApp`, in the spec shape); tests drive the
 * built renderer in Debian Chromium.
 */
export const test = base.extend<{ app: TestApp; open: (hash?: string) => Promise<Page> }, { workerApp: TestApp }>({
  workerApp: [
    async ({}, use) => {
      const { stop, ...app } = await startTestApp()
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
export type { TestApp, TestAppOptions } from './test-app'
