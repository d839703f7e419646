import { useQuery } from '@tanstack/react-query'
import type { Intent, IntentHistoryEntry } from '@contract/service'
import { readQuotedIntents } from '../../db'
import { queryKeys } from '../../data/keys'
import { useProfileId } from '../../data/useServiceQuery'

/** Other cached intents read to learn token prices from, besides the listed ones. */
export const PRICE_SAMPLE = 500

const NONE: readonly Intent[] = []

/** A short, stable signature of the ids (order included), so the key stays small for thousands of entries. */
export function idsSignature(ids: readonly string[]): string {
  let h = 0x811c9dc5
  for (const id of ids) for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193)
  return `${ids.length}:${(h >>> 0).toString(16)}`
}

/**
 * The cached intents that can price History's volume: those of the succeeded entries
 * shown (their own quotes) and a sample of the rest of the cache (any quote of the same
 * token). Reads only the local cache, so it works offline as well.
 */
export function useQuotedIntents(entries: readonly IntentHistoryEntry[]): readonly Intent[] {
  const profileId = useProfileId()
  const ids = entries.filter((e) => e.status === 'SUCCEEDED' || e.receipt?.status === 'SUCCEEDED').map((e) => e.intentId ?? e.receipt?.intentId ?? '')
  const query = useQuery({
    queryKey: queryKeys.request(profileId ?? '', 'cachedQuotes', { ids: idsSignature(ids) }),
    queryFn: () => readQuotedIntents(profileId!, ids.filter(Boolean), PRICE_SAMPLE),
    enabled: profileId !== undefined && ids.length > 0,
    staleTime: 30_000,
  })
  return query.data ?? NONE
}
