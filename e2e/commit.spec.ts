import { test, expect, type TestApp } from './fixtures'

const OWNER = `0x${'7c'.repeat(20)}`
const USDC_BASE = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'
const USDC_ARB = '0xaf88d065e77c8cc2239327c5edb3a432268e5831'

const quote = (app: TestApp) =>
  app.appCore.core.session().client.quoteIntent({
    ownerAddress: OWNER,
    originChainId: 8453,
    originTokenAddress: USDC_BASE,
    originTokenAmount: '50000000',
    destinationChainId: 42161,
    destinationTokenAddress: USDC_ARB,
  })

test('a quote from the Quote form is shown readably, committed, and opens a 10-minute execution window', async ({ open, app }) => {
  const page = await open('/commit')
  await page.getByRole('button', { name: 'Get a quote…' }).click()
  const form = page.getByRole('form', { name: 'Get a quote' })
  await form.getByLabel('Owner wallet').fill(OWNER)
  await form.getByLabel('Amount (base units)').fill('50000000')
  await form.getByRole('button', { name: 'Get quote' }).click()
  await form.getByRole('button', { name: 'Use this intent' }).click()

  const details = page.getByRole('region', { name: 'Intent details' })
  await expect(details).toContainText('QUOTED')
  await expect(details).toContainText('Base')
  await expect(details).toContainText('Arbitrum One')
  await expect(details.getByText('You send').locator('xpath=following-sibling::dd[1]')).toContainText('50 USDC')
  const quotedId = JSON.parse(await page.getByLabel('Intent to commit').inputValue()).intent.intentId as string

  await page.getByRole('button', { name: 'Commit intent' }).click()
  const done = page.getByRole('status', { name: 'Committed' })
  await expect(done.getByTestId('committed-intent-id')).toHaveText(quotedId)
  await expect(done.getByTestId('execution-window')).toHaveText(/Execute before \d\d:\d\d:\d\d \((9m \d\ds|10m 00s) left\)/)
  const first = await done.getByRole('timer').textContent()
  await expect(done.getByRole('timer')).not.toHaveText(first!, { timeout: 3_000 })

  const { intent } = await app.appCore.core.session().client.getIntent({ intentId: quotedId })
  expect(intent.status).toBe('COMMITTED')

  await done.getByRole('link', { name: 'Open the intent' }).click()
  await expect(page).toHaveURL(new RegExp(`#/intent/${quotedId}$`))
})

test('a modified intent is rejected with the service’s reason', async ({ open, app }) => {
  const answer = await quote(app)
  const tampered = { ...answer, intent: { ...answer.intent, quote: { ...answer.intent.quote, toAmount: `${answer.intent.quote!.toAmount}1` } } }
  const page = await open('/commit')
  await page.getByLabel('Intent to commit').fill(JSON.stringify(tampered, null, 2))
  await expect(page.getByRole('region', { name: 'Intent details' })).toBeVisible()

  await page.getByRole('button', { name: 'Commit intent' }).click()
  // The service refuses a changed intent as a bad request (WebrpcBadRequest), naming the field.
  const alert = page.getByRole('alert').filter({ hasText: 'Invalid request' })
  await expect(alert).toContainText('differs from the quoted intent at quote.toAmount')
  await expect(page.getByRole('status', { name: 'Committed' })).toHaveCount(0)

  const { intent } = await app.appCore.core.session().client.getIntent({ intentId: answer.intent.intentId! })
  expect(intent.status).toBe('QUOTED')
})

test('the unmodified intent, pasted as the bare intent the service wrote, commits', async ({ open, app }) => {
  const answer = await quote(app)
  const page = await open('/commit')
  await page.getByLabel('Intent to commit').fill(JSON.stringify(answer.intent))
  await expect(page.getByText('Read an intent; it will be committed exactly as it is.')).toBeVisible()
  await page.getByRole('button', { name: 'Commit intent' }).click()
  await expect(page.getByTestId('committed-intent-id')).toHaveText(answer.intent.intentId!)
})
