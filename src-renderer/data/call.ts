import type { BridgeArgs, BridgeCallOptions, BridgeResult } from '@contract/bridge'
import { SERVICE_METHOD_NAMES, type BridgeMethodName } from '@contract/channels'
import type { Result } from '@contract/errors'
import { bridge } from '../bridge'
import { OUTAGE_KINDS, useConnection } from '../stores/connection'

const SERVICE_METHODS: ReadonlySet<BridgeMethodName> = new Set(SERVICE_METHOD_NAMES)

/**
 * Calls a bridge method and keeps the connection indicator honest: every service answer
 * says whether the service was reachable. `signal` gives the call up: it resolves at once
 * as `Aborted` (which says nothing of the service) and main abandons it.
 */
export async function call<M extends BridgeMethodName>(method: M, args: BridgeArgs<M>, opts?: BridgeCallOptions): Promise<Result<BridgeResult<M>>> {
  const fn = bridge[method] as (a: BridgeArgs<M>, o?: BridgeCallOptions) => Promise<Result<BridgeResult<M>>>
  const result = await fn(args, opts)
  if (SERVICE_METHODS.has(method)) {
    const conn = useConnection.getState()
    if (result.ok) conn.noteReachable()
    else if (OUTAGE_KINDS.has(result.error.kind)) conn.noteOutage(result.error)
  }
  return result
}
