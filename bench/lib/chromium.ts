import { chromium, type BrowserContext, type Page } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumPath } from '../../e2e/chromium'

export interface Browser {
  context: BrowserContext
  page: Page
  /** Throws if the page had an uncaught error: figures from a broken page mean nothing. */
  checkPage(): void
  close(): Promise<void>
}

/**
 * Headless Debian Chromium with an on-disk profile. On disk, because IndexedDB in an
 * incognito context lives in memory and would flatter every cache figure, and because
 * start-up needs a cache written by an earlier browser session at the same origin.
 * `--enable-precise-memory-info` makes `performance.memory` exact instead of bucketed.
 */
export async function launchChromium(userDataDir: string, viewport = { width: 1280, height: 900 }): Promise<Browser> {
  const executablePath = chromiumPath()
  if (!executablePath) throw new Error('No Chromium found: install Debian’s chromium package or set CHROMIUM_PATH')
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath,
    headless: true,
    args: [...CHROMIUM_ARGS, '--enable-precise-memory-info'],
    viewport,
  })
  // tsx compiles this code with esbuild's keepNames, which wraps named inner functions in
  // a `__name` helper defined only in Node; functions sent to page.evaluate meet it there.
  await context.addInitScript('globalThis.__name ??= (fn) => fn')
  const page = context.pages()[0] ?? (await context.newPage())
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  return {
    context,
    page,
    checkPage() {
      if (errors.length) throw new Error(`uncaught errors in the page: ${errors.join('; ')}`)
    },
    close: () => context.close(),
  }
}
