import type { SvcError } from '@contract/errors'
import type { Intent, ReportedStatus, SearchIntentsRequest } from '@contract/service'
import { readReceipt, searchCachedIntents, type CachedIntentRow, type OfflineIntentFilter } from '../../db'
import { answerLiveOrCached, bridgeCall, type LiveAnswer } from '../../data/liveOrCached'
import type { InputKind } from '../../lib/classifyInput'
import type { BulkKey } from './keys'
import type { KeyOutcome } from './report'

type MatchFields = 'intentId' | 'originChainId' | 'destinationChainId' | 'originTokenAddress' | 'originTokenDecimals' | 'originTokenAmount' | 'destinationTokenAddress' | 'destinationTokenAmount'

/** One intent a key led to, in the cache row's terms (amounts in base units, exact), with the key and a failure's reason. */
export type BulkMatch = Pick<CachedIntentRow, MatchFields> & { key: string; status?: ReportedStatus; reason?: string }

/** Statuses whose reason is worth a receipt read. */
const HAS_REASON = new Set<ReportedStatus | undefined>(['FAILED', 'REFUNDED', 'ABORTED', 'INVALID'])

/** The intent's id as the service sent it (`intentId`, or the older numeric `id`), if at all. */
const idOf = (i: Intent): string | undefined => i.intentId ?? (i.id === undefined ? undefined : String(i.id))

// An intent that carries no id is labelled by the key that found it, so the row still says
// where it came from instead of reading "undefined".
const fromIntent = (key: string, i: Intent): BulkMatch => ({
  key,
  intentId: idOf(i) ?? key,
  status: i.status,
  originChainId: i.originChainId,
  destinationChainId: i.destinationChainId,
  originTokenAddress: i.originTokenAddress,
  originTokenAmount: i.quoteRequest?.originTokenAmount ?? i.depositTransaction?.amount ?? i.quote?.fromAmount,
  originTokenDecimals: i.depositTransaction?.decimals,
  destinationTokenAddress: i.destinationTokenAddress,
  destinationTokenAmount: i.quote?.toAmount,
})

/**
 * The service's readings of a key by its shape; each is one SearchIntents call. Only exact
 * filters: a free-text reading (byQueryString) matches by substring, and would tie a
 * ticket's "0x1234" to intents it has nothing to do with.
 */
const SEARCHES: Partial<Record<InputKind, Array<keyof SearchIntentsRequest>>> = {
  hash: ['byIntentId', 'byTransactionHash'],
  evmAddress: ['byOwnerAddress', 'byOriginIntentAddress', 'byDestinationIntentAddress'],
  edgeAddress: ['byEdgeAddress'],
}

/** The same readings of the cache. */
const CACHE_FILTERS: Partial<Record<InputKind, Array<keyof OfflineIntentFilter>>> = {
  hash: ['intentId', 'txHash'],
  evmAddress: ['address'],
  edgeAddress: ['address'],
}

const differs = (field: string | undefined, key: string): boolean => field !== undefined && field.toLowerCase() !== key.toLowerCase()

/**
 * Whether an intent a reading returned is an exact match for the key: the field the
 * reading filters on equals the key. A field the intent does not carry (a transaction
 * hash, an edge address, an id the service left out) cannot contradict the service's filter.
 */
function matchesExactly(request: SearchIntentsRequest, key: string, i: Intent): boolean {
  if (request.byIntentId) return !differs(idOf(i), key)
  if (request.byOwnerAddress) return !differs(i.ownerAddress ?? i.quoteRequest?.ownerAddress, key)
  if (request.byOriginIntentAddress) return !differs(i.originIntentAddress, key)
  if (request.byDestinationIntentAddress) return !differs(i.destinationIntentAddress, key)
  return true
}

/** Looks a key up with the service: every reading of its shape, one after another, results merged and cached. */
async function liveMatches(key: BulkKey): Promise<{ ok: true; value: LiveAnswer<BulkMatch[]> } | { ok: false; error: SvcError }> {
  const fetchedAt = Date.now()
  const found = new Map<string, Intent>()
  for (const request of (SEARCHES[key.kind] ?? []).map((f) => ({ [f]: key.value }) as SearchIntentsRequest)) {
    // Written through to the cache, like every service answer.
    const r = await bridgeCall('searchIntents', request)
    if (!r.ok) return r
    // Intents without an id cannot be merged with another reading's: each is kept as found.
    for (const i of r.value.data.intents) if (matchesExactly(request, key.value, i)) found.set(idOf(i) ?? `no id ${found.size}`, i)
    // An intent id found is the answer; its hash reading would only repeat it.
    if (request.byIntentId && found.size) break
  }
  const intents = [...found.values()]
  const matches = intents.map((i) => fromIntent(key.value, i))
  for (const [n, m] of matches.entries()) {
    // Without an id there is no receipt to ask for.
    if (!HAS_REASON.has(m.status) || idOf(intents[n]!) === undefined) continue
    const receipt = await bridgeCall('getIntentReceipt', { intentId: m.intentId })
    if (!receipt.ok) continue
    m.reason = receipt.value.data.originTransaction?.statusReason
  }
  return { ok: true, value: { data: matches, source: { fetchedAt } } }
}

/** Looks a key up with the service, or, when the call fails, in the cache beside the failure (the one fallback rule). */
export async function resolveOnline(profileId: string, key: BulkKey): Promise<KeyOutcome> {
  const cached = async () => {
    const c = await cachedMatches(profileId, key)
    return c.matches.length && c.fetchedAt !== undefined ? { data: c.matches, fetchedAt: c.fetchedAt } : undefined
  }
  try {
    const answer = await answerLiveOrCached({ live: () => liveMatches(key), cached }, false)
    return answer?.liveError ? { matches: answer.data, liveError: answer.liveError, fetchedAt: answer.fetchedAt } : { matches: answer?.data ?? [] }
  } catch (e) {
    return { error: e as SvcError }
  }
}

/** The key's matches in the cache, with the cached receipt's reason, and the oldest fetch among them. */
async function cachedMatches(profileId: string, key: BulkKey): Promise<{ matches: BulkMatch[]; fetchedAt?: number }> {
  const found = new Map<string, CachedIntentRow>()
  for (const filter of (CACHE_FILTERS[key.kind] ?? []).map((f): OfflineIntentFilter => ({ [f]: key.value }))) {
    const { rows } = await searchCachedIntents(profileId, filter, { limit: 200 })
    for (const row of rows) found.set(row.intentId, row)
    if (filter.intentId && found.size) break
  }
  const rows = [...found.values()]
  const matches = rows.map((r): BulkMatch => ({ ...r, key: key.value }))
  for (const m of matches) if (HAS_REASON.has(m.status)) m.reason = (await readReceipt(profileId, m.intentId))?.receipt.originTransaction?.statusReason
  return { matches, fetchedAt: rows.length ? Math.min(...rows.map((r) => r.fetchedAt)) : undefined }
}

/** The same from the cache alone (offline). */
export async function resolveOffline(profileId: string, key: BulkKey): Promise<KeyOutcome> {
  return { matches: (await cachedMatches(profileId, key)).matches }
}
