import type { OpRequest } from '../context'
import { intentObject } from '../materialise/intent'
import { requireIntent } from './lookup'

export function getIntent({ ctx, args }: OpRequest) {
  return { intent: intentObject(requireIntent(ctx.dataset, args)) }
}
