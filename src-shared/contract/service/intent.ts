import { z } from 'zod'
import {
  address,
  amount,
  bigUint,
  bool,
  chainId,
  decimalNumber,
  decimalText,
  decimals,
  hex,
  id,
  int,
  obj,
  opt,
  plainToken,
  optList,
  rate,
  text,
  timestamp,
  usd,
} from './primitives'
import { INTENT_STATUSES, type ReportedStatus } from './constants'

export const IntentStatusSchema = z.enum(INTENT_STATUSES)
/** Any non-empty status text: a value this app does not know is kept (see `ReportedStatus`). */
export const ReportedStatusSchema = z.string().min(1) as unknown as z.ZodType<ReportedStatus, string>

export const TokenMetadataSchema = obj({
  chainId: opt(chainId),
  tokenAddress: opt(address),
  name: opt(text),
  symbol: opt(text),
  decimals: opt(decimals),
  logoUri: opt(text),
})
export type TokenMetadata = z.output<typeof TokenMetadataSchema>

export const EdgeSchema = obj({
  edgeId: opt(text),
  rail: opt(text),
  originChainId: opt(chainId),
  relayRequestId: opt(text),
  edgeTokenAmount: opt(amount),
  edgeTokenAddress: opt(address),
  edgeUserAddress: opt(address),
  initTransactionHash: opt(hex),
  fillTransactionHash: opt(hex),
  refundTransactionHash: opt(hex),
  edgeTokenMetadata: opt(TokenMetadataSchema),
  createdAt: opt(timestamp),
})
export type Edge = z.output<typeof EdgeSchema>

export const TransactionPreconditionSchema = obj({
  type: opt(text),
  chainId: opt(chainId),
  ownerAddress: opt(address),
  tokenAddress: opt(address),
  minAmount: opt(amount),
})
export type TransactionPrecondition = z.output<typeof TransactionPreconditionSchema>

export const CallSchema = obj({
  to: opt(address),
  value: opt(amount),
  data: opt(hex),
  gasLimit: opt(amount),
  delegateCall: opt(bool),
  onlyFallback: opt(bool),
  behaviorOnError: opt(int),
})
export type Call = z.output<typeof CallSchema>

export const IntentCallsSchema = obj({
  chainId: opt(chainId),
  calls: optList(CallSchema),
  // Wallet nonce space and nonce are uint160/uint96 on chain: big integers, not counters.
  space: opt(bigUint),
  nonce: opt(bigUint),
})
export type IntentCalls = z.output<typeof IntentCallsSchema>

export const MetaTxnSchema = obj({
  id: opt(text),
  chainId: opt(chainId),
  walletAddress: opt(address),
  contract: opt(address),
  input: opt(hex),
  bridgeGas: opt(amount),
})
export type MetaTxn = z.output<typeof MetaTxnSchema>

export const DepositTransactionSchema = obj({
  toAddress: opt(address),
  tokenAddress: opt(address),
  amount: opt(amount),
  chainId: opt(chainId),
  to: opt(address),
  data: opt(hex),
  value: opt(amount),
  decimals: opt(decimals),
})

export const QuoteOptionsSchema = obj({
  swapProviderFallback: opt(bool),
  bridgeProviderFallback: opt(bool),
  slippageTolerance: opt(rate),
  serviceAddressOverrides: opt(
    obj({
      walletFactoryAddress: opt(address),
      walletMainModuleAddress: opt(address),
      walletMainModuleUpgradableAddress: opt(address),
      walletGuestModuleAddress: opt(address),
      walletUtilsAddress: opt(address),
    }),
  ),
})

export const QuoteRequestSchema = obj({
  ownerAddress: opt(address),
  originChainId: opt(chainId),
  originTokenAddress: opt(address),
  destinationChainId: opt(chainId),
  destinationTokenAddress: opt(address),
  destinationToAddress: opt(address),
  destinationApproveAddress: opt(address),
  destinationCallData: opt(hex),
  destinationCallValue: opt(amount),
  originTokenAmount: opt(amount),
  destinationTokenAmount: opt(amount),
  onlyNativeGasFee: opt(bool),
  options: opt(QuoteOptionsSchema),
})
export type QuoteRequest = z.output<typeof QuoteRequestSchema>

export const ServiceContractsSchema = obj({
  serviceIntentEntrypointAddress: opt(address),
  serviceRouterAddress: opt(address),
  serviceRouterShimAddress: opt(address),
  serviceUtilsAddress: opt(address),
})

const PriceImpactSchema = obj({ priceImpact: opt(rate), priceImpactUsd: opt(usd) })

export const PriceImpactDetailsSchema = obj({
  executionPriceImpact: opt(PriceImpactSchema),
  marketPriceImpact: opt(PriceImpactSchema),
  providerFeesPriceImpact: opt(PriceImpactSchema),
  serviceFeesPriceImpact: opt(PriceImpactSchema),
  netPriceImpact: opt(PriceImpactSchema),
})
export type PriceImpactDetails = z.output<typeof PriceImpactDetailsSchema>

export const QuoteSchema = obj({
  // Element type not shown in the spec: provider codes in practice, kept as sent.
  routeProviders: optList(z.unknown()),
  routeProvidersRequestIds: optList(text),
  routeProvidersFeeUsd: optList(usd),
  fromAmount: opt(amount),
  fromAmountMin: opt(amount),
  fromAmountUsd: opt(usd),
  fromAmountMinUsd: opt(usd),
  toAmount: opt(amount),
  toAmountMin: opt(amount),
  toAmountUsd: opt(usd),
  toAmountMinUsd: opt(usd),
  maxSlippage: opt(rate),
  priceImpact: opt(rate),
  priceImpactUsd: opt(usd),
  priceImpactDetails: opt(PriceImpactDetailsSchema),
  estimatedDuration: opt(decimalNumber),
})
export type Quote = z.output<typeof QuoteSchema>

export const GasFeeSchema = obj({
  chainId: opt(chainId),
  totalGasLimit: opt(amount),
  gasPrice: opt(amount),
  nativeTokenSymbol: opt(text),
  totalFeeAmount: opt(amount),
  totalFeeUsd: opt(decimalText),
  metaTxnFeeDetails: opt(
    obj({
      metaTxnId: opt(text),
      estimatedGasLimit: opt(amount),
      feeNative: opt(amount),
    }),
  ),
  metaTxnGasQuote: opt(text),
  nativeTokenPriceUsd: opt(usd),
  /** Sent by the deployed service, not in the spec. */
  chainGasUsageStatus: opt(text),
})
export type GasFee = z.output<typeof GasFeeSchema>

export const ProviderFeeSchema = obj({
  quoteProvider: opt(text),
  quoteProviderFee: opt(amount),
  quoteProviderFeeUsd: opt(usd),
  serviceFee: opt(amount),
  serviceFeeUsd: opt(usd),
  quoteProviderWithServiceFee: opt(amount),
  providerWithServiceFeeUsd: opt(usd),
  totalFeeAmount: opt(amount),
  totalFeeUsd: opt(usd),
})

export const FeesSchema = obj({
  originGas: opt(GasFeeSchema),
  provider: opt(ProviderFeeSchema),
  feeTokenAddress: opt(address),
  feeTokenAmount: opt(amount),
  feeTokenUsd: opt(usd),
  feeTokenTotal: opt(amount),
  gasFeeTotal: opt(amount),
  gasFeeUsd: opt(usd),
  serviceFeeTotal: opt(amount),
  serviceFeeUsd: opt(usd),
  collectorFeeTotal: opt(amount),
  collectorFeeUsd: opt(usd),
  providerFeeTotal: opt(amount),
  providerFeeUsd: opt(usd),
  totalFeeAmount: opt(amount),
  totalFeeUsd: opt(usd),
  destinationGas: opt(GasFeeSchema),
})
export type Fees = z.output<typeof FeesSchema>

export const FeeOptionSchema = obj({
  tokenAddress: opt(address),
  tokenSymbol: opt(text),
  tokenDecimals: opt(decimals),
  amount: opt(amount),
  amountUsd: opt(usd),
  feeCollectorAddress: opt(address),
  is2612: opt(bool),
  isPassthroughEligible: opt(bool),
})
export type FeeOption = z.output<typeof FeeOptionSchema>

export const GasFeeOptionsSchema = obj({
  gasEstimate: opt(
    obj({
      totalGas: opt(amount),
      // Plain strings on the deployed wire: re-encoded as numbers they are refused (400).
      gasPrice: opt(decimalText),
      nativeCost: opt(decimalText),
      nativeCostUsd: opt(usd),
    }),
  ),
  feeOptions: optList(FeeOptionSchema),
  expiresAt: opt(timestamp),
  feeCollectorAddress: opt(address),
})
export type GasFeeOptions = z.output<typeof GasFeeOptionsSchema>

/**
 * An intent. `status` is described in the spec's prose but missing from its example
 * shape, so it stays optional: absent means the service did not say. The prose's array
 * forms (`calls`, `preconditions`, `metaTxns`) and anything else unknown are kept
 * untyped for the raw view.
 */
export const IntentSchema = obj({
  id: opt(id),
  projectId: opt(id),
  intentId: opt(plainToken),
  status: opt(ReportedStatusSchema),
  quoteRequest: opt(QuoteRequestSchema),
  ownerAddress: opt(address),
  originChainId: opt(chainId),
  destinationChainId: opt(chainId),
  originTokenAddress: opt(address),
  destinationTokenAddress: opt(address),
  originIntentAddress: opt(address),
  salt: opt(bigUint),
  // The prose's name for `salt`; kept separate so a committed intent goes back unmodified.
  destinationSalt: opt(bigUint),
  depositTransaction: opt(DepositTransactionSchema),
  originCalls: opt(IntentCallsSchema),
  originPrecondition: opt(TransactionPreconditionSchema),
  originMetaTxn: opt(MetaTxnSchema),
  quote: opt(QuoteSchema),
  fees: opt(FeesSchema),
  serviceVersion: opt(text),
  serviceContracts: opt(ServiceContractsSchema),
  expiresAt: opt(timestamp),
  isTestnet: opt(bool),
  destinationIntentAddress: opt(address),
  edge: opt(EdgeSchema),
  passthrough: opt(bool),
  destinationCalls: opt(IntentCallsSchema),
  destinationPrecondition: opt(TransactionPreconditionSchema),
  destinationMetaTxn: opt(MetaTxnSchema),
  gasFeeOptions: opt(GasFeeOptionsSchema),
  /** Sent by the deployed service, not in the spec: `v1` or `v1.5`. */
  intentProtocol: opt(text),
  updatedAt: opt(timestamp),
  createdAt: opt(timestamp),
})
export type Intent = z.output<typeof IntentSchema>
