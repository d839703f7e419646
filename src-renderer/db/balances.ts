import { explorerDb, prefixRange } from './db'
import type { FileRecord } from './fileFormat'
import type { FetchMeta } from './records'

/**
 * One YieldGetAggregateBalances fetch, kept as it came, with the moment it was made, its
 * `walletKey(queries)` (the same wallets asked in any order share one history) and
 * `totalUsd`, the sum of the positions' `amountUsd` (absent when none reported one).
 */
export type BalanceSnapshot = FileRecord<'balanceSnapshots'> & Pick<FetchMeta, 'imported'>

/** The snapshots of one wallet set, oldest first. */
export async function listBalanceSnapshots(profileId: string, walletKey: string): Promise<BalanceSnapshot[]> {
  return prefixRange(explorerDb().balanceSnapshots, ':id', profileId, walletKey).toArray()
}

/** The newest snapshot of a wallet set: what the positions view shows offline. */
export async function readLatestBalanceSnapshot(profileId: string, walletKey: string): Promise<BalanceSnapshot | undefined> {
  return prefixRange(explorerDb().balanceSnapshots, ':id', profileId, walletKey).last()
}
