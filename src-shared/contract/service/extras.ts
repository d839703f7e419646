import { z } from 'zod'
import { ReportedStatusSchema } from './intent'
import { bool, chainId, decimalNumber, list, obj, opt, optList, plainToken, text, timestamp } from './primitives'

/**
 * Operations the deployed service answers beyond the spec, as its published generated
 * client lists them. A service may lack any of them: the app learns which it answers
 * (`CAPABILITY_OPERATIONS`, probed per profile) and works without the ones it lacks.
 */
export const CAPABILITY_OPERATIONS = [
  'Ping',
  'RuntimeStatus',
  'Clock',
  'GetTokenPrices',
  'AbortIntent',
  'GetIntentTransactionHistory',
  'GetExactInputRoutes',
  'GetExactOutputRoutes',
] as const
export type CapabilityOperation = (typeof CAPABILITY_OPERATIONS)[number]

/** What probing found: the service answers it, it says it has no such operation, or it could not be told. */
export type CapabilityState = 'available' | 'absent' | 'unknown'

export interface Capabilities {
  operations: Record<CapabilityOperation, CapabilityState>
  /** When they were probed (epoch ms). */
  checkedAt: number
}

// ---- Ping / RuntimeStatus / Clock -------------------------------------------------

export const EmptyRequestSchema = z.strictObject({})
export const PingResponseSchema = obj({ status: opt(bool), version: opt(text) })

export const RuntimeStatusResponseSchema = obj({
  status: opt(
    obj({
      healthOK: opt(bool),
      startTime: opt(text),
      uptime: opt(decimalNumber),
      ver: opt(text),
      branch: opt(text),
      commitHash: opt(text),
    }),
  ),
})

export const ClockResponseSchema = obj({ serverTime: timestamp })

// ---- GetTokenPrices ---------------------------------------------------------------

export const TokenRefSchema = z.strictObject({ chainId: z.number().int().nonnegative(), contractAddress: z.string().trim().min(1) })
export const GetTokenPricesRequestSchema = z.strictObject({ tokens: z.array(TokenRefSchema).max(500).optional() })
export type GetTokenPricesRequest = z.output<typeof GetTokenPricesRequestSchema>
const PriceSchema = obj({ value: opt(decimalNumber), currency: opt(text) })
export const TokenPriceSchema = obj({
  token: opt(obj({ chainId: opt(chainId), contractAddress: opt(plainToken) })),
  price: opt(PriceSchema),
  updatedAt: opt(text),
})
export const GetTokenPricesResponseSchema = obj({ tokenPrices: list(TokenPriceSchema) })

// ---- AbortIntent ------------------------------------------------------------------

export const AbortIntentRequestSchema = z.strictObject({
  intentId: z.string().trim().min(1).optional(),
  chainId: z.number().int().nonnegative().optional(),
  abortTransactionHash: z.string().trim().min(1).optional(),
})
export const AbortIntentResponseSchema = obj({ intentId: opt(plainToken), status: opt(ReportedStatusSchema) })

// ---- GetIntentTransactionHistory (deprecated) and the exact routes ---------------

export const LooseRequestSchema = z.looseObject({})
export const GetIntentTransactionHistoryResponseSchema = obj({ transactions: optList(z.unknown()), intents: optList(z.unknown()) })
export const ExactRoutesResponseSchema = obj({ tokens: optList(z.unknown()), routes: optList(z.unknown()) })

// ---- What the bridge hands the renderer -------------------------------------------

/** One token's price from the service's GetTokenPrices, in USD. */
export interface TokenPriceView {
  chainId: number
  contractAddress: string
  /** USD per whole token, as the service sent it. */
  priceUsd: number
  updatedAt?: string
}

/** The service's clock against this machine's, from its Clock operation. */
export interface ServiceClock {
  serverTime: string
  /** Service time minus this machine's time, ms (positive: the service is ahead), halfway through the call. */
  skewMs: number
  checkedAt: number
}
