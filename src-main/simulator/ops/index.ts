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
}

export const OPERATION_NAMES: readonly string[] = Object.keys(OPERATIONS)
