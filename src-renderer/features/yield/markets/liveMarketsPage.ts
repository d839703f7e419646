import type { SvcError } from '@contract/errors'
import type { YieldGetMarketsRequest, YieldGetMarketsResponse } from '@contract/service'
import { bridgeCall } from '../../../data/liveOrCached'

/** One page of markets from the service, written through to the cache before it is used. */
export async function liveMarketsPage(
  request: YieldGetMarketsRequest,
): Promise<{ ok: true; page: YieldGetMarketsResponse } | { ok: false; error: SvcError }> {
  const r = await bridgeCall('yieldGetMarkets', request)
  if (!r.ok) return r
  return { ok: true, page: r.value.data }
}
