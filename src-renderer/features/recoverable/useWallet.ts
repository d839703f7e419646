import type { IntentHistoryEntry } from '@contract/service'
import type { LiveOrCachedSource } from '../../data/liveOrCached'
import { useServiceQuery } from '../../data/useServiceQuery'
import { loadWalletFromCache, loadWalletFromService } from './load'

/** A wallet's recoverable intents, as shown. */
export interface Wallet {
  owner: string
  entries: IntentHistoryEntry[]
  /** Every recoverable intent was read (not cut at `WALLET_CAP`). */
  complete: boolean
}

/**
 * The wallet as one data-layer source: GetIntentHistory for the owner's recoverable
 * intents with balances (every page written through), or the cache's failed and aborted
 * intents of the owner with the service's failure beside them (`answerLiveOrCached`).
 */
function walletSource(profileId: string, owner: string): LiveOrCachedSource<Wallet> {
  return {
    live: async () => {
      const now = Date.now()
      const r = await loadWalletFromService(owner)
      return r.error ? { ok: false, error: r.error } : { ok: true, value: { data: { owner, entries: r.entries, complete: r.complete }, source: { fetchedAt: now } } }
    },
    cached: async () => {
      const c = await loadWalletFromCache(profileId, owner)
      // From the cache, the time shown is when the entries were fetched, not when they were read.
      return c.fetchedAt === undefined ? undefined : { data: { owner, entries: c.entries, complete: c.complete }, fetchedAt: c.fetchedAt }
    },
  }
}

/** The owner's recoverable intents through the data layer ('' for none asked). */
export const useWallet = (owner: string) =>
  useServiceQuery('recoverableWallet', owner ? { owner } : null, (profileId, args) => walletSource(profileId, (args as { owner: string }).owner))
