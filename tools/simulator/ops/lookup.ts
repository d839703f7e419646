/** Finding the intent a request names. */
import type { Args } from '../args'
import type { Dataset } from '../dataset'
import { intentNotFound, invalidArgument } from '../errors'
import type { IntentRecord } from '../records'
import { isHash32 } from '../../../src-shared/contract/formats'

/** The record for `args[field]`: 400 when malformed, 404 when unknown. */
export function requireIntent(ds: Dataset, args: Args, field = 'intentId'): IntentRecord {
  const id = args.requiredStr(field)
  if (!isHash32(id)) throw invalidArgument(`${field} must be 0x followed by 64 hex digits`, field)
  const r = ds.get(id)
  if (!r) throw intentNotFound(id)
  return r
}
