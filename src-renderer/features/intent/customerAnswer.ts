import type { ChainInfo, Intent, IntentBalance, IntentReceipt, IntentStatus } from '@contract/service'
import { knownStatus } from '@contract/service/constants'
import { amountText, formatAge, formatDuration, formatUsd, isZeroAmount, parseTime } from '../../lib/format'
import type { Expectation } from '../../lib/routeStats'
import { valueAll, valueAt, type PriceBook, type TokenAmount, type ValuedSum } from '../../lib/priceSource'
import { chainName } from '../../lib/chains'
import { heldAmount, heldTokens } from '../../lib/heldTokens'
import { failureReason } from './receiptSteps'
import { tokenAmountText, type TokenLookup } from './tokenLookup'

export type { Expectation }

export interface AnswerInput {
  intent?: Intent
  receipt?: IntentReceipt
  status?: IntentStatus
  /** Balances still held at the intent's addresses (from GetIntentHistory). */
  balances?: readonly IntentBalance[]
  expectation?: Expectation
  chains: ReadonlyMap<number, ChainInfo>
  tokenOf: TokenLookup
  /** The profile's one price source: held balances are valued at its prices, never at the USD figure the balance carries. */
  prices?: PriceBook
  /** epoch ms */
  now: number
  /**
   * When the data behind the answer was fetched from the service, if it is a stale or
   * offline copy: the answer then speaks as of that moment ("As of 10:08 UTC (5 min
   * ago), …") and measures every time to it, never to now.
   */
  asOf?: number
}

export interface CustomerAnswer {
  outcome: Outcome
  /** One paragraph: what happened, where the funds are now, what happens next. */
  text: string
  /** The fetch time it speaks as of, when it comes from a stale or offline copy. */
  asOf?: number
}

/** "As of 10:08 UTC (5 min ago)": how a stale answer begins. */
const asOfText = (asOf: number, now: number): string => `As of ${new Date(asOf).toISOString().slice(11, 16)} UTC (${formatAge(asOf, now)})`

const utc = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace(/:\d\d\.\d{3}Z$/, ' UTC')

/** Every non-zero balance the intent still holds (`heldTokens`), labelled as the intent labels its tokens, with where it is held. */
function heldAmounts(c: Pick<AnswerInput, 'balances' | 'tokenOf'>): Array<{ amount: TokenAmount; at?: string }> {
  return heldTokens(c.balances).map((t) => {
    const label = c.tokenOf(t.chainId, t.tokenAddress)
    return { amount: heldAmount({ ...t, decimals: label?.decimals ?? t.decimals, symbol: label?.symbol ?? t.symbol }), at: t.intentAddress }
  })
}

/** The held balances' USD value at the profile's prices: how they were priced and what is unpriced, said beside the answer. */
export const heldValue = (c: Pick<AnswerInput, 'balances' | 'tokenOf' | 'prices'>): ValuedSum => valueAll(c.prices ?? new Map(), heldAmounts(c).map((h) => h.amount))

/** "1.5 USDC ($1.50) at 0xabc… on Base" for every non-zero balance the intent still holds. */
function heldBalances(c: AnswerInput): string[] {
  return heldAmounts(c).map(({ amount: a, at }) => {
    const text = amountText({ raw: a.raw!, decimals: a.decimals, symbol: a.symbol, tokenAddress: a.token })
    const value = valueAt(c.prices ?? new Map(), a)
    const usd = 'usd' in value ? ` (${formatUsd(value.usd)})` : ''
    return `${text}${usd} at ${at ?? 'the intent address'} on ${chainName(c.chains, a.chainId)}`
  })
}

/** When execution started (epoch ms): the receipt's own start, else the deposit, else creation. */
export function executionStartedAt(intent: Intent | undefined, receipt: IntentReceipt | undefined): number | undefined {
  return parseTime(receipt?.summary?.startedAt ?? receipt?.depositTransaction?.txnMinedAt ?? receipt?.createdAt ?? intent?.createdAt)
}

/** The facts every template draws on, pulled once from intent, receipt and balances. */
function gatherFacts(c: AnswerInput) {
  const { intent, receipt, chains, tokenOf } = c
  const originId = intent?.originChainId ?? receipt?.originChainId
  const destinationId = intent?.destinationChainId ?? receipt?.destinationChainId
  const originToken = intent?.originTokenAddress ?? receipt?.summary?.originTokenAddress
  const destinationToken = intent?.destinationTokenAddress ?? receipt?.summary?.destinationTokenAddress
  const origin = chainName(chains, originId)
  const destination = chainName(chains, destinationId)
  const sentRaw = receipt?.depositTransaction?.tokenAmount ?? intent?.depositTransaction?.amount ?? intent?.quoteRequest?.originTokenAmount ?? intent?.quote?.fromAmount
  const dest = receipt?.destinationTransaction
  const receivedRaw = receipt?.summary?.destinationTokenAmount ?? dest?.tokenAmount
  const refundTx = receipt?.refundTransaction
  return {
    status: c.status ?? knownStatus(intent?.status ?? receipt?.status),
    route: `from ${origin} to ${destination}`,
    origin,
    destination,
    sent: tokenAmountText(tokenOf, sentRaw, originId, originToken),
    received: isZeroAmount(receivedRaw) ? undefined : tokenAmountText(tokenOf, receivedRaw, destinationId, destinationToken),
    recipient: intent?.quoteRequest?.destinationToAddress ?? receipt?.summary?.destinationToAddress ?? dest?.toAddress,
    reason: failureReason(receipt),
    refund: refundTx && {
      amount: tokenAmountText(tokenOf, refundTx.tokenAmount, refundTx.chainId ?? originId, refundTx.tokenAddress ?? originToken),
      to: refundTx.toAddress,
      chain: chainName(chains, refundTx.chainId ?? originId),
      hash: refundTx.txnHash,
      mined: !!refundTx.txnMinedAt,
    },
    held: heldBalances(c),
    depositLanded: !!receipt?.depositTransaction?.txnMinedAt,
    startedAt: executionStartedAt(intent, receipt),
    finishedAt: parseTime(receipt?.summary?.finishedAt ?? dest?.txnMinedAt),
    expiresAt: parseTime(intent?.expiresAt ?? receipt?.summary?.expiresAt),
  }
}

/** Which story applies. Recoverable balances win over the status: they are what the customer needs to act on. */
function classifyOutcome(f: Facts, c: Pick<AnswerInput, 'expectation' | 'now'>): Outcome {
  switch (f.status) {
    case 'SUCCEEDED':
      return 'succeeded'
    case 'EXECUTING': {
      const elapsed = f.startedAt === undefined ? undefined : c.now - f.startedAt
      return elapsed !== undefined && c.expectation && elapsed > c.expectation.lateAfterMs ? 'executing-late' : 'executing-on-time'
    }
    case 'REFUNDED':
      return f.held.length ? 'recoverable' : 'refunded'
    case 'FAILED':
      if (f.held.length) return 'recoverable'
      return f.refund ? 'refunded' : 'failed'
    case 'ABORTED':
      return f.held.length ? 'recoverable' : 'aborted'
    case 'QUOTED':
    case 'COMMITTED':
      return f.expiresAt !== undefined && f.expiresAt <= c.now ? 'expired-quote' : 'awaiting'
    case 'INVALID':
      return 'invalid'
    default:
      return 'unknown'
  }
}

const sentence = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
const transfer = (f: Facts) => `the transfer${f.sent ? ` of ${f.sent}` : ''} ${f.route}`
const list = (items: string[]) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`)
const because = (f: Facts) => (f.reason ? ` because of "${f.reason}"` : '')

function expectationText(e: Expectation | undefined): string {
  if (!e) return ''
  const basis = e.basis === 'route' ? 'transfers on this route usually finish' : 'the quote expected it to finish'
  return `${basis} in ${formatDuration(e.typicalMs)}`
}

function slowerText(e: Expectation | undefined): string {
  if (e?.slowerThan === undefined) return ''
  return `, slower than ${Math.floor(e.slowerThan * 100)}% of transfers on this route`
}

type Facts = ReturnType<typeof gatherFacts>
type Template = (f: Facts, c: AnswerInput) => string[]

/** Every story the answer can tell, one template each. */
const TEMPLATES = {
  succeeded: (f) => [
    `${sentence(transfer(f))} completed${f.finishedAt !== undefined ? ` on ${utc(f.finishedAt)}` : ''}.`,
    `${f.received ?? 'The funds'} arrived${f.recipient ? ` at ${f.recipient}` : ''} on ${f.destination}.`,
    'Nothing more needs to happen.',
  ],
  'executing-on-time': (f, c) => {
    const elapsed = f.startedAt === undefined ? undefined : c.now - f.startedAt
    const usual = expectationText(c.expectation)
    return [
      `${sentence(transfer(f))} is in progress${elapsed !== undefined ? ` and has run for ${formatDuration(elapsed)}` : ''}${usual ? `; ${usual}` : ''}.`,
      f.depositLanded ? `Your deposit arrived on ${f.origin} and the funds are on their way to ${f.destination}.` : `The service is waiting for your deposit on ${f.origin} to be confirmed.`,
      `No action is needed: the funds will arrive${f.recipient ? ` at ${f.recipient}` : ''} on ${f.destination}, or come back to you if the route fails.`,
    ]
  },
  'executing-late': (f, c) => {
    const elapsed = c.now - (f.startedAt ?? c.now)
    return [
      `${sentence(transfer(f))} is taking longer than usual: it has run for ${formatDuration(elapsed)}, while ${expectationText(c.expectation)}${slowerText(c.expectation)}.`,
      `The funds are not lost: they are in transit between ${f.origin} and ${f.destination}.`,
      'We are keeping an eye on it; it will either complete or the funds will be returned, and no action is needed from you yet.',
    ]
  },
  refunded: (f) => [
    `${sentence(transfer(f))} could not be completed${because(f)}.`,
    f.refund?.mined === false
      ? `A refund${f.refund.amount ? ` of ${f.refund.amount}` : ''} to ${f.refund.to ?? 'your wallet'} on ${f.refund.chain} has been sent and is being confirmed.`
      : `The funds were returned: ${f.refund?.amount ?? 'your deposit'} went back to ${f.refund?.to ?? 'your wallet'} on ${f.refund?.chain ?? f.origin}${f.refund?.hash ? ` (transaction ${f.refund.hash})` : ''}.`,
    'Nothing more needs to happen; you can start the transfer again whenever you like.',
  ],
  recoverable: (f) => [
    `${sentence(transfer(f))} ${f.status === 'ABORTED' ? 'was stopped' : 'failed'}${because(f)}.`,
    `Your funds are safe but were not returned automatically: ${list(f.held)}.`,
    'They can be recovered; our support team will arrange the recovery to your wallet, and nothing is lost in the meantime.',
  ],
  failed: (f) => [
    `${sentence(transfer(f))} failed${because(f)}.`,
    f.depositLanded
      ? `Your deposit arrived on ${f.origin}; no refund and no balance left at the intent's addresses is recorded yet.`
      : `Your deposit was not recorded as arriving on ${f.origin}, so the funds should still be in your wallet.`,
    'Our support team will check where the funds are and follow up; please keep this reference.',
  ],
  aborted: (f) => [
    `${sentence(transfer(f))} was stopped before it ran${because(f)}.`,
    f.depositLanded ? `Your deposit arrived on ${f.origin} and nothing is left at the intent's addresses.` : 'No funds were taken: they are still in your wallet.',
    'Nothing more will happen with this transfer; request a new quote to try again.',
  ],
  'expired-quote': (f) => [
    `The quote for ${transfer(f)} expired${f.expiresAt !== undefined ? ` on ${utc(f.expiresAt)}` : ''} before it was used.`,
    'No funds were moved: they are still in your wallet.',
    'Request a new quote to make the transfer.',
  ],
  awaiting: (f) => [
    `${sentence(transfer(f))} was ${f.status === 'COMMITTED' ? 'committed' : 'quoted'} but has not started yet.`,
    'No funds have been taken: they are still in your wallet.',
    `It starts once the deposit is made${f.expiresAt !== undefined ? `, which must happen before ${utc(f.expiresAt)}` : ''}.`,
  ],
  invalid: (f) => [
    `The service rejected ${transfer(f)} as invalid${because(f)}.`,
    'No funds were moved by it.',
    'Please create the transfer again; if it is rejected again, contact support with this reference.',
  ],
  unknown: (f) => [
    `The service has not reported a status for ${transfer(f)}.`,
    'Where the funds are cannot be said yet.',
    'Our support team will look it up and follow up.',
  ],
} satisfies Record<string, Template>
export type Outcome = keyof typeof TEMPLATES

/**
 * The answer a support person pastes to the customer: what happened, where the funds are
 * now and what happens next, in plain words and exact amounts. Pure, so every outcome's
 * wording is pinned by a test.
 */
export function customerAnswer(c: AnswerInput): CustomerAnswer {
  // A stale copy says nothing about the present: every time is measured to its fetch.
  const at = c.asOf === undefined ? c : { ...c, now: Math.min(c.asOf, c.now) }
  const facts = gatherFacts(at)
  const outcome = classifyOutcome(facts, at)
  const text = TEMPLATES[outcome](facts, at).join(' ')
  if (c.asOf === undefined) return { outcome, text }
  return { outcome, text: `${asOfText(c.asOf, c.now)}, ${text.charAt(0).toLowerCase()}${text.slice(1)}`, asOf: c.asOf }
}

/** The quote's own estimate as an expectation, used when no route statistics are at hand. */
export function quoteExpectation(intent: Intent | undefined): Expectation | undefined {
  const seconds = Number(intent?.quote?.estimatedDuration)
  if (!Number.isFinite(seconds) || seconds <= 0) return undefined
  return { typicalMs: seconds * 1000, lateAfterMs: seconds * 2000, basis: 'quote' }
}
