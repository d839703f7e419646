import { z } from 'zod'
import { SORT_ORDERS } from './constants'
import { EdgeSchema, ReportedStatusSchema, TokenMetadataSchema, TransactionPreconditionSchema } from './intent'
import {
  address,
  amount,
  bigUint,
  bool,
  chainId,
  decimalText,
  decimals,
  hex,
  id,
  int,
  obj,
  opt,
  plainToken,
  optList,
  text,
  timestamp,
  uint64,
} from './primitives'

export const DepositIntentEntrySchema = obj({
  feeAmount: opt(amount),
  feeToken: opt(address),
  feeCollector: opt(address),
  deadline: opt(int),
  intentSignature: opt(hex),
  permitSignature: opt(hex),
  // Permits commonly use max uint256 as "never expires".
  permitDeadline: opt(bigUint),
  permitAmount: opt(amount),
  userNonce: opt(int),
})

export const IntentTransactionSchema = obj({
  id: opt(id),
  intentId: opt(plainToken),
  chainId: opt(chainId),
  fromAddress: opt(address),
  toAddress: opt(address),
  tokenAddress: opt(address),
  tokenAmount: opt(amount),
  /** Why the transaction failed, when it did. */
  statusReason: opt(text),
  bridgeGas: opt(amount),
  calldata: opt(hex),
  metaTxnId: opt(text),
  metaTxnFeeQuote: opt(text),
  precondition: opt(TransactionPreconditionSchema),
  depositIntentEntry: opt(DepositIntentEntrySchema),
  txnHash: opt(hex),
  txnMinedAt: opt(timestamp),
  // Sent by the deployed service, not in the spec: this leg's own transaction status
  // (e.g. PENDING), its kind and a note. Kept as text: these enums grow.
  status: opt(text),
  type: opt(text),
  context: opt(text),
  updatedAt: opt(timestamp),
  createdAt: opt(timestamp),
})
export type IntentTransaction = z.output<typeof IntentTransactionSchema>

export const IntentReceiptSummarySchema = obj({
  intentId: opt(plainToken),
  ownerAddress: opt(address),
  originChainId: opt(chainId),
  destinationChainId: opt(chainId),
  routeProviders: optList(z.unknown()),
  originIntentAddress: opt(address),
  originTokenAddress: opt(address),
  originTokenAmount: opt(amount),
  quotedOriginTokenAmount: opt(amount),
  originTokenMetadata: opt(TokenMetadataSchema),
  destinationIntentAddress: opt(address),
  destinationTokenMetadata: opt(TokenMetadataSchema),
  destinationHasCallData: opt(bool),
  destinationHasCallValue: opt(bool),
  createdAt: opt(timestamp),
  expiresAt: opt(timestamp),
  destinationTokenAddress: opt(address),
  destinationTokenAmount: opt(amount),
  quotedDestinationTokenAmount: opt(amount),
  destinationToAddress: opt(address),
  edge: opt(EdgeSchema),
  memo: opt(text),
  startedAt: opt(timestamp),
  finishedAt: opt(timestamp),
  // Sent by the deployed service, not in the spec.
  status: opt(text),
  mode: opt(text),
  tradeType: opt(text),
})
export type IntentReceiptSummary = z.output<typeof IntentReceiptSummarySchema>

/** The execution record of an intent. `status` may be absent (the spec's example omits it). */
export const IntentReceiptSchema = obj({
  id: opt(id),
  projectId: opt(id),
  intentId: opt(plainToken),
  status: opt(ReportedStatusSchema),
  ownerAddress: opt(address),
  originChainId: opt(chainId),
  destinationChainId: opt(chainId),
  depositTransactionId: opt(id),
  depositTransaction: opt(IntentTransactionSchema),
  originTransactionId: opt(id),
  originTransaction: opt(IntentTransactionSchema),
  summary: opt(IntentReceiptSummarySchema),
  destinationTransactionId: opt(id),
  destinationTransaction: opt(IntentTransactionSchema),
  refundTransactionId: opt(id),
  refundTransaction: opt(IntentTransactionSchema),
  edge: opt(EdgeSchema),
  updatedAt: opt(timestamp),
  createdAt: opt(timestamp),
})
export type IntentReceipt = z.output<typeof IntentReceiptSchema>

export const IntentBalanceTokenSchema = obj({
  contractAddress: opt(address),
  balance: opt(amount),
  balanceUsd: opt(decimalText),
  priceUsd: opt(decimalText),
  decimals: opt(decimals),
  chainId: opt(chainId),
  symbol: opt(text),
})

export const IntentBalanceSchema = obj({
  intentAddress: opt(address),
  chainId: opt(chainId),
  tokens: optList(IntentBalanceTokenSchema),
})
export type IntentBalance = z.output<typeof IntentBalanceSchema>

/** One entry of GetIntentHistory: an intent's state with its full receipt. */
export const IntentHistoryEntrySchema = obj({
  intentId: opt(plainToken),
  status: opt(ReportedStatusSchema),
  expiresAt: opt(timestamp),
  receipt: opt(IntentReceiptSchema),
  updatedAt: opt(timestamp),
  createdAt: opt(timestamp),
  hasBalance: opt(bool),
  balances: optList(IntentBalanceSchema),
})
export type IntentHistoryEntry = z.output<typeof IntentHistoryEntrySchema>

export const SortBySchema = obj({
  column: text,
  order: z.enum(SORT_ORDERS),
})

/**
 * A history cursor. It is re-sent verbatim as the next request's `page`, so unknown
 * fields are kept. Cursors are uint64 and may exceed 2^53: they are carried as decimal
 * strings and go back as the same bare digits.
 */
export const PageSchema = obj({
  column: opt(text),
  before: opt(uint64),
  after: opt(uint64),
  sort: optList(SortBySchema),
  pageSize: opt(int.refine((n) => n > 0, 'page size must be positive')),
  more: opt(bool),
})
export type Page = z.output<typeof PageSchema>
