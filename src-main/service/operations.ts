import type { z } from 'zod'
import {
  CommitIntentRequestSchema,
  CommitIntentResponseSchema,
  ExecuteIntentRequestSchema,
  ExecuteIntentResponseSchema,
  GetChainsRequestSchema,
  GetChainsResponseSchema,
  GetEarnPoolsRequestSchema,
  GetEarnPoolsResponseSchema,
  GetIntentHistoryRequestSchema,
  GetIntentHistoryResponseSchema,
  GetIntentReceiptRequestSchema,
  GetIntentReceiptResponseSchema,
  GetIntentRequestSchema,
  GetIntentResponseSchema,
  QuoteIntentRequestSchema,
  QuoteIntentResponseSchema,
  SearchIntentsRequestSchema,
  SearchIntentsResponseSchema,
  WaitIntentReceiptRequestSchema,
  WaitIntentReceiptResponseSchema,
  YieldGetAggregateBalancesRequestSchema,
  YieldGetMarketsRequestSchema,
  type Decoded,
} from '../../src-shared/contract/service'
import { decodeAnswer } from './normalise/decode'
import {
  AbortIntentRequestSchema,
  AbortIntentResponseSchema,
  ClockResponseSchema,
  EmptyRequestSchema,
  ExactRoutesResponseSchema,
  GetIntentTransactionHistoryResponseSchema,
  GetTokenPricesRequestSchema,
  GetTokenPricesResponseSchema,
  LooseRequestSchema,
  PingResponseSchema,
  RuntimeStatusResponseSchema,
} from '../../src-shared/contract/service/extras'
import { decodeYieldBalances, decodeYieldMarkets } from './normalise/yield'

/** Every operation the client speaks: how its request is checked, its answer normalised, and whether it may be sent twice. */
export interface Operation<Req extends z.ZodType, Res> {
  request: Req
  decode: (body: unknown, request: z.output<Req>) => Decoded<Res>
  /** Safe to repeat after a network error, a 5xx or a 429. */
  retry: boolean
  /**
   * Held open by the service until something changes: uses the long-poll deadline, and
   * its answers are remembered by their text, so its `decode` must not read the request.
   */
  longPoll?: boolean
}

const op = <Req extends z.ZodType, Res>(o: Operation<Req, Res>) => o
const reads = <S extends z.ZodType>(schema: S) => (body: unknown) => decodeAnswer(schema, body)

export const OPERATIONS = {
  // Commit, quote and execute change state on the service (a quote reserves prices and
  // gas): never repeated behind the user's back.
  CommitIntent: op({ request: CommitIntentRequestSchema, decode: reads(CommitIntentResponseSchema), retry: false }),
  QuoteIntent: op({ request: QuoteIntentRequestSchema, decode: reads(QuoteIntentResponseSchema), retry: false }),
  ExecuteIntent: op({ request: ExecuteIntentRequestSchema, decode: reads(ExecuteIntentResponseSchema), retry: false }),
  GetIntent: op({ request: GetIntentRequestSchema, decode: reads(GetIntentResponseSchema), retry: true }),
  SearchIntents: op({ request: SearchIntentsRequestSchema, decode: reads(SearchIntentsResponseSchema), retry: true }),
  GetIntentHistory: op({ request: GetIntentHistoryRequestSchema, decode: reads(GetIntentHistoryResponseSchema), retry: true }),
  // The receipt watcher owns the re-poll loop and its backoff; retrying here would hide
  // failures from it and stack waits.
  WaitIntentReceipt: op({ request: WaitIntentReceiptRequestSchema, decode: reads(WaitIntentReceiptResponseSchema), retry: false, longPoll: true }),
  GetIntentReceipt: op({ request: GetIntentReceiptRequestSchema, decode: reads(GetIntentReceiptResponseSchema), retry: true }),
  GetChains: op({ request: GetChainsRequestSchema, decode: reads(GetChainsResponseSchema), retry: true }),
  YieldGetMarkets: op({ request: YieldGetMarketsRequestSchema, decode: decodeYieldMarkets, retry: true }),
  YieldGetAggregateBalances: op({ request: YieldGetAggregateBalancesRequestSchema, decode: decodeYieldBalances, retry: true }),
  GetEarnPools: op({ request: GetEarnPoolsRequestSchema, decode: reads(GetEarnPoolsResponseSchema), retry: true }),
  // Beyond the spec: what the deployed service's published client lists. A service may
  // lack any of them (`capabilities.ts` learns which). AbortIntent changes state.
  Ping: op({ request: EmptyRequestSchema, decode: reads(PingResponseSchema), retry: true }),
  RuntimeStatus: op({ request: EmptyRequestSchema, decode: reads(RuntimeStatusResponseSchema), retry: true }),
  Clock: op({ request: EmptyRequestSchema, decode: reads(ClockResponseSchema), retry: true }),
  GetTokenPrices: op({ request: GetTokenPricesRequestSchema, decode: reads(GetTokenPricesResponseSchema), retry: true }),
  AbortIntent: op({ request: AbortIntentRequestSchema, decode: reads(AbortIntentResponseSchema), retry: false }),
  GetIntentTransactionHistory: op({ request: LooseRequestSchema, decode: reads(GetIntentTransactionHistoryResponseSchema), retry: true }),
  GetExactInputRoutes: op({ request: LooseRequestSchema, decode: reads(ExactRoutesResponseSchema), retry: true }),
  GetExactOutputRoutes: op({ request: LooseRequestSchema, decode: reads(ExactRoutesResponseSchema), retry: true }),
}

export type OperationName = keyof typeof OPERATIONS
type Ops = typeof OPERATIONS
/**
 * A request as the client takes it: already parsed. The bridge parses every call's
 * arguments with the same schema before the client sees them (`bridge/handlers.ts`), and
 * the CLI and the doctor build theirs from input they checked; the client does not parse again.
 */
export type RequestOf<N extends OperationName> = z.output<Ops[N]['request']>
export type ResponseOf<N extends OperationName> = Ops[N] extends Operation<z.ZodType, infer R> ? R : never
