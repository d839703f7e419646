import type { IntentReceipt, ReportedStatus, IntentTransaction, TokenMetadata } from '@contract/service'
import { isKnownTransactionStatus, isSettledStatus, LEG_STATUS } from '@contract/service/constants'
import type { StepState, TimelineStep } from '../../components/Timeline'
import { parseTime } from '../../lib/format'

const RECEIPT_LEGS = ['deposit', 'origin', 'destination', 'refund'] as const
type ReceiptLeg = (typeof RECEIPT_LEGS)[number]

const txOf = (r: IntentReceipt | undefined, leg: ReceiptLeg): IntentTransaction | undefined => r?.[`${leg}Transaction`]

/**
 * The spec gives transactions no status, but the deployed service sends each leg's own
 * (`RELAYING`, `MINING`, `REVERTED`, …; each one's place is `LEG_STATUS` in the contract):
 * the best evidence there is of which leg is stuck. A status
 * this app does not know is read by its wording when that is unambiguous, else the
 * other evidence (mined time, failure reason) decides.
 */
function sentStatus(tx: IntentTransaction): StepState | undefined {
  const s = tx.status
  if (!s) return undefined
  if (isKnownTransactionStatus(s)) return LEG_STATUS[s].phase
  if (/FAIL|ERROR|REVERT|ABORT|DROP/i.test(s)) return 'failed'
  if (/MINED|SUCCE|CONFIRM|COMPLETE/i.test(s)) return 'done'
  if (/PENDING|SENT|RELAY|QUEUE|SUBMIT/i.test(s)) return 'pending'
  return undefined
}

/**
 * Which leg broke a failed intent. The reason always sits on the origin transaction (the
 * spec says so), so it cannot tell origin and destination failures apart; a reason on
 * another leg can, and failing that the furthest leg the route reached is the one that broke.
 */
function failedLeg(r: IntentReceipt): ReceiptLeg | undefined {
  const route = (['deposit', 'origin', 'destination'] as const).filter((leg) => txOf(r, leg))
  const marked = route.find((leg) => leg !== 'origin' && txOf(r, leg)!.statusReason)
  return marked ?? route[route.length - 1]
}

function tokenMeta(r: IntentReceipt | undefined, leg: ReceiptLeg, tx: IntentTransaction | undefined): TokenMetadata | undefined {
  const s = r?.summary
  const candidates = leg === 'destination' ? [s?.destinationTokenMetadata, s?.originTokenMetadata] : [s?.originTokenMetadata, s?.destinationTokenMetadata]
  const address = tx?.tokenAddress?.toLowerCase()
  return candidates.find((m) => m && (!address || m.tokenAddress?.toLowerCase() === address) && (tx?.chainId === undefined || m.chainId === undefined || m.chainId === tx.chainId))
}

function chainOf(r: IntentReceipt | undefined, leg: ReceiptLeg, tx: IntentTransaction | undefined): number | undefined {
  if (tx?.chainId !== undefined) return tx.chainId
  return leg === 'destination' ? r?.destinationChainId : r?.originChainId
}

/** Why a step has no transaction yet, or will not get one, given the intent's status. */
function absentStep(leg: ReceiptLeg, status: ReportedStatus | undefined): { state: StepState; note: string } {
  if (leg === 'refund') {
    if (status === 'SUCCEEDED') return { state: 'skipped', note: 'Not needed' }
    return { state: 'skipped', note: isSettledStatus(status) ? 'None recorded' : 'Only if the route fails' }
  }
  return isSettledStatus(status) ? { state: 'skipped', note: 'Not reached' } : { state: 'waiting', note: 'Waiting' }
}

/**
 * The receipt's legs as timeline steps, in the order they happen: deposit, origin,
 * destination, refund. Pure, so every view that shows an intent's progress (the intent
 * page, the watch board) derives it the same way. `status` overrides the receipt's own
 * (the intent may report a newer one).
 */
export function receiptSteps(receipt: IntentReceipt | undefined, status: ReportedStatus | undefined = receipt?.status): TimelineStep[] {
  const failed = receipt && (status === 'FAILED' || status === 'REFUNDED') ? failedLeg(receipt) : undefined
  const steps = RECEIPT_LEGS.map((leg): TimelineStep => {
    const tx = txOf(receipt, leg)
    // The leg's own status first, then whether it broke the intent or was mined.
    const { state, note }: { state: StepState; note?: string } = tx
      ? { state: sentStatus(tx) ?? (leg === failed ? 'failed' : tx.txnMinedAt ? 'done' : 'pending') }
      : absentStep(leg, status)
    const meta = tokenMeta(receipt, leg, tx)
    return {
      key: leg,
      label: leg.charAt(0).toUpperCase() + leg.slice(1),
      state,
      current: false,
      note,
      chainId: chainOf(receipt, leg, tx),
      txHash: tx?.txnHash,
      amount: tx?.tokenAmount,
      tokenAddress: tx?.tokenAddress,
      symbol: meta?.symbol,
      decimals: meta?.decimals,
      minedAtText: tx?.txnMinedAt,
      minedAt: parseTime(tx?.txnMinedAt),
      statusReason: tx?.statusReason,
      txStatus: tx?.status,
      txType: tx?.type,
      txContext: tx?.context,
    }
  })
  let previous: number | undefined
  for (const step of steps) {
    if (step.minedAt === undefined) continue
    if (previous !== undefined) step.elapsedMs = step.minedAt - previous
    previous = step.minedAt
  }
  // Where the intent is now: the step under way, else where it ended, else what it waits for.
  const ended = steps.filter((s) => s.state === 'done' || s.state === 'failed')
  const current =
    steps.find((s) => s.state === 'pending') ??
    (isSettledStatus(status) ? ended.at(-1) : steps.find((s) => s.state === 'waiting'))
  if (current) current.current = true
  return steps
}

/** The reason a failed intent gives: the spec puts it on the origin transaction. */
export function failureReason(receipt: IntentReceipt | undefined): string | undefined {
  if (!receipt) return undefined
  return receipt.originTransaction?.statusReason || RECEIPT_LEGS.map((leg) => txOf(receipt, leg)?.statusReason).find(Boolean)
}
