import { isSvcFailure, messageOf } from '../../src-shared/contract/errors'
import type { CheckOutcome, ConnectionCheck } from '../../src-shared/contract/app'
import { CHECK_LABEL, checkOutcome, checksSummaryLine } from '../../src-shared/contract/checks'
import type { IntentHistoryEntry } from '../../src-shared/contract/service'
import type { CallOptions, SvcClient } from './client'
import { describeCapabilities, probeCapabilities } from './capabilities'
import { checkServiceFilters } from './filterChecks'
import { CLOCK_SKEW_NOTICE_MS, clockSkewText } from '../../src-shared/contract/time'
import { realSleep } from './retry'

/**
 * Every read operation, called once with the app's own client, each step using what the
 * earlier found (the first history page gives an intent, its owner a wallet). The doctor
 * and Settings' "Test connection" both run these, so support sees one list. A
 * rate-limited check is tried again within a budget for the whole run; past it, it and
 * the checks that needed it are reported as rate-limited, apart from the failures.
 */

/** `timeoutMs`: the deadline of each call; the long-poll gets the same, so a hold cannot stall the run. */
export interface CheckOptions extends CallOptions {
  /** Total time the run may spend waiting out rate limits. */
  rateLimitBudgetMs?: number
  /** Also check each history filter (the doctor does; Test connection does not). */
  filters?: boolean
  /** How to wait (tests pass a fake). */
  sleep?: (ms: number) => Promise<void>
}

const DEFAULT_CHECK_TIMEOUT_MS = 15_000
const WAIT_CHECK_TIMEOUT_MS = 10_000
const DEFAULT_RATE_LIMIT_BUDGET_MS = 20_000

/** Entries without a receipt: the row cannot show route, amounts or chains. */
export function missingReceipts(entries: readonly IntentHistoryEntry[]): string | undefined {
  const missing = entries.filter((e) => !e.receipt)
  if (!missing.length) return undefined
  return `${missing.length} of ${entries.length} entries came without a receipt (their route, amounts and chains are unknown)`
}

/** The run's record of checks, with the rate-limit budget they share. */
function checkRunner(opts: CheckOptions) {
  const checks: ConnectionCheck[] = []
  const sleep = opts.sleep ?? realSleep
  let budget = opts.rateLimitBudgetMs ?? DEFAULT_RATE_LIMIT_BUDGET_MS
  const push = (c: Omit<ConnectionCheck, 'ok'> & { outcome: CheckOutcome }) => checks.push({ ...c, ok: c.outcome !== 'failed' && c.outcome !== 'rateLimited' })

  /** Runs one check and records it; the value when it answered. */
  async function check<T>(operation: string, run: () => Promise<T>, describe: (v: T) => string, more: { count?: (v: T) => number; warn?: (v: T) => string | undefined } = {}): Promise<T | undefined> {
    const started = Date.now()
    for (;;) {
      try {
        const value = await run()
        const warning = more.warn?.(value)
        push({ operation, outcome: warning ? 'warning' : 'passed', detail: warning ? `${describe(value)}; ${warning}` : describe(value), ...(more.count && { count: more.count(value) }), ms: Date.now() - started })
        return value
      } catch (e) {
        const error = isSvcFailure(e) ? e.error : undefined
        if (error?.kind === 'RateLimited') {
          const wait = Math.max(250, error.retryAfterMs ?? 1000)
          if (wait <= budget && !opts.signal?.aborted) {
            budget -= wait
            await sleep(wait)
            continue
          }
          push({ operation, outcome: 'rateLimited', detail: `rate-limited by the service, still after the retries the run allows: ${messageOf(e)}`, error, ms: Date.now() - started })
          return undefined
        }
        push({ operation, outcome: 'failed', detail: messageOf(e), ...(error && { error }), ms: Date.now() - started })
        return undefined
      }
    }
  }
  /** A check that could not run: rate-limited when what it needed was, else failed. */
  const skipped = (operation: string, why: string, rateLimited = false) => push({ operation, outcome: rateLimited ? 'rateLimited' : 'failed', detail: why, ms: 0 })
  return { checks, check, skipped, record: push }
}

type Runner = ReturnType<typeof checkRunner>

/** The checks that need an intent: GetIntent, its receipt, a search by its id, the long-poll, and balances of its owner. */
async function intentChecks(client: SvcClient, r: Runner, call: { timeoutMs: number; signal?: AbortSignal }, page: { intents: IntentHistoryEntry[] } | undefined, network: string | undefined): Promise<void> {
  const entry = page?.intents.find((e) => e.intentId ?? e.receipt?.intentId)
  const intentId = entry?.intentId ?? entry?.receipt?.intentId
  const dependent = ['GetIntent', 'GetIntentReceipt', 'SearchIntents', 'WaitIntentReceipt', 'YieldGetAggregateBalances']
  if (!intentId) {
    const limited = r.checks.find((c) => c.operation === 'GetIntentHistory')?.outcome === 'rateLimited'
    const why = page ? 'the first history page has no intent to check with' : `GetIntentHistory ${limited ? 'was rate-limited' : 'failed'}, so there is no intent to check with`
    for (const op of dependent) r.skipped(op, why, limited)
    return
  }
  const got = await r.check('GetIntent', () => client.getIntent({ intentId }, call), (v) => `${intentId} is ${v.intent.status ?? 'without a status'}`)
  await r.check('GetIntentReceipt', () => client.getIntentReceipt({ intentId }, call), (v) => `receipt ${v.intentReceipt.status ?? 'without a status'}`)
  await r.check('SearchIntents', () => client.searchIntents({ byIntentId: intentId }, call), (v) => `${v.intents.length} found by id`)
  await r.check(
    'WaitIntentReceipt',
    () => client.waitIntentReceipt({ intentId }, { ...call, timeoutMs: Math.min(call.timeoutMs, WAIT_CHECK_TIMEOUT_MS) }),
    (v) => (v.done ? 'done' : 'still moving'),
  )
  const owner = got?.intent.ownerAddress ?? entry?.receipt?.ownerAddress
  if (!owner || !network) {
    r.skipped('YieldGetAggregateBalances', !owner ? 'the intent has no owner address to look up' : 'no market names a network to look up')
    return
  }
  await r.check(
    'YieldGetAggregateBalances',
    () => client.yieldGetAggregateBalances({ queries: [{ address: owner, network }] }, call),
    (v) => `${v.items.length} positions for ${owner} on ${network}`,
  )
}

/** The optional operations beyond the spec: which the service answers, and Ping, RuntimeStatus and Clock where it does. */
async function optionalChecks(client: SvcClient, r: Runner, call: { timeoutMs: number; signal?: AbortSignal }): Promise<void> {
  const started = Date.now()
  const found = await probeCapabilities(client, call)
  r.record({ operation: 'Optional operations', outcome: 'passed', detail: describeCapabilities(found), ms: Date.now() - started })
  const absent = (op: string) => r.record({ operation: op, outcome: 'absent', detail: 'not offered by this service (optional)', ms: 0 })
  if (found.operations.Ping === 'available') await r.check('Ping', () => client.extra('Ping', {}, call), (v) => (v.status === false ? 'answered, not healthy' : 'answered'))
  else absent('Ping')
  if (found.operations.RuntimeStatus === 'available') {
    await r.check(
      'RuntimeStatus',
      () => client.extra('RuntimeStatus', {}, call),
      (v) => `${v.status?.healthOK === false ? 'reports itself unhealthy' : 'healthy'}${v.status?.ver ? `, version ${v.status.ver}` : ''}`,
      { warn: (v) => (v.status?.healthOK === false ? 'the service reports itself unhealthy' : undefined) },
    )
  } else absent('RuntimeStatus')
  if (found.operations.Clock === 'available') {
    const skew = (v: { serverTime?: string }) => Date.parse(v.serverTime ?? '') - Date.now()
    await r.check('Clock', () => client.extra('Clock', {}, call), (v) => (Number.isNaN(skew(v)) ? 'answered without a readable time' : clockSkewText(skew(v))), {
      warn: (v) => (Math.abs(skew(v)) > CLOCK_SKEW_NOTICE_MS ? 'expiry times and time left are off by that much on this machine' : undefined),
    })
  } else absent('Clock')
}

export async function runConnectionChecks(client: SvcClient, opts: CheckOptions = {}): Promise<ConnectionCheck[]> {
  const r = checkRunner(opts)
  const call = { timeoutMs: opts.timeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS, signal: opts.signal }
  await r.check('GetChains', () => client.getChains({}, call), (v) => `${v.chains.length} chains`, { count: (v) => v.chains.length })
  const markets = await r.check('YieldGetMarkets', () => client.yieldGetMarkets({ limit: 5 }, call), (v) => `${v.items.length} markets`)
  await r.check('GetEarnPools', () => client.getEarnPools({}, call), (v) => `${v.pools.length} pools`)
  const page = await r.check('GetIntentHistory', () => client.getIntentHistory({ page: { pageSize: 10 } }, call), (v) => `${v.intents.length} intents on the first page`, {
    warn: (v) => missingReceipts(v.intents),
  })
  await intentChecks(client, r, call, page, markets?.items.find((m) => m.network)?.network)
  // Nothing answered: the URL, name or key is wrong, and probing further would only repeat it.
  if (!r.checks.some((c) => c.ok)) return r.checks
  await optionalChecks(client, r, call)
  if (opts.filters) for (const c of await checkServiceFilters(client, call)) r.record(c)
  return r.checks
}

/** `OK <op>` / `FAIL <op>: <reason>` … lines and the closing `N passed, N failed` (with rate-limited and warnings apart). */
export function formatChecks(checks: readonly ConnectionCheck[]): string[] {
  const lines = checks.map((c) => {
    const o = checkOutcome(c)
    return o === 'passed' && !c.operation.includes(' ') ? `OK ${c.operation}` : `${CHECK_LABEL[o]} ${c.operation}: ${c.detail}`
  })
  return [...lines, checksSummaryLine(checks)]
}
