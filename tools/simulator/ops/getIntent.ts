import type { OpRequest } from '../context'
import { requireIntent } from './lookup'

export function getIntent({ ctx, args }: OpRequest) {
  return { intent: ctx.wire.intent(requireIntent(ctx.dataset, args)) }
}
