import type { SvcError } from '@contract/errors'
import type { IntentHistoryEntry } from '@contract/service'
import { cacheHistoryPage, readHistoryEntries, searchCachedIntents } from '../../db'
import { call } from '../../lib/call'

/** A wallet with more recoverable intents than this is shown in part, and says so. */
export const WALLET_CAP = 2000
const PAGE_SIZE = 100

export interface WalletEntries {
  entries: IntentHistoryEntry[]
  complete: boolean
  error?: SvcError
}

/** GetIntentHistory for the owner's recoverable intents with balances, written through. */
export async function loadWalletFromService(owner: string): Promise<WalletEntries> {
  const entries: IntentHistoryEntry[] = []
  let page: Record<string, unknown> | undefined
  while (entries.length < WALLET_CAP) {
    const r = await call('getIntentHistory', { byOwnerAddress: owner, onlyRecoverable: true, includeBalances: true, page: { ...page, pageSize: PAGE_SIZE } })
    if (!r.ok) return { entries, complete: false, error: r.error }
    await cacheHistoryPage(r.value.source, r.value.data.intents)
    entries.push(...r.value.data.intents)
    const next = r.value.data.nextPage
    if (!next || next.more === false || !r.value.data.intents.length) return { entries, complete: true }
    page = next
  }
  return { entries, complete: false }
}

/** The owner's failed and aborted intents in the cache, with the balances their cached history entries carry. */
export async function loadWalletFromCache(profileId: string, owner: string): Promise<WalletEntries> {
  const { rows, next } = await searchCachedIntents(profileId, { owner, statuses: ['FAILED', 'ABORTED'] }, { limit: WALLET_CAP })
  const cached = await readHistoryEntries(profileId, rows.map((r) => r.intentId))
  return { entries: cached.flatMap((c) => (c ? [c.entry] : [])), complete: !next }
}
