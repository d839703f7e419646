import { z } from 'zod'
import {
  address,
  amount,
  bool,
  chainId,
  decimalNumber,
  decimalText,
  decimals,
  int,
  obj,
  opt,
  plainTokenCheck,
  optList,
  rate,
  text,
  timestamp,
  usd,
} from './primitives'

export const YieldTokenSchema = obj({
  symbol: opt(text),
  name: opt(text),
  decimals: opt(decimals),
  network: opt(text),
  address: opt(address),
  logoURI: opt(text),
  isPoints: opt(bool),
  priceFeedId: opt(text),
})
export type YieldToken = z.output<typeof YieldTokenSchema>

export const RewardComponentSchema = obj({
  rate: opt(rate),
  rateType: opt(text),
  token: opt(YieldTokenSchema),
  yieldSource: opt(text),
  description: opt(text),
})
export type RewardComponent = z.output<typeof RewardComponentSchema>

/** `total` is a decimal fraction: 0.045 means 4.5 %. */
export const RewardRateSchema = obj({
  total: opt(rate),
  rateType: opt(text),
  components: optList(RewardComponentSchema),
})
export type RewardRate = z.output<typeof RewardRateSchema>

export const ArgumentFieldSchema = obj({
  name: opt(text),
  type: opt(text),
  label: opt(text),
  description: opt(text),
  required: opt(bool),
  options: optList(text),
  optionsRef: opt(text),
  default: z.unknown().optional(),
  placeholder: opt(text),
  minimum: opt(text),
  maximum: opt(text),
  isArray: opt(bool),
})
export const ArgumentSchemaSchema = obj({
  fields: optList(ArgumentFieldSchema),
  notes: opt(text),
})
export type ArgumentSchema = z.output<typeof ArgumentSchemaSchema>

const periodSchema = opt(obj({ seconds: opt(decimalNumber) }))

export const MechanicsSchema = obj({
  type: opt(text),
  rewardSchedule: opt(text),
  rewardClaiming: opt(text),
  gasFeeToken: opt(YieldTokenSchema),
  requiresValidatorSelection: opt(bool),
  lockupPeriod: periodSchema,
  cooldownPeriod: periodSchema,
  warmupPeriod: periodSchema,
  // Fee figures are strings whose unit (percent, fraction) is not shown: kept verbatim.
  fee: opt(obj({ deposit: opt(text), withdrawal: opt(text), management: opt(text), performance: opt(text) })),
  entryLimits: opt(obj({ minimum: opt(amount), maximum: opt(amount) })),
  requirements: opt(obj({ kycRequired: opt(bool), kycUrl: opt(text) })),
  supportsLedgerWalletApi: opt(bool),
  extraTransactionFormatsSupported: optList(text),
  arguments: opt(
    obj({
      enter: opt(ArgumentSchemaSchema),
      exit: opt(ArgumentSchemaSchema),
      balance: opt(ArgumentSchemaSchema),
      manage: z.unknown().optional(),
    }),
  ),
  possibleFeeTakingMechanisms: opt(
    obj({
      depositFee: opt(bool),
      managementFee: opt(bool),
      performanceFee: opt(bool),
      validatorRebates: opt(bool),
    }),
  ),
})
export type Mechanics = z.output<typeof MechanicsSchema>

export const AllocationSchema = obj({
  address: opt(address),
  network: opt(text),
  name: opt(text),
  allocation: opt(amount),
  weight: opt(rate),
  targetWeight: opt(rate),
  yieldId: opt(text),
  providerId: opt(text),
  allocationUsd: opt(decimalText),
  rewardRate: opt(obj({ total: opt(rate), rateType: opt(text) })),
  tvl: opt(amount),
  tvlUsd: opt(decimalText),
  maxCapacity: opt(amount),
  remainingCapacity: opt(amount),
})

export const MarketStateSchema = obj({
  pricePerShareState: opt(
    obj({ price: opt(decimalNumber), shareToken: opt(YieldTokenSchema), quoteToken: opt(YieldTokenSchema) }),
  ),
  concentratedLiquidityPoolState: opt(
    obj({
      baseApr: opt(rate),
      price: opt(decimalNumber),
      tickSpacing: opt(decimalNumber),
      minTick: opt(decimalNumber),
      maxTick: opt(decimalNumber),
      feeTier: opt(decimalNumber),
      baseToken: opt(YieldTokenSchema),
      quoteToken: opt(YieldTokenSchema),
      volume24hUsd: opt(usd),
      fee24hUsd: opt(usd),
      tvlUsd: opt(usd),
    }),
  ),
  capacityState: opt(obj({ current: opt(amount), max: opt(amount), remaining: opt(amount) })),
  liquidityState: opt(obj({ liquidity: z.unknown().optional(), utilization: z.unknown().optional() })),
  allocations: optList(AllocationSchema),
})

/**
 * A market on a non-EVM network carries a chainId that is not a number (e.g. `solana`):
 * it becomes the market's `network` (when it has none), so one such market does not
 * make the whole list unreadable.
 */
function nonEvmChain(v: unknown): unknown {
  if (typeof v !== 'object' || v === null) return v
  const m = v as { chainId?: unknown; network?: unknown }
  if (typeof m.chainId !== 'string' || /^\s*\d+\s*$/.test(m.chainId)) return v
  return { ...m, chainId: undefined, network: m.network ?? m.chainId }
}

const YieldMarketFields = obj({
  /** The market id passed to composable deposit actions; `yieldId` in balances. */
  id: text,
  network: opt(text),
  inputTokens: optList(YieldTokenSchema),
  token: opt(YieldTokenSchema),
  tokens: optList(YieldTokenSchema),
  rewardRate: opt(RewardRateSchema),
  status: opt(obj({ enter: opt(bool), exit: opt(bool) })),
  metadata: opt(
    obj({
      name: opt(text),
      logoURI: opt(text),
      description: opt(text),
      documentation: opt(text),
      underMaintenance: opt(bool),
      deprecated: opt(bool),
      supportedStandards: optList(text),
    }),
  ),
  mechanics: opt(MechanicsSchema),
  providerId: opt(text),
  supportsBeneficiary: opt(bool),
  // A string on the wire ("the service id as a string"); a number here like every chain id.
  chainId: opt(chainId),
  outputToken: opt(YieldTokenSchema),
  statistics: opt(
    obj({
      tvlUsd: opt(decimalText),
      tvl: opt(amount),
      tvlRaw: opt(amount),
      uniqueUsers: opt(int),
      averagePositionSizeUsd: opt(decimalText),
      averagePositionSize: opt(amount),
    }),
  ),
  risk: opt(obj({ ratings: optList(obj({ rating: opt(text), source: opt(text) })) })),
  curator: opt(obj({ name: z.unknown().optional(), description: z.unknown().optional(), logoURI: z.unknown().optional() })),
  tags: optList(text),
  state: opt(MarketStateSchema),
})
export const YieldMarketSchema = z.preprocess(nonEvmChain, YieldMarketFields)
export type YieldMarket = z.output<typeof YieldMarketSchema>

const revShareTier = opt(obj({ minRevShare: opt(rate), maxRevShare: opt(rate) }))

export const YieldProviderSchema = obj({
  name: opt(text),
  id: opt(text),
  logoURI: opt(text),
  description: opt(text),
  website: opt(text),
  tvlUsd: z.unknown().optional(),
  type: opt(text),
  rank: opt(int),
  preferred: opt(bool),
  references: optList(text),
  revshare: opt(obj({ trial: revShareTier, standard: revShareTier, pro: revShareTier })),
  uniqueId: opt(text),
  createdAt: opt(timestamp),
  updatedAt: opt(timestamp),
})

export const ValidatorSchema = obj({
  address: opt(address),
  name: opt(text),
  logoURI: opt(text),
  website: opt(text),
  rewardRate: opt(RewardRateSchema),
  provider: opt(YieldProviderSchema),
  commission: opt(rate),
  tvlUsd: opt(decimalText),
  tvl: opt(amount),
  tvlRaw: opt(amount),
  votingPower: opt(decimalNumber),
  preferred: opt(bool),
  minimumStake: opt(amount),
  remainingPossibleStake: opt(amount),
  remainingSlots: opt(int),
  nominatorCount: opt(int),
  status: opt(text),
  providerId: opt(text),
  pricePerShare: opt(amount),
  subnetId: opt(int),
  subnetName: opt(text),
  marketCap: opt(decimalText),
  tokenSymbol: opt(text),
})

export const PendingActionSchema = obj({
  intent: opt(text),
  type: opt(text),
  passthrough: opt(text),
  arguments: opt(ArgumentSchemaSchema),
  amount: opt(amount),
})

/**
 * A position (the spec's Balance). `network` is not in the response shape; it is filled
 * only from the payload form's records, where it is the sole place the network appears.
 */
export const YieldBalanceSchema = obj({
  address: opt(address),
  network: opt(text),
  type: opt(text),
  amount: opt(amount),
  amountRaw: opt(amount),
  pendingActions: optList(PendingActionSchema),
  token: opt(YieldTokenSchema),
  isEarning: opt(bool),
  date: opt(timestamp),
  feeConfigurationId: opt(text),
  validator: opt(ValidatorSchema),
  validators: optList(ValidatorSchema),
  amountUsd: opt(decimalText),
  priceRange: z.unknown().optional(),
  tokenId: opt(text),
  shareAmount: opt(amount),
  shareAmountRaw: opt(amount),
  shareToken: opt(YieldTokenSchema),
})
export type YieldBalance = z.output<typeof YieldBalanceSchema>

export const YieldBalancesSchema = obj({
  yieldId: opt(text),
  balances: optList(YieldBalanceSchema),
  outputTokenBalance: opt(YieldBalanceSchema),
  rewardRate: opt(RewardRateSchema),
})
export type YieldBalances = z.output<typeof YieldBalancesSchema>

export const YieldErrorSchema = obj({ yieldId: opt(text), error: opt(text) })
export type YieldError = z.output<typeof YieldErrorSchema>

const nonEmpty = (what: string) => z.string().trim().min(1, `Enter the ${what}`)

export const YieldBalanceQuerySchema = z.strictObject({
  address: nonEmpty('wallet address').superRefine(plainTokenCheck),
  network: nonEmpty('network'),
  yieldId: z.string().min(1).optional(),
  arguments: z
    .strictObject({
      cAddressBech: z.string().optional(),
      pAddressBech: z.string().optional(),
      autoSweepDayOfMonth: z.number().int().min(1).max(31).optional(),
      autoSweepTimezone: z.string().optional(),
    })
    .optional(),
})
export type YieldBalanceQuery = z.output<typeof YieldBalanceQuerySchema>

/** Deprecated by YieldGetMarkets; still served. */
export const EarnPoolSchema = obj({
  id: text,
  name: opt(text),
  protocol: opt(text),
  chainId: opt(chainId),
  apy: opt(rate),
  tvl: opt(usd),
  token: opt(
    obj({
      symbol: opt(text),
      name: opt(text),
      address: opt(address),
      decimals: opt(decimals),
      logoUrl: opt(text),
    }),
  ),
  depositAddress: opt(address),
  isActive: opt(bool),
  poolUrl: opt(text),
  protocolUrl: opt(text),
  wrappedTokenGatewayAddress: opt(address),
})
export type EarnPool = z.output<typeof EarnPoolSchema>
