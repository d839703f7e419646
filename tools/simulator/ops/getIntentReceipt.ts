/** The single-lookup, manual-polling counterpart of WaitIntentReceipt: the same answer, at once. */
import type { OpRequest } from '../context'
import { requireIntent } from './lookup'
import { receiptAnswer } from './waitIntentReceipt'

export function getIntentReceipt({ ctx, args }: OpRequest) {
  const r = requireIntent(ctx.dataset, args)
  // The deployed service answers only `{intentReceipt}`.
  return ctx.wire.deployed ? { intentReceipt: ctx.wire.receipt(r) } : receiptAnswer(ctx, r)
}
