/**
 * SearchIntents: every intent matching all given filters, newest first, at most
 * SEARCH_LIMIT of them (the operation has no paging; GetIntentHistory is for long lists).
 */
import { SEARCH_RESULT_CAP } from '../../../src-shared/contract/service/constants'
import { evmAddress } from '../args'
import type { OpRequest } from '../context'
import { invalidArgument } from '../errors'
import { candidates, matches, parseSharedFilters, type IntentFilter } from '../filters'

export const SEARCH_LIMIT = SEARCH_RESULT_CAP

export function searchIntents({ ctx, args }: OpRequest) {
  const f: IntentFilter = {
    ...parseSharedFilters(args),
    intentId: args.text('byIntentId')?.toLowerCase(),
    txHash: args.text('byTransactionHash')?.toLowerCase(),
    depositTxHash: args.text('byDepositTransactionHash')?.toLowerCase(),
    originIntentAddress: evmAddress(args, 'byOriginIntentAddress'),
    destinationIntentAddress: evmAddress(args, 'byDestinationIntentAddress'),
    query: args.text('byQueryString')?.toLowerCase(),
  }
  if (Object.values(f).every((v) => v === undefined)) throw invalidArgument('give at least one search filter')

  const ds = ctx.dataset
  const list = candidates(ds, f)
  const intents = []
  for (let i = (list ?? ds.records).length - 1; i >= 0 && intents.length < SEARCH_LIMIT; i--) {
    const r = ds.records[list ? list[i] : i]
    if (matches(r, f)) intents.push(ctx.wire.intent(r))
  }
  return { intents }
}
