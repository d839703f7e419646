import type { YieldBalanceQuery, YieldBalances, YieldError } from '@contract/service'
import { explorerDb, prefixRange } from './db'
import type { FetchMeta } from './records'

export { walletKey } from './records'

/** One YieldGetAggregateBalances fetch, kept as it came, with the moment it was made. */
export interface BalanceSnapshot extends FetchMeta {
  /** `walletKey(queries)`: the same wallets asked in any order share one history. */
  walletKey: string
  queries: YieldBalanceQuery[]
  items: YieldBalances[]
  errors: YieldError[]
  /** Sum of the positions' `amountUsd`; absent when none reported a USD value. */
  totalUsd?: number
}

/** Snapshots oldest first: of one wallet set, or of every wallet set of the profile. */
export async function listBalanceSnapshots(profileId: string, walletKey?: string): Promise<BalanceSnapshot[]> {
  const snapshots = explorerDb().balanceSnapshots
  return walletKey === undefined
    ? prefixRange(snapshots, '[profileId+fetchedAt]', profileId).toArray()
    : prefixRange(snapshots, ':id', profileId, walletKey).toArray()
}

/** The newest snapshot of a wallet set: what the positions view shows offline. */
export async function readLatestBalanceSnapshot(profileId: string, walletKey: string): Promise<BalanceSnapshot | undefined> {
  return prefixRange(explorerDb().balanceSnapshots, ':id', profileId, walletKey).last()
}

/** Wallet sets with snapshots, newest fetch first: offline, the positions view offers these. */
export async function listSnapshotWallets(
  profileId: string,
): Promise<Array<{ walletKey: string; queries: YieldBalanceQuery[]; snapshots: number; lastFetchedAt: number }>> {
  const byKey = new Map<string, { walletKey: string; queries: YieldBalanceQuery[]; snapshots: number; lastFetchedAt: number }>()
  // Snapshots are small and few per wallet; one ordered pass keeps the newest queries.
  await prefixRange(explorerDb().balanceSnapshots, ':id', profileId).each((s) => {
    const seen = byKey.get(s.walletKey)
    byKey.set(s.walletKey, {
      walletKey: s.walletKey,
      queries: s.queries,
      snapshots: (seen?.snapshots ?? 0) + 1,
      lastFetchedAt: Math.max(seen?.lastFetchedAt ?? 0, s.fetchedAt),
    })
  })
  return [...byKey.values()].sort((a, b) => b.lastFetchedAt - a.lastFetchedAt)
}
