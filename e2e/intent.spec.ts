import { BIG_AMOUNT_INTENT_ID } from '../tools/simulator'
import { test, expect, type TestApp } from './fixtures'

/**
 * The intent page against the embedded simulator. Ids 2 and 3 of the seeded dataset are a
 * FAILED and a REFUNDED intent (see the simulator's README); ground truth comes from the
 * service client, not from the page.
 */

const intentAt = (app: TestApp, id: number) => app.appCore.simulator.dataset.records[id - 1].intentId

async function truth(app: TestApp, intentId: string) {
  const client = app.appCore.core.session().client
  const [receipt, chains] = await Promise.all([client.getIntentReceipt({ intentId }), client.getChains({})])
  const explorer = (chainId: number | undefined) => chains.chains.find((c) => c.id === chainId)?.blockExplorer?.url?.replace(/\/+$/, '')
  return { receipt: receipt.intentReceipt, explorer }
}

test('a failed intent states its reason prominently and marks the leg that failed', async ({ open, app }) => {
  const intentId = intentAt(app, 2)
  const { receipt, explorer } = await truth(app, intentId)
  expect(receipt.status).toBe('FAILED')
  const reason = receipt.originTransaction?.statusReason
  expect(reason).toBeTruthy()

  const page = await open(`/intent/${intentId}`)
  await expect(page.getByRole('alert', { name: 'Failure reason' })).toContainText(`Failed: ${reason}`)
  await expect(page.locator('.intent-status-line [data-status]')).toHaveText('FAILED')

  const timeline = page.getByRole('list', { name: 'Receipt timeline' })
  await expect(timeline.locator('[data-step="deposit"]')).toHaveAttribute('data-state', 'done')
  const failedLeg = receipt.destinationTransaction?.statusReason ? 'destination' : 'origin'
  await expect(timeline.locator(`[data-step="${failedLeg}"]`)).toHaveAttribute('data-state', 'failed')
  await expect(timeline.locator(`[data-step="${failedLeg}"]`)).toHaveAttribute('aria-current', 'step')
  await expect(timeline.locator(`[data-step="${failedLeg}"]`)).toContainText(reason!)

  // The deposit hash links to the origin chain's explorer, as GetChains describes it.
  const deposit = receipt.depositTransaction!
  await expect(timeline.locator('[data-step="deposit"]').getByRole('link')).toHaveAttribute('href', `${explorer(deposit.chainId)}/tx/${deposit.txnHash}`)
  await expect(page.getByText('Receipt from the service')).toBeVisible()
})

test('each leg shows its own status when the service sends one', async ({ open, app, wireForm }) => {
  const intentId = intentAt(app, 2)
  const { receipt } = await truth(app, intentId)
  const page = await open(`/intent/${intentId}`)
  const timeline = page.getByRole('list', { name: 'Receipt timeline' })
  await expect(timeline.locator('[data-step="deposit"]')).toHaveAttribute('data-state', 'done')
  const legs = ['deposit', 'origin', 'destination', 'refund'] as const
  if (wireForm === 'deployed') {
    // The deployed service writes each leg's transaction status, kind and note.
    for (const leg of legs) {
      const tx = receipt[`${leg}Transaction`]
      const badge = timeline.locator(`[data-step="${leg}"] .timeline-tx-status`)
      if (!tx?.status) await expect(badge).toHaveCount(0)
      else {
        await expect(badge).toHaveText(`Leg: ${tx.status}`)
        if (tx.type) await expect(timeline.locator(`[data-step="${leg}"]`)).toContainText(tx.type)
      }
    }
    expect(receipt.originTransaction?.status).toBeTruthy()
    await expect(page.getByLabel('Receipt summary')).toContainText(`status ${receipt.summary!.status}`)
  } else {
    // The spec's form has no leg status: none is shown or made up.
    await expect(timeline.locator('.timeline-tx-status')).toHaveCount(0)
  }
})

test('a watched intent updates live and lists the statuses seen here', async ({ open, app }) => {
  const { intentId } = await app.admin<{ intentId: string }>('createIntent', { status: 'EXECUTING' })
  const page = await open(`/intent/${intentId}`)
  const status = page.locator('.intent-status-line [data-status]')
  await expect(status).toHaveText('EXECUTING')
  const timeline = page.getByRole('list', { name: 'Receipt timeline' })
  await expect(timeline.locator('[data-step="destination"]')).toHaveAttribute('data-state', 'waiting')

  await page.getByRole('button', { name: `Watch intent ${intentId} live` }).first().click()
  await expect(page.getByRole('button', { name: `Stop watching intent ${intentId}` }).first()).toHaveAttribute('aria-pressed', 'true')
  await app.admin('advance', { intentId, to: 'SUCCEEDED' })

  // No reload: the watch's receipt replaces the fetched one.
  await expect(timeline.locator('[data-step="destination"]')).toHaveAttribute('data-state', 'done')
  await expect(status).toHaveText('SUCCEEDED')
  await expect(page.getByText('Live receipt from the watch')).toBeVisible()
  await expect(page.getByLabel('Statuses seen on this computer')).toContainText(/EXECUTING at .*, SUCCEEDED at /)
})

test('a refunded intent shows the refund step after the failed origin', async ({ open, app }) => {
  const intentId = intentAt(app, 3)
  const { receipt, explorer } = await truth(app, intentId)
  expect(receipt.status).toBe('REFUNDED')
  const refund = receipt.refundTransaction!

  const page = await open(`/intent/${intentId}`)
  const timeline = page.getByRole('list', { name: 'Receipt timeline' })
  const step = timeline.locator('[data-step="refund"]')
  await expect(step).toHaveAttribute('data-state', 'done')
  await expect(step).toHaveAttribute('aria-current', 'step')
  await expect(step.getByRole('link')).toHaveAttribute('href', `${explorer(refund.chainId)}/tx/${refund.txnHash}`)
  await expect(timeline.locator('[data-step="origin"]')).toHaveAttribute('data-state', 'failed')
  await expect(timeline.locator('[data-step="destination"]')).toHaveAttribute('data-state', 'skipped')
  await expect(page.getByRole('alert', { name: 'Failure reason' })).toContainText(`Refunded after a failure: ${receipt.originTransaction!.statusReason}`)

  // The answer for the customer says the funds went back, with the refund's own transaction.
  const answer = page.getByRole('region', { name: 'Answer for the customer' })
  await expect(answer).toHaveAttribute('data-outcome', 'refunded')
  await expect(answer).toContainText(`(transaction ${refund.txnHash})`)
})

test('an aborted intent that kept its deposit tells the customer where the funds are held', async ({ open, app }) => {
  const intentId = intentAt(app, 4)
  const client = app.appCore.core.session().client
  const { intent } = await client.getIntent({ intentId })
  expect(intent.status).toBe('ABORTED')
  const second = Math.floor(Date.parse(intent.createdAt!) / 1000)
  const history = await client.getIntentHistory({ byOwnerAddress: intent.ownerAddress, fromTime: second, toTime: second, includeBalances: true })
  const held = history.intents.find((e) => e.intentId === intentId)!.balances!.find((b) => b.tokens?.length)!

  const page = await open(`/intent/${intentId}`)
  const answer = page.getByRole('region', { name: 'Answer for the customer' })
  await expect(answer).toHaveAttribute('data-outcome', 'recoverable')
  await expect(answer).toContainText(`at ${held.intentAddress} on`)
  await expect(answer.getByRole('button', { name: /^Copy answer/ })).toBeVisible()
})

test('a big amount is shown exactly on hover, in the copy and in the raw JSON', async ({ open, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const page = await open(`/intent/${BIG_AMOUNT_INTENT_ID}`)
  const summary = page.getByRole('region', { name: 'Summary' })
  const sent = summary.locator('dt', { hasText: /^Amount sent$/ }).locator('xpath=following-sibling::dd[1]')
  await expect(sent.locator('.amount')).toHaveAttribute('title', '1234.567890123456789012 WETH (1234567890123456789012 base units)')
  // Exact and grouped, as every view writes an amount.
  await expect(sent).toContainText('1,234.567890123456789012 WETH')

  await sent.getByRole('button', { name: /^Copy/ }).click()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('1234.567890123456789012')

  const raw = page.getByRole('group', { name: 'Intent JSON' })
  await raw.getByRole('button', { name: 'Expand all' }).click()
  await expect(raw.getByText('"1234567890123456789012"').first()).toBeVisible()
})

test('notes and the bookmark survive a reload, and go into the case summary', async ({ open, app, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const intentId = intentAt(app, 2)
  const page = await open(`/intent/${intentId}`)
  const box = page.getByRole('textbox', { name: 'New note' })
  await box.fill('Customer says the funds never arrived (ticket 4471)')
  await box.press('Enter')
  const notes = page.getByRole('list', { name: 'Notes' })
  await expect(notes).toContainText('ticket 4471')
  await page.getByRole('button', { name: '☆ Bookmark' }).click()
  await expect(page.getByRole('button', { name: '★ Bookmarked' })).toBeVisible()

  await page.reload()
  await expect(page.getByRole('list', { name: 'Notes' })).toContainText('Customer says the funds never arrived (ticket 4471)')
  await expect(page.getByRole('button', { name: '★ Bookmarked' })).toHaveAttribute('aria-pressed', 'true')

  await page.getByRole('button', { name: /^Copy case summary/ }).click()
  const text = await page.evaluate(() => navigator.clipboard.readText())
  expect(text.split('\n')[0]).toBe(`Intent ${intentId}`)
  expect(text).toContain('Status: FAILED')
  expect(text).toContain('Failure reason: ')
  expect(text).toMatch(/\[\d{4}-\d\d-\d\dT[\d:.]+Z\] Customer says the funds never arrived \(ticket 4471\)/)
})

test('an unknown intent id gets a clear empty state with a way to search', async ({ open }) => {
  const unknown = `0x${'f'.repeat(64)}`
  const page = await open(`/intent/${unknown}`)
  await expect(page.getByText('No such intent')).toBeVisible()
  await page.getByRole('link', { name: 'search for it' }).click()
  await expect(page).toHaveURL(new RegExp(`#/search\\?q=${unknown}`))
})

test('two intents compare side by side with their differences marked', async ({ open, app }) => {
  const a = intentAt(app, 2)
  const b = intentAt(app, 3)
  const page = await open(`/intent/${a}`)
  await page.getByRole('link', { name: 'Compare…' }).click()
  const inputs = page.getByRole('textbox', { name: 'Intent id' })
  await expect(inputs.first()).toHaveValue(a)
  await inputs.nth(1).fill(b)
  await inputs.nth(1).press('Enter')
  const table = page.getByRole('table', { name: 'Field comparison' })
  const status = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'status', exact: true }) })
  await expect(status).toHaveAttribute('data-differs', 'true')
  await expect(status).toContainText('FAILED')
  await expect(status).toContainText('REFUNDED')
  await page.getByRole('checkbox', { name: 'Only differences' }).check()
  await expect(page).toHaveURL(/diff=1/)
  await expect(table.locator('tbody tr:not([data-differs])')).toHaveCount(0)
})
