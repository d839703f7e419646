import { test, expect } from './fixtures'

/**
 * Recoverable funds per wallet against the simulator: totals by chain and token checked
 * against the service's own balances, then the same totals offline from the cache.
 */
test('a wallet’s recoverable funds are totalled by chain and token, online and offline', async ({ open, app }) => {
  const aborted = app.appCore.simulator.dataset.records[3]
  const owner = aborted.owner
  const { intents } = await app.appCore.core.session().client.walkIntentHistory({ byOwnerAddress: owner, onlyRecoverable: true, includeBalances: true })
  const sums = new Map<string, bigint>()
  for (const e of intents) for (const b of e.balances ?? []) for (const t of b.tokens ?? []) {
    const key = `${t.chainId ?? b.chainId}:${t.contractAddress}`
    sums.set(key, (sums.get(key) ?? 0n) + BigInt(t.balance ?? '0'))
  }
  // The token the aborted intent itself holds, so its card must list it.
  const own = intents.find((e) => e.intentId === aborted.intentId)!.balances!.flatMap((b) => (b.tokens ?? []).map((t) => `${t.chainId ?? b.chainId}:${t.contractAddress}`))[0]
  const key = own
  const raw = sums.get(key)!

  const page = await open(`/recoverable?owner=${owner}`)
  const card = page.locator(`[data-token-key="${key.toLowerCase()}"]`)
  await expect(card).toBeVisible({ timeout: 30_000 })
  const decimals = intents.flatMap((e) => e.balances ?? []).flatMap((b) => b.tokens ?? []).find((t) => `${t.chainId}:${t.contractAddress}` === key)!.decimals!
  const whole = raw.toString().padStart(decimals + 1, '0')
  const plain = `${whole.slice(0, -decimals).replace(/^0+(?=\d)/, '')}.${whole.slice(-decimals)}`.replace(/\.?0+$/, '')
  // Exact and grouped by thousands, as every view writes an amount.
  const exact = plain.replace(/^\d+/, (w) => w.replace(/\B(?=(\d{3})+(?!\d))/g, ','))
  await expect(card.locator('summary > strong')).toContainText(exact)
  // Its USD value at the profile's one price source, saying how it was priced.
  await expect(card.locator('summary .priced-usd')).toContainText(/\$[\d,]+\.\d\d priced from balances/)
  await card.locator('summary').click()
  await expect(card.locator(`[data-intent="${aborted.intentId}"]`)).toBeVisible()

  // Offline search reads what has been filed: let the shell finish filing what was just fetched.
  await expect(page.getByTestId('indexing-notice')).toHaveCount(0, { timeout: 30_000 })
  await page.getByRole('checkbox', { name: 'Work offline' }).check()
  await page.reload()
  await expect(page.getByRole('status', { name: 'Wallet summary' })).toContainText('(from the cache)', { timeout: 30_000 })
  await expect(page.locator(`[data-token-key="${key.toLowerCase()}"] summary > strong`)).toContainText(exact)
})
