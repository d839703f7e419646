/**
 * ExecuteIntent: starts a COMMITTED intent's execution within the commit window.
 * Request `{intentId, depositTransactionHash?}`; answer `{intentId, status}`.
 * After the window the intent is ABORTED (or, when the admin surface holds it, still
 * COMMITTED) and the call fails with IntentExpired: quote and commit again.
 */
import type { OpRequest } from '../context'
import { SimError, invalidArgument } from '../errors'
import { requireIntent } from './lookup'

const TX_HASH = /^0x[0-9a-fA-F]{64}$/

export function executeIntent({ ctx, args }: OpRequest) {
  const r = requireIntent(ctx.dataset, args)
  const depositTxHash = args.text('depositTransactionHash') ?? null
  if (depositTxHash !== null && !TX_HASH.test(depositTxHash)) throw invalidArgument('depositTransactionHash must be 0x followed by 64 hex digits', 'depositTransactionHash')
  const windowElapsed =
    (r.status === 'COMMITTED' && ctx.clock.now() > r.committedAt + ctx.env.commitWindowMs) || (r.status === 'ABORTED' && r.committedAt > 0 && r.stage < 0)
  if (windowElapsed) throw new SimError('IntentExpired', 'the commit window has elapsed; quote and commit the intent again', 'intentId')
  if (r.status !== 'COMMITTED') throw new SimError('IntentStatus', `intent is ${r.status}; only a COMMITTED intent can be executed`, 'intentId')
  ctx.lifecycle.execute(r, depositTxHash)
  return { intentId: r.intentId, status: r.status }
}
