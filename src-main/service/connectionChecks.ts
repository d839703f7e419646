import { isSvcFailure } from '../../src-shared/contract/errors'
import type { ConnectionCheck } from '../../src-shared/contract/app'
import type { SvcClient } from './client'

/**
 * Every read operation, called once with the app's own client, in an order where each
 * step can use what the earlier ones found: the first history page gives an intent to
 * look up, and its owner a wallet to ask balances for. `npm run doctor` and Settings'
 * "Test connection" both run these, so support sees the same list in either place.
 */

export interface CheckOptions {
  /** Deadline of each call; the long-poll gets the same, so a hold cannot stall the run. */
  timeoutMs?: number
  signal?: AbortSignal
}

const DEFAULT_CHECK_TIMEOUT_MS = 15_000
const WAIT_CHECK_TIMEOUT_MS = 10_000

const reasonOf = (e: unknown): string => (isSvcFailure(e) ? e.error.message : e instanceof Error ? e.message : String(e))

export async function runConnectionChecks(client: SvcClient, opts: CheckOptions = {}): Promise<ConnectionCheck[]> {
  const checks: ConnectionCheck[] = []
  const call = { timeoutMs: opts.timeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS, signal: opts.signal }

  /** Runs one check and records it; the value when it passed. */
  async function check<T>(operation: string, run: () => Promise<T>, describe: (v: T) => string, count?: (v: T) => number): Promise<T | undefined> {
    const started = Date.now()
    try {
      const value = await run()
      checks.push({ operation, ok: true, detail: describe(value), ...(count && { count: count(value) }), ms: Date.now() - started })
      return value
    } catch (e) {
      checks.push({ operation, ok: false, detail: reasonOf(e), ...(isSvcFailure(e) && { error: e.error }), ms: Date.now() - started })
      return undefined
    }
  }
  const skipped = (operation: string, why: string) => checks.push({ operation, ok: false, detail: why, ms: 0 })

  await check('GetChains', () => client.getChains({}, call), (r) => `${r.chains.length} chains`, (r) => r.chains.length)
  const markets = await check('YieldGetMarkets', () => client.yieldGetMarkets({ limit: 5 }, call), (r) => `${r.items.length} markets`)
  await check('GetEarnPools', () => client.getEarnPools({}, call), (r) => `${r.pools.length} pools`)
  const page = await check('GetIntentHistory', () => client.getIntentHistory({ page: { pageSize: 10 } }, call), (r) => `${r.intents.length} intents on the first page`)

  const entry = page?.intents.find((e) => e.intentId ?? e.receipt?.intentId)
  const intentId = entry?.intentId ?? entry?.receipt?.intentId
  const dependent = ['GetIntent', 'GetIntentReceipt', 'SearchIntents', 'WaitIntentReceipt']
  if (!intentId) {
    const why = page ? 'the first history page has no intent to check with' : 'GetIntentHistory failed, so there is no intent to check with'
    for (const op of dependent) skipped(op, why)
    skipped('YieldGetAggregateBalances', why)
    return checks
  }
  const got = await check('GetIntent', () => client.getIntent({ intentId }, call), (r) => `${intentId} is ${r.intent.status ?? 'without a status'}`)
  await check('GetIntentReceipt', () => client.getIntentReceipt({ intentId }, call), (r) => `receipt ${r.intentReceipt.status ?? 'without a status'}`)
  await check('SearchIntents', () => client.searchIntents({ byIntentId: intentId }, call), (r) => `${r.intents.length} found by id`)
  await check(
    'WaitIntentReceipt',
    () => client.waitIntentReceipt({ intentId }, { ...call, timeoutMs: Math.min(call.timeoutMs, WAIT_CHECK_TIMEOUT_MS) }),
    (r) => (r.done ? 'done' : 'still moving'),
  )

  const owner = got?.intent.ownerAddress ?? entry?.receipt?.ownerAddress
  const network = markets?.items.find((m) => m.network)?.network
  if (!owner || !network) {
    skipped('YieldGetAggregateBalances', !owner ? 'the intent has no owner address to look up' : 'no market names a network to look up')
    return checks
  }
  await check(
    'YieldGetAggregateBalances',
    () => client.yieldGetAggregateBalances({ queries: [{ address: owner, network }] }, call),
    (r) => `${r.items.length} positions for ${owner} on ${network}`,
  )
  return checks
}

/** `OK <op>` / `FAIL <op>: <reason>` lines and the closing `N passed, N failed`. */
export function formatChecks(checks: readonly ConnectionCheck[]): string[] {
  const lines = checks.map((c) => (c.ok ? `OK ${c.operation}` : `FAIL ${c.operation}: ${c.detail}`))
  const passed = checks.filter((c) => c.ok).length
  return [...lines, `${passed} passed, ${checks.length - passed} failed`]
}
