/** The single-lookup, manual-polling counterpart of WaitIntentReceipt: the same answer, at once. */
import type { OpRequest } from '../context'
import { requireIntent } from './lookup'
import { receiptAnswer } from './waitIntentReceipt'

export function getIntentReceipt({ ctx, args }: OpRequest) {
  return receiptAnswer(ctx, requireIntent(ctx.dataset, args))
}
