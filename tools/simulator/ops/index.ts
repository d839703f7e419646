/** The RPC operations, by the name that follows `/rpc/Svc/`. */
import type { OpHandler } from '../context'
import { commitIntent } from './commitIntent'
import { executeIntent } from './executeIntent'
import { getChains } from './getChains'
import { getEarnPools } from './getEarnPools'
import { getIntent } from './getIntent'
import { getIntentHistory } from './getIntentHistory'
import { getIntentReceipt } from './getIntentReceipt'
import { quoteIntent } from './quoteIntent'
import { searchIntents } from './searchIntents'
import { waitIntentReceipt } from './waitIntentReceipt'
import { yieldGetAggregateBalances } from './yieldGetAggregateBalances'
import { yieldGetMarkets } from './yieldGetMarkets'
import { abortIntent, clock, getExactInputRoutes, getExactOutputRoutes, getIntentTransactionHistory, getTokenPrices, ping, runtimeStatus } from './extras'

/** Operations beyond the spec, answered unless the simulator runs without them (`extras: false`). */
export const EXTRA_OPERATIONS: Readonly<Record<string, OpHandler>> = {
  Ping: ping,
  RuntimeStatus: runtimeStatus,
  Clock: clock,
  GetTokenPrices: getTokenPrices,
  AbortIntent: abortIntent,
  GetIntentTransactionHistory: getIntentTransactionHistory,
  GetExactInputRoutes: getExactInputRoutes,
  GetExactOutputRoutes: getExactOutputRoutes,
}

export const OPERATIONS: Readonly<Record<string, OpHandler>> = {
  QuoteIntent: quoteIntent,
  CommitIntent: commitIntent,
  ExecuteIntent: executeIntent,
  GetIntent: getIntent,
  GetIntentReceipt: getIntentReceipt,
  SearchIntents: searchIntents,
  GetIntentHistory: getIntentHistory,
  WaitIntentReceipt: waitIntentReceipt,
  GetChains: getChains,
  YieldGetMarkets: yieldGetMarkets,
  YieldGetAggregateBalances: yieldGetAggregateBalances,
  GetEarnPools: getEarnPools,
  ...EXTRA_OPERATIONS,
}

export const OPERATION_NAMES: readonly string[] = Object.keys(OPERATIONS)
