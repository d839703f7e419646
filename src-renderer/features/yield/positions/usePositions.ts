import type { YieldBalanceQuery, YieldGetAggregateBalancesResponse } from '@contract/service'
import { listBalanceSnapshots, readLatestBalanceSnapshot, walletKey, type BalanceSnapshot } from '../../../db'
import { bridgeCall } from '../../../data/liveOrCached'
import { useCacheRead } from '../../../data/useCacheRead'
import { useProfileId, useServiceQuery } from '../../../data/useServiceQuery'

/**
 * Positions of a set of wallets: YieldGetAggregateBalances (the main process splits it
 * into batches of 25 and merges the answers), kept as a snapshot on every fetch.
 * Offline, the latest snapshot of the same wallets is shown.
 */
export function usePositions(queries: readonly YieldBalanceQuery[], refreshEveryMs?: number) {
  const args = queries.length ? { queries: [...queries] } : null
  return useServiceQuery('yieldGetAggregateBalances', args, (profileId, { queries: asked }) => ({
    live: (signal) => bridgeCall('yieldGetAggregateBalances', { queries: asked }, { signal }),
    cached: async () => {
      const hit = await readLatestBalanceSnapshot(profileId, walletKey(asked))
      const data: YieldGetAggregateBalancesResponse | undefined = hit && { items: hit.items, errors: hit.errors }
      return hit && data && { data, fetchedAt: hit.fetchedAt }
    },
  }), { refetchInterval: refreshEveryMs })
}

const NO_SNAPSHOTS: BalanceSnapshot[] = []

/** Every cached snapshot of the wallets, oldest first: a cache read, read again whenever a snapshot is kept. */
export function useBalanceSnapshots(queries: readonly YieldBalanceQuery[]): BalanceSnapshot[] {
  const profileId = useProfileId()
  const wallets = queries.length ? walletKey(queries) : undefined
  const read = useCacheRead('balanceSnapshots', wallets ? profileId : undefined, { wallets }, (p) => listBalanceSnapshots(p, wallets!))
  return (wallets && read.data) || NO_SNAPSHOTS
}
