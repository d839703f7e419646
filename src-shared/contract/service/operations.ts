import { z } from 'zod'
import { ChainInfoSchema } from './chains'
import { GasFeeOptionsSchema, IntentSchema, IntentStatusSchema, QuoteRequestSchema, ReportedStatusSchema } from './intent'
import { int, list, obj, opt, plainToken, plainTokenCheck, text } from './primitives'
import { EDGE_MODES, INTENT_PROTOCOLS, MARKET_TYPES, SEARCH_FILTERS } from './constants'
import { IntentHistoryEntrySchema, IntentReceiptSchema, PageSchema } from './receipt'
import {
  EarnPoolSchema,
  YieldBalanceQuerySchema,
  YieldBalancesSchema,
  YieldErrorSchema,
  YieldMarketSchema,
} from './yield'
import { HASH_32 } from '../formats'

/**
 * Requests are validated once, by the bridge on arguments from the renderer. Where the
 * spec is definite (enums, positive page sizes, required ids) the request schemas are
 * strict; unknown request fields are refused. Request types are the parsed form.
 */

const nonEmpty = z.string().trim().min(1)
/** Addresses, hashes and ids a person typed or pasted are plain ASCII: a look-alike is refused. */
const plainId = nonEmpty.superRefine(plainTokenCheck)
const intentId = z.string().trim().min(1, 'Enter an intent id').superRefine(plainTokenCheck)
const positiveInt = z.number().int().positive()
const unixSeconds = z.number().int().nonnegative()

/** Upper-case provider code (`AUTO` or one of the provider names the spec leaves out). */
const providerCode = z.string().regex(/^[A-Z][A-Z0-9_]*$/, 'Use an upper-case provider code such as AUTO')

// ---- CommitIntent ---------------------------------------------------------------

export const CommitIntentRequestSchema = z.strictObject({ intent: IntentSchema })
export type CommitIntentRequest = z.output<typeof CommitIntentRequestSchema>
export const CommitIntentResponseSchema = z.object({ intentId: plainToken })
export type CommitIntentResponse = z.output<typeof CommitIntentResponseSchema>

// ---- GetIntent ------------------------------------------------------------------

export const GetIntentRequestSchema = z.strictObject({ intentId })
export const GetIntentResponseSchema = z.object({ intent: IntentSchema })
export type GetIntentResponse = z.output<typeof GetIntentResponseSchema>

// ---- SearchIntents --------------------------------------------------------------

export const SearchIntentsRequestSchema = z
  .strictObject({
    byIntentId: plainId.optional(),
    byProjectId: z.number().int().nonnegative().optional(),
    byTransactionHash: plainId.optional(),
    byOwnerAddress: plainId.optional(),
    byOriginIntentAddress: plainId.optional(),
    byDestinationIntentAddress: plainId.optional(),
    byEdgeAddress: plainId.optional(),
    byEdgeRail: nonEmpty.optional(),
    byEdgeMode: z.enum(EDGE_MODES).optional(),
    byQueryString: nonEmpty.optional(),
  })
  .refine((r) => SEARCH_FILTERS.some((f) => r[f] !== undefined), {
    message: 'Give at least one search filter: an intent id, owner address, transaction hash, intent address or text',
  })
export type SearchIntentsRequest = z.output<typeof SearchIntentsRequestSchema>
export const SearchIntentsResponseSchema = z.object({ intents: list(IntentSchema) })
export type SearchIntentsResponse = z.output<typeof SearchIntentsResponseSchema>

// ---- GetIntentHistory -----------------------------------------------------------

export const GetIntentHistoryRequestSchema = z.strictObject({
  page: PageSchema.optional(),
  byProjectId: z.number().int().nonnegative().optional(),
  byIntentProtocol: z.enum(INTENT_PROTOCOLS).optional(),
  bySwapProvider: providerCode.optional(),
  byBridgeProvider: providerCode.optional(),
  byOwnerAddress: plainId.optional(),
  byEdgeAddress: plainId.optional(),
  byEdgeRail: nonEmpty.optional(),
  byEdgeMode: z.enum(EDGE_MODES).optional(),
  byParticipantAddresses: z.array(plainId).optional(),
  originChainId: positiveInt.optional(),
  originTokenAddress: plainId.optional(),
  destinationChainId: positiveInt.optional(),
  destinationTokenAddress: plainId.optional(),
  fromTime: unixSeconds.optional(),
  toTime: unixSeconds.optional(),
  includeBalances: z.boolean().optional(),
  onlyRecoverable: z.boolean().optional(),
  byStatus: IntentStatusSchema.optional(),
  byStatuses: z.array(IntentStatusSchema).optional(),
})
export type GetIntentHistoryRequest = z.output<typeof GetIntentHistoryRequestSchema>
export const GetIntentHistoryResponseSchema = z.object({
  intents: list(IntentHistoryEntrySchema),
  /** Absent when there is nothing more to read. */
  nextPage: opt(PageSchema),
})
export type GetIntentHistoryResponse = z.output<typeof GetIntentHistoryResponseSchema>

// ---- WaitIntentReceipt / GetIntentReceipt ---------------------------------------

export const WaitIntentReceiptRequestSchema = z.strictObject({
  intentId,
  /** The previous answer's `receiptStates`, sent back verbatim. */
  lastReceiptStates: z.array(z.unknown()).optional(),
})
export const WaitIntentReceiptResponseSchema = z.object({
  intentReceipt: IntentReceiptSchema,
  receiptStates: list(z.unknown()),
  done: z.boolean(),
})
export type WaitIntentReceiptResponse = z.output<typeof WaitIntentReceiptResponseSchema>

export const GetIntentReceiptRequestSchema = z.strictObject({ intentId })
/** The spec shows only the receipt; `receiptStates` and `done` are kept when a service adds them. */
export const GetIntentReceiptResponseSchema = z.object({
  intentReceipt: IntentReceiptSchema,
  receiptStates: opt(z.array(z.unknown())),
  done: opt(z.boolean()),
})

// ---- QuoteIntent / ExecuteIntent ------------------------------------------------

/** The QuoteRequest fields at the top level; the route and one of the two amounts are required. */
export const QuoteIntentRequestSchema = z
  .strictObject({
    ...QuoteRequestSchema.shape,
    ownerAddress: plainId,
    originChainId: positiveInt,
    originTokenAddress: plainId,
    destinationChainId: positiveInt,
    destinationTokenAddress: plainId,
  })
  .refine((r) => r.originTokenAmount !== undefined || r.destinationTokenAmount !== undefined, {
    message: 'Give the amount to send (originTokenAmount) or to receive (destinationTokenAmount)',
    path: ['originTokenAmount'],
  })
export type QuoteIntentRequest = z.output<typeof QuoteIntentRequestSchema>
export const QuoteIntentResponseSchema = z.object({
  intent: IntentSchema,
  gasFeeOptions: opt(GasFeeOptionsSchema),
})
export type QuoteIntentResponse = z.output<typeof QuoteIntentResponseSchema>

export const ExecuteIntentRequestSchema = z.strictObject({
  intentId,
  /** The user's deposit transaction, when they made it themselves. */
  depositTransactionHash: z
    .string()
    .regex(HASH_32, 'Use a transaction hash: 0x followed by 64 hex digits')
    .optional(),
})
/** The deployed service names the status `intentStatus`; it becomes `status` here. */
export const ExecuteIntentResponseSchema = z.preprocess(
  (v) => {
    if (typeof v !== 'object' || v === null || !('intentStatus' in v) || 'status' in v) return v
    const { intentStatus, ...rest } = v as Record<string, unknown>
    return { ...rest, status: intentStatus }
  },
  obj({ intentId: opt(plainToken), status: opt(ReportedStatusSchema) }),
)

// ---- GetChains ------------------------------------------------------------------

export const GetChainsRequestSchema = z.strictObject({ routeProvider: providerCode.optional() })
export type GetChainsRequest = z.output<typeof GetChainsRequestSchema>
export const GetChainsResponseSchema = z.object({ chains: list(ChainInfoSchema) })
export type GetChainsResponse = z.output<typeof GetChainsResponseSchema>

// ---- YieldGetMarkets ------------------------------------------------------------

export const YieldGetMarketsRequestSchema = z.strictObject({
  provider: nonEmpty.optional(),
  /** Sent as a string, as the spec asks; a number is accepted for convenience. */
  chainId: z
    .union([positiveInt, z.string().regex(/^\d+$/, 'Use a numeric chain id')])
    .transform(String)
    .optional(),
  type: z.enum(MARKET_TYPES).optional(),
  search: z.string().optional(),
  sort: nonEmpty.optional(),
  limit: positiveInt.optional(),
  offset: z.number().int().nonnegative().optional(),
})
export type YieldGetMarketsRequest = z.output<typeof YieldGetMarketsRequestSchema>

/**
 * The page form of the answer. The spec also shows a `{payload: "<json>"}` form; the
 * client folds that into this shape (see `src-main/service/normalise/yield.ts`).
 */
export const YieldGetMarketsResponseSchema = z.object({
  items: list(YieldMarketSchema),
  total: int,
  offset: int,
  limit: int,
})
export type YieldGetMarketsResponse = Omit<z.output<typeof YieldGetMarketsResponseSchema>, 'total'> & {
  /** Unknown when the service answered with a bare `payload` array of markets. */
  total?: number
}

// ---- YieldGetAggregateBalances --------------------------------------------------

export const YieldGetAggregateBalancesRequestSchema = z.strictObject({
  queries: z.array(YieldBalanceQuerySchema).min(1, 'Add at least one wallet to look up'),
})
export type YieldGetAggregateBalancesRequest = z.output<typeof YieldGetAggregateBalancesRequestSchema>

/** Per-yield failures arrive in `errors`; the call as a whole still succeeds. */
export const YieldGetAggregateBalancesResponseSchema = z.object({
  items: list(YieldBalancesSchema),
  errors: list(YieldErrorSchema),
})
export type YieldGetAggregateBalancesResponse = z.output<typeof YieldGetAggregateBalancesResponseSchema>

// ---- GetEarnPools (deprecated) --------------------------------------------------

export const GetEarnPoolsRequestSchema = z.strictObject({
  chainIds: z.array(positiveInt).optional(),
  protocols: z.array(nonEmpty).optional(),
  minTvl: z.number().nonnegative().optional(),
  maxApy: z.number().nonnegative().optional(),
})
export type GetEarnPoolsRequest = z.output<typeof GetEarnPoolsRequestSchema>
export const GetEarnPoolsResponseSchema = z.object({
  pools: list(EarnPoolSchema),
  /** ISO time the service fetched the data. */
  timestamp: text,
  cached: z.boolean(),
})
export type GetEarnPoolsResponse = z.output<typeof GetEarnPoolsResponseSchema>
