import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { test, expect, type WireForm } from './fixtures'
import { DEPLOYED_DIALECT } from './test-app'

const run = promisify(execFile)

/** The wire options a person gives for the worker's service: none for the spec's form, the deployed form's otherwise. */
const wireArgs = (form: WireForm): string[] =>
  form === 'deployed'
    ? ['--service-name', DEPLOYED_DIALECT.serviceName, ...DEPLOYED_DIALECT.renames.flatMap((r) => ['--rename', `${r.neutral}=${r.wire}`]), '--big-ints', DEPLOYED_DIALECT.bigInts]
    : []

/**
 * The command line as a power user runs it (`npm run cli --`), against the same service
 * the page shows: what it prints must agree with the page and the service.
 */
test('npm run cli -- lookup --json prints the intent with the status the service reports, as the page shows it', async ({ open, app, wireForm }) => {
  const intentId = app.appCore.simulator.dataset.records[1].intentId
  const { intent: truth } = await app.appCore.core.session().client.getIntent({ intentId })
  const { stdout } = await run('npm', ['run', '-s', 'cli', '--', 'lookup', intentId, '--json', '--base-url', app.appCore.simulator.url, ...wireArgs(wireForm)], {
    env: { ...process.env, INTENT_EXPLORER_ACCESS_KEY: 'demo-key' },
    timeout: 60_000,
  })
  // Always an array, even for one intent.
  const [printed, ...more] = JSON.parse(stdout)
  expect(more).toEqual([])
  expect(printed.intentId).toBe(intentId)
  expect(printed.status).toBe(truth.status)
  expect(printed.quoteRequest.originTokenAmount).toBe(truth.quoteRequest!.originTokenAmount)

  const page = await open(`/intent/${intentId}`)
  await expect(page.locator('.intent-status-line [data-status]')).toHaveText(printed.status)
})

test('npm run cli -- lookup by URL without the wire options the service needs fails with advice about the options, not Settings', async ({ app, wireForm }) => {
  test.skip(wireForm !== 'deployed', 'the spec form needs no wire options')
  const intentId = app.appCore.simulator.dataset.records[1].intentId
  const failed = await run('npm', ['run', '-s', 'cli', '--', 'lookup', intentId, '--base-url', app.appCore.simulator.url], {
    env: { ...process.env, INTENT_EXPLORER_ACCESS_KEY: 'demo-key' },
    timeout: 60_000,
  }).then(
    () => undefined,
    (e: { code: number; stderr: string }) => e,
  )
  expect(failed?.code).toBe(1)
  expect(failed?.stderr).toMatch(/does not support (GetIntent|SearchIntents)/)
  expect(failed?.stderr).toMatch(/--service-name/)
  expect(failed?.stderr).not.toMatch(/Settings/)
})
