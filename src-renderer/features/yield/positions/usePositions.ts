import { useEffect, useState } from 'react'
import type { YieldBalanceQuery, YieldGetAggregateBalancesResponse } from '@contract/service'
import { listBalanceSnapshots, readLatestBalanceSnapshot, walletKey, type BalanceSnapshot } from '../../../db'
import { bridgeCall } from '../../../data/liveOrCached'
import { useServiceQuery } from '../../../data/useServiceQuery'
import { useConnection } from '../../../stores/connection'

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

/** Every cached snapshot of the wallets, oldest first; re-read whenever `version` changes. */
export function useBalanceSnapshots(queries: readonly YieldBalanceQuery[], version: unknown): BalanceSnapshot[] {
  const profileId = useConnection((s) => s.info?.activeProfileId)
  const wallets = queries.length ? walletKey(queries) : undefined
  const [snapshots, setSnapshots] = useState<BalanceSnapshot[]>([])
  useEffect(() => {
    if (!profileId || !wallets) {
      setSnapshots([])
      return
    }
    let live = true
    void listBalanceSnapshots(profileId, wallets)
      .then((s) => live && setSnapshots(s))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [profileId, wallets, version])
  return snapshots
}
