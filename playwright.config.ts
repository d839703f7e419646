import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumPath } from './e2e/chromium'
import type { WireFormOption } from './e2e/fixtures'

/**
 * The flows that talk to the service, run a second time against the simulator in a
 * deployed service's wire form (another service name, string big integers, vendor
 * renames, the deployed catalogue and shapes) behind a profile carrying that dialect.
 */
const SERVICE_FLOWS = /\/(search|intent|history|watch|commit|yield|cli)\.spec\.ts$/

export default defineConfig<WireFormOption>({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  // One retry absorbs a timing hiccup on a loaded machine; the list reporter still names a test that needed it ("flaky").
  retries: 1,
  reporter: [['list']],
  use: {
    headless: true,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'spec', use: { wireForm: 'spec' } },
    { name: 'deployed', testMatch: SERVICE_FLOWS, use: { wireForm: 'deployed' } },
  ],
})
