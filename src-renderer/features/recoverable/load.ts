import type { SvcError } from '@contract/errors'
import type { IntentHistoryEntry } from '@contract/service'
import { readHistory } from '../../data/paging'
import { readHistoryEntries, searchCachedIntents } from '../../db'

/** A wallet with more recoverable intents than this is shown in part, and says so. */
export const WALLET_CAP = 2000
const PAGE_SIZE = 100

export interface WalletEntries {
  entries: IntentHistoryEntry[]
  complete: boolean
  error?: SvcError
  /** From the cache: when the oldest entry read was fetched from the service. */
  fetchedAt?: number
}

/** GetIntentHistory for the owner's recoverable intents with balances, written through. */
export async function loadWalletFromService(owner: string): Promise<WalletEntries> {
  const r = await readHistory({ byOwnerAddress: owner, onlyRecoverable: true, includeBalances: true }, { cap: WALLET_CAP, pageSize: PAGE_SIZE })
  return { entries: r.entries, complete: r.outcome === 'complete', ...(r.error && { error: r.error }) }
}

/** The owner's failed and aborted intents in the cache, with the balances their cached history entries carry. */
export async function loadWalletFromCache(profileId: string, owner: string): Promise<WalletEntries> {
  const { rows, next } = await searchCachedIntents(profileId, { owner, statuses: ['FAILED', 'ABORTED'] }, { limit: WALLET_CAP })
  const cached = await readHistoryEntries(profileId, rows.map((r) => r.intentId))
  const found = cached.flatMap((c) => (c ? [c] : []))
  const fetchedAt = found.length ? Math.min(...found.map((c) => c.fetchedAt)) : undefined
  return { entries: found.map((c) => c.entry), complete: !next, ...(fetchedAt !== undefined && { fetchedAt }) }
}
