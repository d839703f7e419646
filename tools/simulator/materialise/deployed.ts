/**
 * The deployed service's shapes, applied to the spec-form objects when the simulator
 * serves the deployed dialect:
 *
 * - it does not send `id`, `projectId`, the `…TransactionId` fields,
 *   `IntentTransaction.calldata` or `Intent.isTestnet`;
 * - it sends what the spec lacks: each transaction's own `status`, `type` and `context`,
 *   the intent's `intentProtocol` (`v1` / `v1.5`), `fees.originGas.chainGasUsageStatus`,
 *   and the receipt summary's `status`, `mode` and `tradeType`;
 * - timestamps carry nanoseconds, and a moment that has not happened is
 *   `0001-01-01T00:00:00Z` rather than absent.
 */
import { LEGS, type IntentRecord, type Leg, type LegState } from '../records'

type Obj = Record<string, unknown>

/** Go's zero time, which the deployed service writes for "not yet". */
export const ZERO_TIME = '0001-01-01T00:00:00Z'

/** `…:11.123Z` → `…:11.123000042Z`: the same instant, written with nanoseconds. */
const withNanos = (v: unknown): unknown => (typeof v === 'string' && /\.\d{3}Z$/.test(v) ? `${v.slice(0, -1)}000042Z` : v)

const TIME_FIELDS = ['createdAt', 'updatedAt', 'expiresAt', 'txnMinedAt', 'startedAt', 'finishedAt'] as const

/** Times with nanoseconds; the optional moments that have not happened as the zero time. */
function times(o: Obj, unset: readonly string[]): void {
  for (const f of TIME_FIELDS) if (o[f] !== undefined) o[f] = withNanos(o[f])
  for (const f of unset) if (o[f] === undefined) o[f] = ZERO_TIME
}

/**
 * How the deployed service names a leg's transaction status. A leg under way or failed is
 * spelled as the deployed service spells its stages (relaying, sent, mining; errored,
 * reverted), chosen by the intent and leg so the same leg always reads the same.
 */
const TX_STATUS_SPELLINGS: Record<LegState, readonly string[]> = {
  NONE: ['UNKNOWN'],
  PENDING: ['PENDING', 'RELAYING', 'SENT', 'MINING'],
  MINED: ['SUCCEEDED'],
  FAILED: ['FAILED', 'REVERTED', 'ERRORED'],
}

export function txStatus(r: IntentRecord, leg: Leg): string {
  const options = TX_STATUS_SPELLINGS[r.legs[leg]]
  let h = leg.length
  for (let i = 0; i < r.intentId.length; i++) h = (h * 31 + r.intentId.charCodeAt(i)) >>> 0
  return options[h % options.length]
}

export const wireProtocol = (p: IntentRecord['protocol']): string => (p === 'v1_5' ? 'v1.5' : 'v1')

export function deployedIntent(intent: Obj, r: IntentRecord): Obj {
  const { id: _id, projectId: _projectId, isTestnet: _isTestnet, ...rest } = intent
  const fees = rest.fees as Obj | undefined
  const out: Obj = { ...rest, intentProtocol: wireProtocol(r.protocol) }
  if (fees?.originGas) out.fees = { ...fees, originGas: { ...(fees.originGas as Obj), chainGasUsageStatus: 'NORMAL' } }
  times(out, [])
  return out
}

function deployedTransaction(tx: Obj, r: IntentRecord, leg: Leg): Obj {
  const { id: _id, calldata: _calldata, ...rest } = tx
  const out: Obj = { ...rest, status: txStatus(r, leg), type: leg.toUpperCase(), context: `${leg} leg of ${r.intentId.slice(0, 10)}` }
  times(out, ['txnMinedAt'])
  return out
}

const SUMMARY_STATUS: Record<string, string> = { SUCCEEDED: 'COMPLETED', FAILED: 'FAILED', REFUNDED: 'REFUNDED' }

export function deployedReceipt(receipt: Obj, r: IntentRecord): Obj {
  const out: Obj = {}
  for (const [k, v] of Object.entries(receipt)) {
    if (k === 'id' || k === 'projectId' || k.endsWith('TransactionId')) continue
    out[k] = v
  }
  for (const leg of LEGS) {
    const key = `${leg}Transaction`
    if (out[key]) out[key] = deployedTransaction(out[key] as Obj, r, leg)
  }
  if (out.summary) {
    const summary: Obj = {
      ...(out.summary as Obj),
      status: SUMMARY_STATUS[r.status] ?? 'IN_PROGRESS',
      mode: r.edge ? 'EDGE' : 'DIRECT',
      tradeType: 'EXACT_INPUT',
    }
    times(summary, ['startedAt', 'finishedAt'])
    out.summary = summary
  }
  times(out, [])
  return out
}

/** The deployed service's `receiptStates`: each leg's transaction status, in leg order. */
export const deployedReceiptStates = (r: IntentRecord): string[] => LEGS.map((leg) => txStatus(r, leg))
