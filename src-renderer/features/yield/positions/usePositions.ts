import { useEffect, useState } from 'react'
import type { YieldBalanceQuery, YieldGetAggregateBalancesResponse } from '@contract/service'
import { cacheBalanceSnapshot, listBalanceSnapshots, readLatestBalanceSnapshot, walletKey, type BalanceSnapshot } from '../../../db'
import { call } from '../../../lib/call'
import { useLiveOrCached } from '../../../lib/useLiveOrCached'
import { useOfflineMode } from '../../../stores/cache'
import { useConnection } from '../../../stores/connection'

/**
 * Positions of a set of wallets: YieldGetAggregateBalances (the main process splits it
 * into batches of 25 and merges the answers), kept as a snapshot on every fetch.
 * Offline, the latest snapshot of the same wallets is shown.
 */
export function usePositions(queries: readonly YieldBalanceQuery[]) {
  const profileId = useConnection((s) => s.info?.activeProfileId)
  const offline = useOfflineMode()
  const wallets = queries.length ? walletKey(queries) : undefined
  const key = profileId === undefined || wallets === undefined ? null : JSON.stringify([profileId, wallets])

  return useLiveOrCached<YieldGetAggregateBalancesResponse>(key, offline, {
    live: () => call('yieldGetAggregateBalances', { queries: [...queries] }),
    save: ({ data, source }) => cacheBalanceSnapshot(source, [...queries], data),
    cached: async () => {
      const hit = await readLatestBalanceSnapshot(profileId!, wallets!)
      return hit && { data: { items: hit.items, errors: hit.errors }, fetchedAt: hit.fetchedAt }
    },
  })
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
