/**
 * ExecuteIntent: starts a COMMITTED intent's execution within the commit window.
 * Request `{intentId, depositTransactionHash?}`; answer `{intentId, status}`.
 * After the window the intent is ABORTED (or, when the admin surface holds it, still
 * COMMITTED) and the call fails with QuoteExpired: quote and commit again.
 */
import type { OpRequest } from '../context'
import { SimError, invalidArgument } from '../errors'
import { requireIntent } from './lookup'
import { isHash32 } from '../../../src-shared/contract/formats'

export function executeIntent({ ctx, args }: OpRequest) {
  const r = requireIntent(ctx.dataset, args)
  const depositTxHash = args.text('depositTransactionHash') ?? null
  if (depositTxHash !== null && !isHash32(depositTxHash)) throw invalidArgument('depositTransactionHash must be 0x followed by 64 hex digits', 'depositTransactionHash')
  const windowElapsed =
    (r.status === 'COMMITTED' && ctx.clock.now() > r.committedAt + ctx.env.commitWindowMs) || (r.status === 'ABORTED' && r.committedAt > 0 && r.stage < 0)
  if (windowElapsed) throw new SimError('QuoteExpired', 'the commit window has elapsed; quote and commit the intent again', 'intentId')
  if (r.status !== 'COMMITTED') throw new SimError('IntentStatus', `intent is ${r.status}; only a COMMITTED intent can be executed`, 'intentId')
  ctx.lifecycle.execute(r, depositTxHash)
  // The deployed service names the field `intentStatus`.
  return ctx.wire.deployed ? { intentId: r.intentId, intentStatus: r.status } : { intentId: r.intentId, status: r.status }
}
