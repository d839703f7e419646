import type { SvcError } from '@contract/errors'
import type { YieldGetMarketsRequest, YieldGetMarketsResponse } from '@contract/service'
import { cacheMarkets } from '../../../db'
import { call } from '../../../lib/call'

/** One page of markets from the service, written through to the cache before it is used. */
export async function liveMarketsPage(
  request: YieldGetMarketsRequest,
): Promise<{ ok: true; page: YieldGetMarketsResponse } | { ok: false; error: SvcError }> {
  const r = await call('yieldGetMarkets', request)
  if (!r.ok) return r
  await cacheMarkets(r.value.source, r.value.data.items)
  return { ok: true, page: r.value.data }
}
