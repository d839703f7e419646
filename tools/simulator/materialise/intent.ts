/**
 * The full Intent object (spec 2.8), rebuilt from a record. Everything not stored on the
 * record is drawn from the record's dna in a fixed order, so the same record always
 * gives the same object; only `status`, `expiresAt` and `updatedAt` follow its state.
 * CommitIntent relies on this to recognise an unmodified quoted intent.
 */
import { chainById } from '../chains'
import { numericId, type IntentRecord } from '../records'
import { Rng } from '../rng'
import { tokensOn, usdOf, type TokenDef } from '../tokens'
import { wireInt } from '../wire'
import { FEE_COLLECTOR, edgeObject, hasDestinationCall, iso, precondition, roleAddress, round, routeProviders, transferCalldata } from './common'

const STREAM_INTENT = 41
const GWEI = 1_000_000_000

const SERVICE_CONTRACTS = {
  v1: {
    serviceIntentEntrypointAddress: roleAddress('entrypoint-v1'),
    serviceRouterAddress: roleAddress('router-v1'),
    serviceRouterShimAddress: roleAddress('router-shim-v1'),
    serviceUtilsAddress: roleAddress('utils-v1'),
  },
  v1_5: {
    serviceIntentEntrypointAddress: roleAddress('entrypoint-v1_5'),
    serviceRouterAddress: roleAddress('router-v1_5'),
    serviceRouterShimAddress: roleAddress('router-shim-v1_5'),
    serviceUtilsAddress: roleAddress('utils-v1_5'),
  },
}

/** Gas prices in gwei by chain family: mainnet dear, sidechains middling, rollups cheap. */
function gasPriceWei(rng: Rng, chainId: number): bigint {
  const [lo, hi] = chainId === 1 || chainId === 11155111 ? [4, 40] : [56, 100, 137, 146, 5000, 42220, 43114, 80002, 43113].includes(chainId) ? [1, 60] : [0.005, 0.2]
  return BigInt(Math.round(rng.between(lo, hi) * GWEI))
}

const nativePriceOf = (chainId: number): number => tokensOn(chainId)[0]?.priceUsd ?? 0
/** Price used for fee arithmetic; testnet tokens are worthless, so use 1 to keep amounts sane. */
const mathPrice = (t: TokenDef): number => t.priceUsd || 1
const bps = (amount: bigint, basisPoints: number): bigint => (amount * BigInt(Math.round(basisPoints * 100))) / 1_000_000n
const usd = (x: number): number => round(x, 4)
/**
 * Gas limits, wallet nonces and bridge gas are big integers on the wire (the schemas read
 * them as such), so the deployed form writes them as strings like every other one.
 */
const gasInt = (n: number) => wireInt(BigInt(n))

/** A GasFee as sent, plus the raw figures the rest of the intent is computed from. */
function gasFee(rng: Rng, chainId: number, metaTxnId: string) {
  const chain = chainById(chainId)!
  const totalGasLimit = rng.int(150_000, 900_000)
  const gasPrice = gasPriceWei(rng, chainId)
  const totalFeeAmount = BigInt(totalGasLimit) * gasPrice
  const nativeTokenPriceUsd = nativePriceOf(chainId)
  const feeUsd = (Number(totalFeeAmount) / 1e18) * nativeTokenPriceUsd
  const wire = {
    chainId,
    totalGasLimit: gasInt(totalGasLimit),
    gasPrice: wireInt(gasPrice),
    nativeTokenSymbol: chain.nativeCurrency.symbol,
    totalFeeAmount: wireInt(totalFeeAmount),
    totalFeeUsd: feeUsd.toFixed(6),
    metaTxnFeeDetails: { metaTxnId, estimatedGasLimit: gasInt(Math.round(totalGasLimit * 0.8)), feeNative: wireInt(totalFeeAmount) },
    metaTxnGasQuote: (Number(gasPrice) / GWEI).toFixed(9),
    nativeTokenPriceUsd,
  }
  return { wire, totalGasLimit, gasPrice, totalFeeAmount, feeUsd }
}

function calls(rng: Rng, chainId: number, target: string, token: TokenDef, amount: bigint) {
  const swap = { to: target, value: wireInt(token.isNative ? amount : 0n), data: rng.hex0x(8 + 64 * rng.int(2, 5)), gasLimit: gasInt(rng.int(80_000, 400_000)), delegateCall: false, onlyFallback: false, behaviorOnError: 1 }
  const sweep = { to: token.address, value: wireInt(0n), data: rng.hex0x(8 + 128), gasLimit: gasInt(rng.int(40_000, 80_000)), delegateCall: false, onlyFallback: true, behaviorOnError: 0 }
  return { chainId, calls: rng.chance(0.5) ? [swap, sweep] : [swap], space: wireInt(BigInt(rng.u32()) * 4294967296n + BigInt(rng.u32())), nonce: gasInt(rng.int(0, 40)) }
}

function metaTxn(rng: Rng, chainId: number, wallet: string, contract: string) {
  return { id: rng.hex(32), chainId, walletAddress: wallet, contract, input: rng.hex0x(8 + 64 * 4), bridgeGas: gasInt(rng.int(0, 250_000)) }
}

const impact = (pct: number, value: number) => ({ priceImpact: round(pct, 6), priceImpactUsd: usd(value * pct) })

/** The amounts an intent's quote and fees are made of, in the origin token's base units unless named USD. */
interface Money {
  fromUsd: number
  toUsd: number
  providerFee: bigint
  serviceFee: bigint
  collectorFee: bigint
  gasUsd: number
  gasInFeeToken: bigint
  totalFee: bigint
  priceImpactPct: number
}

type GasFee = ReturnType<typeof gasFee>

/** Fees and price impact drawn for the intent (the draws keep the order the dataset was generated in). */
function moneyOf(rng: Rng, r: IntentRecord, originGas: GasFee, destinationGas: GasFee | undefined): Money {
  const o = r.originToken
  const providerFee = bps(r.originAmount, rng.between(10, 30))
  const serviceFee = bps(r.originAmount, rng.between(5, 10))
  const collectorFee = rng.chance(0.3) ? bps(r.originAmount, 2) : 0n
  const gasUsd = originGas.feeUsd + (destinationGas?.feeUsd ?? 0)
  const gasInFeeToken = BigInt(Math.round((gasUsd / mathPrice(o)) * 10 ** Math.min(o.decimals, 12))) * 10n ** BigInt(Math.max(0, o.decimals - 12))
  const totalFee = providerFee + serviceFee + collectorFee + gasInFeeToken
  const priceImpactPct = -rng.between(0.0001, 0.004)
  return { fromUsd: usdOf(o, r.originAmount), toUsd: usdOf(r.destinationToken, r.destinationAmount), providerFee, serviceFee, collectorFee, gasUsd, gasInFeeToken, totalFee, priceImpactPct }
}

function quoteOf(rng: Rng, r: IntentRecord, m: Money, maxSlippage: number, toAmountMin: bigint) {
  const { fromUsd, toUsd, priceImpactPct } = m
  const crossChain = r.originChainId !== r.destinationChainId
  const providers = routeProviders(r)
  const providerFeesPct = -Number(m.providerFee) / Number(r.originAmount)
  const serviceFeesPct = -Number(m.serviceFee) / Number(r.originAmount)
  return {
    routeProviders: providers,
    routeProvidersRequestIds: providers.map(() => rng.hex(32)),
    routeProvidersFeeUsd: providers.map(() => usd(rng.between(0.01, 4))),
    fromAmount: wireInt(r.originAmount),
    fromAmountMin: wireInt(r.originAmount),
    fromAmountUsd: usd(fromUsd),
    fromAmountMinUsd: usd(fromUsd),
    toAmount: wireInt(r.destinationAmount),
    toAmountMin: wireInt(toAmountMin),
    toAmountUsd: usd(toUsd),
    toAmountMinUsd: usd(toUsd * (1 - maxSlippage)),
    maxSlippage,
    priceImpact: round(priceImpactPct, 6),
    priceImpactUsd: usd(fromUsd * priceImpactPct),
    priceImpactDetails: {
      executionPriceImpact: impact(priceImpactPct * 0.6, fromUsd),
      marketPriceImpact: impact(priceImpactPct * 0.4, fromUsd),
      providerFeesPriceImpact: impact(providerFeesPct, fromUsd),
      serviceFeesPriceImpact: impact(serviceFeesPct, fromUsd),
      netPriceImpact: impact(priceImpactPct + providerFeesPct + serviceFeesPct, fromUsd),
    },
    estimatedDuration: crossChain ? rng.int(20, 180) : rng.int(5, 30),
  }
}

function feesOf(r: IntentRecord, m: Money, originGas: GasFee, destinationGas: GasFee | undefined) {
  const { providerFee, serviceFee, collectorFee, gasInFeeToken, totalFee, gasUsd } = m
  const o = r.originToken
  const feeUsd = (raw: bigint) => usd(usdOf(o, raw))
  const providerCode = routeProviders(r)[0]
  return {
    originGas: originGas.wire,
    provider: {
      quoteProvider: providerCode,
      quoteProviderFee: wireInt(providerFee),
      quoteProviderFeeUsd: feeUsd(providerFee),
      serviceFee: wireInt(serviceFee),
      serviceFeeUsd: feeUsd(serviceFee),
      quoteProviderWithServiceFee: wireInt(providerFee + serviceFee),
      providerWithServiceFeeUsd: feeUsd(providerFee + serviceFee),
      totalFeeAmount: wireInt(providerFee + serviceFee),
      totalFeeUsd: feeUsd(providerFee + serviceFee),
    },
    feeTokenAddress: o.address,
    feeTokenAmount: wireInt(totalFee),
    feeTokenUsd: feeUsd(totalFee),
    feeTokenTotal: wireInt(totalFee),
    gasFeeTotal: wireInt(gasInFeeToken),
    gasFeeUsd: usd(gasUsd),
    serviceFeeTotal: wireInt(serviceFee),
    serviceFeeUsd: feeUsd(serviceFee),
    collectorFeeTotal: wireInt(collectorFee),
    collectorFeeUsd: feeUsd(collectorFee),
    providerFeeTotal: wireInt(providerFee),
    providerFeeUsd: feeUsd(providerFee),
    totalFeeAmount: wireInt(totalFee),
    totalFeeUsd: feeUsd(totalFee),
    destinationGas: destinationGas?.wire,
  }
}

function gasFeeOptionsOf(r: IntentRecord, m: Money, originGas: GasFee) {
  const { gasUsd, gasInFeeToken } = m
  const o = r.originToken
  const native = tokensOn(r.originChainId)[0]
  const nativeCost = originGas.totalFeeAmount
  const feeOption = (t: TokenDef, amount: bigint) => ({
    tokenAddress: t.address,
    tokenSymbol: t.symbol,
    tokenDecimals: t.decimals,
    amount: wireInt(amount),
    amountUsd: usd(gasUsd),
    feeCollectorAddress: FEE_COLLECTOR,
    is2612: !t.isNative && t.symbol === 'USDC',
    isPassthroughEligible: t.address === o.address,
  })
  return {
    gasEstimate: { totalGas: gasInt(originGas.totalGasLimit), gasPrice: originGas.gasPrice.toString(), nativeCost: nativeCost.toString(), nativeCostUsd: usd(originGas.feeUsd) },
    feeOptions: o.isNative ? [feeOption(native, nativeCost)] : [feeOption(native, nativeCost), feeOption(o, gasInFeeToken)],
    expiresAt: iso(r.createdAt + 120_000),
    feeCollectorAddress: FEE_COLLECTOR,
  }
}

function quoteRequestOf(rng: Rng, r: IntentRecord, maxSlippage: number) {
  const o = r.originToken
  const d = r.destinationToken
  const crossChain = r.originChainId !== r.destinationChainId
  const hasCallData = hasDestinationCall(r)
  return {
    ownerAddress: r.owner,
    originChainId: r.originChainId,
    originTokenAddress: o.address,
    destinationChainId: r.destinationChainId,
    destinationTokenAddress: d.address,
    destinationToAddress: r.destinationToAddress,
    destinationApproveAddress: hasCallData ? r.destinationToAddress : undefined,
    destinationCallData: hasCallData ? rng.hex0x(8 + 128) : '0x',
    destinationCallValue: wireInt(0n),
    originTokenAmount: wireInt(r.originAmount),
    destinationTokenAmount: wireInt(0n),
    onlyNativeGasFee: o.isNative,
    options: { swapProviderFallback: true, bridgeProviderFallback: crossChain, slippageTolerance: maxSlippage },
  }
}

export function intentObject(r: IntentRecord) {
  const rng = new Rng(r.dna, STREAM_INTENT)
  const chain = chainById(r.originChainId)!
  const o = r.originToken
  const d = r.destinationToken
  const crossChain = r.originChainId !== r.destinationChainId
  const maxSlippage = rng.pick([0.001, 0.003, 0.005, 0.01])
  const toAmountMin = r.destinationAmount - bps(r.destinationAmount, maxSlippage * 10_000)

  const originMetaTxn = metaTxn(rng, r.originChainId, r.originIntentAddress, SERVICE_CONTRACTS[r.protocol].serviceIntentEntrypointAddress)
  const destinationMetaTxn = metaTxn(rng, r.destinationChainId, r.destinationIntentAddress, SERVICE_CONTRACTS[r.protocol].serviceRouterAddress)
  const originGas = gasFee(rng, r.originChainId, originMetaTxn.id)
  const destinationGas = crossChain ? gasFee(rng, r.destinationChainId, destinationMetaTxn.id) : undefined
  const money = moneyOf(rng, r, originGas, destinationGas)
  const quote = quoteOf(rng, r, money, maxSlippage, toAmountMin)
  const fees = feesOf(r, money, originGas, destinationGas)
  const gasFeeOptions = gasFeeOptionsOf(r, money, originGas)

  const salt = wireInt(BigInt(rng.u32()) * 4294967296n + BigInt(rng.u32()))
  const router = SERVICE_CONTRACTS[r.protocol].serviceRouterAddress

  return {
    id: numericId(r),
    projectId: r.projectId,
    intentId: r.intentId,
    status: r.status,
    quoteRequest: quoteRequestOf(rng, r, maxSlippage),
    ownerAddress: r.owner,
    originChainId: r.originChainId,
    destinationChainId: r.destinationChainId,
    originTokenAddress: o.address,
    destinationTokenAddress: d.address,
    originIntentAddress: r.originIntentAddress,
    salt,
    depositTransaction: {
      toAddress: r.originIntentAddress,
      tokenAddress: o.address,
      amount: wireInt(r.originAmount),
      chainId: r.originChainId,
      to: o.isNative ? r.originIntentAddress : o.address,
      data: transferCalldata(o, r.originIntentAddress, r.originAmount),
      value: wireInt(o.isNative ? r.originAmount : 0n),
      decimals: o.decimals,
    },
    originCalls: calls(rng, r.originChainId, router, o, r.originAmount),
    originPrecondition: precondition(r.originChainId, r.originIntentAddress, o, r.originAmount),
    originMetaTxn,
    quote,
    fees,
    serviceVersion: r.protocol,
    serviceContracts: SERVICE_CONTRACTS[r.protocol],
    expiresAt: iso(r.expiresAt),
    isTestnet: chain.isTestnet,
    destinationIntentAddress: r.destinationIntentAddress,
    edge: edgeObject(r),
    passthrough: rng.chance(0.1),
    destinationCalls: calls(rng, r.destinationChainId, r.destinationToAddress, d, r.destinationAmount),
    destinationPrecondition: precondition(r.destinationChainId, r.destinationIntentAddress, d, toAmountMin),
    destinationMetaTxn,
    gasFeeOptions,
    updatedAt: iso(r.updatedAt),
    createdAt: iso(r.createdAt),
  }
}
