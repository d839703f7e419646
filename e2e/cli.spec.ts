import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { test, expect } from './fixtures'

const run = promisify(execFile)

/**
 * The command line as a power user runs it (`npm run cli --`), against the same service
 * the page shows: what it prints must agree with the page and the service.
 */
test('npm run cli -- lookup --json prints the intent with the status the service reports, as the page shows it', async ({ open, app }) => {
  const intentId = app.appCore.simulator.dataset.records[1].intentId
  const { intent: truth } = await app.appCore.core.session().client.getIntent({ intentId })
  const { stdout } = await run('npm', ['run', '-s', 'cli', '--', 'lookup', intentId, '--json', '--base-url', app.appCore.simulator.url], {
    env: { ...process.env, INTENT_EXPLORER_ACCESS_KEY: 'demo-key' },
    timeout: 60_000,
  })
  const printed = JSON.parse(stdout)
  expect(printed.intentId).toBe(intentId)
  expect(printed.status).toBe(truth.status)
  expect(printed.quoteRequest.originTokenAmount).toBe(truth.quoteRequest!.originTokenAmount)

  const page = await open(`/intent/${intentId}`)
  await expect(page.locator('.intent-status-line [data-status]')).toHaveText(printed.status)
})
