import { useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { IntentHistoryEntry } from '@contract/service'
import { hash, readQuotedIntents, type QuoteFields } from '../db'
import { queryKeys } from './keys'
import { useProfileId } from './useServiceQuery'

/** Other cached intents read to learn token prices from, besides the listed ones. */
const PRICE_SAMPLE = 500

const NONE: readonly QuoteFields[] = []

/** A short, stable signature of the ids (order included), so the key stays small for thousands of entries. */
const idsSignature = (ids: readonly string[]): string => `${ids.length}:${hash(ids.join(' '))}`

/** How long a read of the cache for pricing is reused (as the query's own staleness). */
const STALE_MS = 30_000

type Read = { at: number; intent: QuoteFields | null }
/** Per profile: each id's cached intent with a quote (null: none), and the sample, as last read. */
const reads = new Map<string, { own: Map<string, Read>; sample?: { at: number; intents: readonly QuoteFields[] } }>()

/**
 * The quoted intents of `ids` and the sample, reading again only ids not read in the last
 * `STALE_MS` (and the sample once as often). While "load all" grows the list a page at a
 * time, each page costs a read of its own ids, not of every id listed so far.
 */
export async function quotedIntents(profileId: string, ids: readonly string[], now = Date.now()): Promise<QuoteFields[]> {
  let memo = reads.get(profileId)
  if (!memo) reads.set(profileId, (memo = { own: new Map() }))
  const fresh = (at: number) => now - at < STALE_MS
  const missing = ids.filter((id) => !fresh(memo.own.get(id)?.at ?? -Infinity))
  const wantSample = !memo.sample || !fresh(memo.sample.at)
  const [found, sample] = await Promise.all([
    missing.length ? readQuotedIntents(profileId, missing, 0) : Promise.resolve([]),
    wantSample ? readQuotedIntents(profileId, [], PRICE_SAMPLE) : Promise.resolve(memo.sample!.intents),
  ])
  const byFound = new Map(found.map((i) => [i.intentId, i]))
  for (const id of missing) memo.own.set(id, { at: now, intent: byFound.get(id) ?? null })
  if (wantSample) memo.sample = { at: now, intents: sample }
  const byId = new Map<string | undefined, QuoteFields>(sample.map((i) => [i.intentId, i]))
  for (const id of ids) {
    const own = memo.own.get(id)?.intent
    if (own) byId.set(id, own)
  }
  return [...byId.values()]
}

/** Forgets what was read (a cache cleared or imported, and tests). */
export const forgetQuotedReads = (): void => reads.clear()

/**
 * The cached intents that can price History's volume: those of the succeeded entries
 * shown (their own quotes) and a sample of the rest of the cache (any quote of the same
 * token). Reads only the local cache, so it works offline as well.
 */
export function useQuotedIntents(entries: readonly IntentHistoryEntry[]): readonly QuoteFields[] {
  const profileId = useProfileId()
  // Once per list, not on every render of the strip (10,000 ids take milliseconds to sign).
  const { ids, signature } = useMemo(() => {
    const ids = entries.filter((e) => e.status === 'SUCCEEDED' || e.receipt?.status === 'SUCCEEDED').map((e) => e.intentId ?? e.receipt?.intentId ?? '')
    return { ids, signature: idsSignature(ids) }
  }, [entries])
  const query = useQuery({
    queryKey: queryKeys.request(profileId ?? '', 'cachedQuotes', { ids: signature }),
    queryFn: () => quotedIntents(profileId!, ids.filter(Boolean)),
    enabled: profileId !== undefined && ids.length > 0,
    staleTime: STALE_MS,
  })
  return query.data ?? NONE
}
