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

test('a quote picked by symbol in token units is shown with symbols, committed, and opens a 10-minute execution window', async ({ open, app }) => {
  const page = await open('/commit')
  await page.getByRole('button', { name: 'Get a quote…' }).click()
  const form = page.getByRole('form', { name: 'Get a quote' })
  await form.getByLabel('Owner wallet').fill(OWNER)
  // Tokens are picked by symbol on each chain; the default route is USDC to USDC.
  await expect(form.getByLabel('From token', { exact: true })).toHaveValue(USDC_BASE)
  await expect(form.getByLabel('From token', { exact: true }).locator('option:checked')).toHaveText('USDC')
  await expect(form.getByLabel('To token', { exact: true }).locator('option:checked')).toHaveText('USDC')

  // Amounts beyond what the token can hold are refused next to the field, and nothing is quoted.
  const amount = form.getByLabel('Amount (USDC)')
  const quoted = () => page.getByRole('button', { name: 'Use this intent' })
  for (const [typed, problem] of [
    ['1.0000001', 'USDC has 6 decimals: at most 6 digits after the point'],
    ['-5', 'The amount cannot be negative'],
    ['0', 'The amount must be above 0'],
    ['9'.repeat(80), 'Too large: no token can hold more than'],
  ]) {
    await amount.fill(typed)
    await form.getByRole('button', { name: 'Get quote' }).click()
    await expect(form.locator('.commit-amount-field')).toContainText(problem)
    await expect(amount).toHaveAttribute('aria-invalid', 'true')
    await expect(quoted()).toHaveCount(0)
  }
  // The refusal of the 80-digit amount wraps inside the form.
  expect(await form.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true)

  // Token units in, the exact base units out.
  await amount.fill('49.93959')
  await expect(form.locator('.commit-amount-field')).toContainText('= 49,939,590 base units')
  await form.getByRole('button', { name: 'Get quote' }).click()
  await expect(form.getByRole('status')).toContainText('Asked for 49.93959 USDC')
  await expect(form.getByRole('status')).toContainText(/USDC on Arbitrum One/)
  await expect(form.getByRole('status')).not.toContainText('0xaf88')
  await quoted().click()

  const details = page.getByRole('region', { name: 'Intent details' })
  await expect(details).toContainText('QUOTED')
  await expect(details).toContainText('Base')
  await expect(details).toContainText('Arbitrum One')
  await expect(details.getByText('You send').locator('xpath=following-sibling::dd[1]')).toContainText('49.93959 USDC')
  await expect(details.getByText('You receive (quoted)').locator('xpath=following-sibling::dd[1]')).toContainText(/\d USDC/)
  await expect(details).not.toContainText('0xaf88')
  // Gas carries its units: gas, gwei, and the origin chain's native coin.
  const gas = details.getByRole('region', { name: 'Gas' })
  await expect(gas).toContainText(/Gas limit[\d,]+ gas/)
  await expect(gas).toContainText(/Gas price[\d.,…]+ gwei/)
  await expect(gas).toContainText(/Gas cost[\d.,…]+ ETH/)
  const quotedId = JSON.parse(await page.getByLabel('Intent to commit').inputValue()).intent.intentId as string

  const commit = page.getByRole('button', { name: 'Commit intent' })
  await commit.click()
  const done = page.getByRole('status', { name: 'Committed' })
  await expect(done.getByTestId('committed-intent-id')).toHaveText(quotedId)
  await expect(done.getByTestId('execution-window')).toHaveText(/Execute before \d\d:\d\d:\d\d \((9m \d\ds|10m 00s) left\)/)
  const first = await done.getByRole('timer').textContent()
  await expect(done.getByRole('timer')).not.toHaveText(first!, { timeout: 3_000 })

  // The service's status replaces QUOTED, and the same intent cannot be committed twice.
  await expect(done.getByTestId('committed-status')).toContainText('COMMITTED')
  await expect(details).toContainText('COMMITTED')
  await expect(details).not.toContainText('QUOTED')
  await expect(commit).toBeDisabled()
  await expect(page.getByTestId('commit-gate')).toHaveText('This intent is already committed (COMMITTED). Get a new quote to commit again.')

  const { intent } = await app.appCore.core.session().client.getIntent({ intentId: quotedId })
  expect(intent.status).toBe('COMMITTED')

  await done.getByRole('link', { name: 'Open the intent' }).click()
  await expect(page).toHaveURL(new RegExp(`#/intent/${quotedId}$`))
})

test('an intent with an 80-digit amount wraps inside its card', async ({ open, app }) => {
  const answer = await quote(app)
  const huge = '9'.repeat(80)
  const page = await open('/commit')
  const text = JSON.stringify(answer, null, 2).replace(`"toAmount": "${answer.intent.quote!.toAmount}"`, `"toAmount": "${huge}"`)
  expect(text).toContain(huge)
  await page.getByLabel('Intent to commit').fill(text)
  const details = page.getByRole('region', { name: 'Intent details' })
  await expect(details).toBeVisible()
  expect(await details.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true)
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
