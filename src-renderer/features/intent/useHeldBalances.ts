import type { SvcError } from '@contract/errors'
import type { Intent, IntentBalance, IntentStatus } from '@contract/service'
import { readHistoryEntry } from '../../db'
import { bridgeCall, type LiveOrCachedSource } from '../../data/liveOrCached'
import { parseTime } from '../../lib/format'
import { useServiceQuery } from '../../data/useServiceQuery'

/** Only these outcomes can leave funds at an intent address. */
const CAN_HOLD: ReadonlySet<IntentStatus | undefined> = new Set<IntentStatus | undefined>(['FAILED', 'ABORTED', 'REFUNDED'])

export interface HeldBalances {
  balances: readonly IntentBalance[] | undefined
  /** epoch ms of the answer the balances came from */
  fetchedAt?: number
  fromCache?: boolean
}

type HeldRequest = { intentId: string; owner: string | undefined; createdMs: number | undefined }

/**
 * The narrowed GetIntentHistory (written through) as a data-layer source: the intent's
 * entry's balances, or, offline or when the service cannot say (a failure, an intent
 * without owner or creation time, an answer without the entry), the cached history
 * entry's, by the one fallback rule.
 */
function heldSource(profileId: string, { intentId, owner, createdMs }: HeldRequest): LiveOrCachedSource<Balances> {
  return {
    live: async (signal) => {
      if (!owner || createdMs === undefined) return { ok: false, error: NOT_NARROWED }
      const second = Math.floor(createdMs / 1000)
      const r = await bridgeCall('getIntentHistory', { byOwnerAddress: owner, fromTime: second, toTime: second, includeBalances: true }, { signal })
      if (!r.ok) return r
      const entry = r.value.data.intents.find((e) => e.intentId === intentId || e.receipt?.intentId === intentId)
      return entry ? { ok: true, value: { data: { intentId, balances: entry.balances ?? [] }, source: r.value.source } } : { ok: false, error: NO_ENTRY }
    },
    cached: async () => {
      const cached = await readHistoryEntry(profileId, intentId)
      return cached && { data: { intentId, balances: cached.entry.balances }, fetchedAt: cached.fetchedAt }
    },
  }
}

/** Whose balances they are: the view may still show the previous intent's answer while the next loads. */
type Balances = { intentId: string; balances: readonly IntentBalance[] | undefined }
const NOT_NARROWED: SvcError = { kind: 'NotFound', operation: 'GetIntentHistory', message: 'The intent has no owner or creation time to narrow the history to.' }
const NO_ENTRY: SvcError = { kind: 'NotFound', operation: 'GetIntentHistory', message: "The owner's history at the intent's creation second has no entry for it." }
const NOTHING: HeldBalances = { balances: undefined }

/**
 * Balances still held at a settled intent's addresses. GetIntentHistory is the only
 * operation that reports them and it has no intent-id filter, so the query is narrowed to
 * the owner and the second the intent was created (both ends inclusive), then matched by
 * id. Offline, or when the service cannot answer, the cached history entry speaks.
 */
export function useHeldBalances(intent: Intent | undefined, status: IntentStatus | undefined): HeldBalances {
  const request: HeldRequest = { intentId: intent?.intentId ?? '', owner: intent?.ownerAddress, createdMs: parseTime(intent?.createdAt) }
  // The status is part of the request: a newly settled intent is asked about again.
  const args = request.intentId !== '' && CAN_HOLD.has(status) ? { ...request, status } : null
  const shown = useServiceQuery('heldBalances', args, (profileId) => heldSource(profileId, request)).shown
  return shown && shown.data.intentId === request.intentId ? { balances: shown.data.balances, fetchedAt: shown.fetchedAt, fromCache: shown.fromCache } : NOTHING
}
