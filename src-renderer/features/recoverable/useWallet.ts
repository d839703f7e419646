import { readHistory } from '../../data/paging'
import { useServiceQuery } from '../../data/useServiceQuery'
import { readHistoryEntries, searchCachedIntents } from '../../db'

/** A wallet with more recoverable intents than this is shown in part, and says so. */
export const WALLET_CAP = 2000

/** The owner's failed and aborted intents in the cache, with the balances of their cached history entries. */
export async function loadWalletFromCache(profileId: string, owner: string) {
  const { rows, next } = await searchCachedIntents(profileId, { owner, statuses: ['FAILED', 'ABORTED'] }, { limit: WALLET_CAP })
  const found = (await readHistoryEntries(profileId, rows.map((r) => r.intentId))).flatMap((c) => (c ? [c] : []))
  // From the cache, the time shown is when the entries were fetched, not when they were read.
  if (!found.length) return undefined
  return { data: { owner, entries: found.map((c) => c.entry), complete: !next }, fetchedAt: Math.min(...found.map((c) => c.fetchedAt)) }
}

/** The owner's recoverable intents with their balances through the data layer ('' for none asked). */
export const useWallet = (owner: string) =>
  useServiceQuery('recoverableWallet', owner ? { owner } : null, (profileId, args) => {
    const asked = (args as { owner: string }).owner
    return {
      live: async () => {
        const now = Date.now()
        const r = await readHistory({ byOwnerAddress: asked, onlyRecoverable: true, includeBalances: true }, { cap: WALLET_CAP, pageSize: 100 })
        if (r.error) return { ok: false, error: r.error }
        return { ok: true, value: { data: { owner: asked, entries: r.entries, complete: r.outcome === 'complete' }, source: { fetchedAt: now } } }
      },
      cached: () => loadWalletFromCache(profileId, asked),
    }
  })
