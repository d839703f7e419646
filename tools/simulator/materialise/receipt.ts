/**
 * Receipts (spec 2.4–2.7) and history entries, rebuilt from a record. A receipt carries
 * a transaction per leg that has started; legs that have not are omitted together with
 * their `…TransactionId`.
 */
import { LEGS, isRecoverable, legDoneAt, legStartedAt, numericId, type IntentRecord, type Leg } from '../records'
import { Rng } from '../rng'
import { usdOf } from '../tokens'
import { wireInt } from '../wire'
import { FEE_COLLECTOR, edgeObject, hasDestinationCall, iso, isoIfSet, precondition, roleAddress, round, routeProviders, tokenMetadata, transferCalldata } from './common'

const STREAM_RECEIPT = 51
const STREAM_SETTLEMENT = 52

/** What the destination actually received: the quote give or take a little slippage. */
function deliveredAmount(r: IntentRecord): bigint {
  if (r.legs.destination !== 'MINED') return 0n
  const drift = new Rng(r.dna, STREAM_SETTLEMENT).int(-20, 15)
  return r.destinationAmount + (r.destinationAmount * BigInt(drift)) / 10_000n
}

const relayer = (chainId: number) => roleAddress('relayer', chainId)

function transaction(r: IntentRecord, leg: Leg) {
  const state = r.legs[leg]
  if (state === 'NONE') return undefined
  const rng = new Rng(r.dna, STREAM_RECEIPT, LEGS.indexOf(leg))
  const startedAt = legStartedAt(r, leg)
  const doneAt = legDoneAt(r, leg)
  const o = r.originToken
  const onDestination = leg === 'destination'
  const chainId = onDestination ? r.destinationChainId : r.originChainId
  const token = onDestination ? r.destinationToken : o
  const amount = onDestination ? deliveredAmount(r) || r.destinationAmount : r.originAmount
  const [from, to] =
    leg === 'deposit' ? [r.owner, r.originIntentAddress]
    : leg === 'origin' ? [relayer(chainId), r.originIntentAddress]
    : leg === 'destination' ? [relayer(chainId), r.destinationToAddress]
    : [r.originIntentAddress, r.owner]
  const failed = state === 'FAILED'
  // Clients read the failure reason from the origin transaction, whichever leg failed.
  const reason = failed || (leg === 'origin' && r.statusReason) ? r.statusReason ?? 'transaction reverted' : undefined
  const metaTxnId = leg === 'origin' || leg === 'destination' ? rng.hex(32) : undefined
  const deadline = Math.floor(r.expiresAt / 1000)
  return {
    id: r.idx * 4 + LEGS.indexOf(leg) + 1,
    intentId: r.intentId,
    chainId,
    fromAddress: from,
    toAddress: to,
    tokenAddress: token.address,
    tokenAmount: wireInt(amount),
    statusReason: reason,
    // Big integers in the schemas: strings in the deployed form, like every amount.
    bridgeGas: wireInt(BigInt(leg === 'origin' ? rng.int(0, 250_000) : 0)),
    calldata: leg === 'deposit' || leg === 'refund' ? transferCalldata(token, to, amount) : rng.hex0x(8 + 64 * 4),
    metaTxnId,
    metaTxnFeeQuote: metaTxnId ? (rng.int(1, 5_000) / 1e6).toFixed(6) : undefined,
    precondition: leg === 'origin' ? precondition(r.originChainId, r.originIntentAddress, o, r.originAmount) : undefined,
    depositIntentEntry:
      leg === 'deposit'
        ? {
            feeAmount: ((r.originAmount * 15n) / 10_000n).toString(),
            feeToken: o.address,
            feeCollector: FEE_COLLECTOR,
            deadline,
            intentSignature: rng.hex0x(130),
            permitSignature: o.isNative ? '0x' : rng.hex0x(130),
            permitDeadline: wireInt(BigInt(deadline)),
            permitAmount: wireInt(o.isNative ? 0n : r.originAmount),
            userNonce: rng.int(0, 500),
          }
        : undefined,
    txnHash: r.txHashes[leg] ?? undefined,
    txnMinedAt: state === 'MINED' ? isoIfSet(doneAt) : undefined,
    updatedAt: iso(doneAt || startedAt),
    createdAt: iso(startedAt),
  }
}

function summary(r: IntentRecord) {
  const rng = new Rng(r.dna, STREAM_RECEIPT)
  const memo = rng.chance(0.2) ? rng.pick(['payroll', 'treasury rebalance', 'bridge to L2', 'invoice 4471', 'yield deposit']) : ''
  return {
    intentId: r.intentId,
    ownerAddress: r.owner,
    originChainId: r.originChainId,
    destinationChainId: r.destinationChainId,
    routeProviders: routeProviders(r),
    originIntentAddress: r.originIntentAddress,
    originTokenAddress: r.originToken.address,
    originTokenAmount: wireInt(r.legs.deposit === 'MINED' ? r.originAmount : 0n),
    quotedOriginTokenAmount: wireInt(r.originAmount),
    originTokenMetadata: tokenMetadata(r.originToken),
    destinationIntentAddress: r.destinationIntentAddress,
    destinationTokenMetadata: tokenMetadata(r.destinationToken),
    destinationHasCallData: hasDestinationCall(r),
    destinationHasCallValue: false,
    createdAt: iso(r.createdAt),
    expiresAt: iso(r.expiresAt),
    destinationTokenAddress: r.destinationToken.address,
    destinationTokenAmount: wireInt(deliveredAmount(r)),
    quotedDestinationTokenAmount: wireInt(r.destinationAmount),
    destinationToAddress: r.destinationToAddress,
    edge: edgeObject(r),
    memo,
    startedAt: isoIfSet(r.executedAt),
    finishedAt: isoIfSet(r.finishedAt),
  }
}

export function receiptObject(r: IntentRecord) {
  const deposit = transaction(r, 'deposit')
  const origin = transaction(r, 'origin')
  const destination = transaction(r, 'destination')
  const refund = transaction(r, 'refund')
  return {
    id: numericId(r),
    projectId: r.projectId,
    intentId: r.intentId,
    status: r.status,
    ownerAddress: r.owner,
    originChainId: r.originChainId,
    destinationChainId: r.destinationChainId,
    depositTransactionId: deposit?.id,
    depositTransaction: deposit,
    originTransactionId: origin?.id,
    originTransaction: origin,
    summary: summary(r),
    destinationTransactionId: destination?.id,
    destinationTransaction: destination,
    refundTransactionId: refund?.id,
    refundTransaction: refund,
    edge: edgeObject(r),
    updatedAt: iso(r.updatedAt),
    createdAt: iso(r.createdAt),
  }
}

/**
 * On-chain balances of the intent's addresses. Recoverable intents hold their funds at
 * the address where the route stopped: the destination intent address when the
 * destination leg failed, the origin intent address otherwise.
 */
function intentBalances(r: IntentRecord) {
  if (!isRecoverable(r)) return []
  const atDestination = r.legs.destination === 'FAILED'
  const token = atDestination ? r.destinationToken : r.originToken
  const amount = atDestination ? r.destinationAmount : r.originAmount
  const chainId = atDestination ? r.destinationChainId : r.originChainId
  return [
    {
      intentAddress: atDestination ? r.destinationIntentAddress : r.originIntentAddress,
      chainId,
      tokens: [
        {
          contractAddress: token.address,
          balance: amount.toString(),
          balanceUsd: round(usdOf(token, amount), 2).toFixed(2),
          priceUsd: token.priceUsd.toString(),
          decimals: token.decimals,
          chainId,
          symbol: token.symbol,
        },
      ],
    },
  ]
}

export function historyEntry(r: IntentRecord, includeBalances: boolean) {
  const balances = includeBalances ? intentBalances(r) : undefined
  return {
    intentId: r.intentId,
    status: r.status,
    expiresAt: iso(r.expiresAt),
    receipt: receiptObject(r),
    updatedAt: iso(r.updatedAt),
    createdAt: iso(r.createdAt),
    hasBalance: balances ? balances.length > 0 : undefined,
    balances,
  }
}
