/**
 * Long-poll for receipt changes. Answers at once when the intent is final, when no
 * `lastReceiptStates` is given, or when they already differ from the current ones;
 * otherwise holds until they differ or the wait timeout passes. `done` is true for the
 * settled statuses: the spec's terminal SUCCEEDED and FAILED, and also ABORTED, REFUNDED
 * and INVALID, which the spec leaves open but which never change again, so waiting on
 * them would only spin.
 */
import type { OpRequest, SimContext } from '../context'
import { isSettledStatus, type IntentRecord } from '../records'
import { JsonText } from '../wire'
import { requireIntent } from './lookup'

/** The answer of WaitIntentReceipt and GetIntentReceipt: the same text until the record changes. */
export const receiptAnswer = (ctx: SimContext, r: IntentRecord): JsonText =>
  new JsonText(
    ctx.recordJson.get(`receipt:${r.idx}:${r.version}`, () =>
      ctx.wire.json({ intentReceipt: ctx.wire.receipt(r), receiptStates: ctx.wire.receiptStates(r), done: isSettledStatus(r.status) }),
    ),
  )

export async function waitIntentReceipt({ ctx, args, signal }: OpRequest) {
  const r = requireIntent(ctx.dataset, args)
  const last = args.array('lastReceiptStates') ?? null
  await ctx.lifecycle.waitForChange(r, last, ctx.waitTimeoutMs, signal, ctx.wire.receiptStates)
  return receiptAnswer(ctx, r)
}
