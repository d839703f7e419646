import { useQuery } from '@tanstack/react-query'
import type { Intent, IntentBalance, IntentStatus } from '@contract/service'
import { readHistoryEntry } from '../../db'
import { bridgeCall } from '../../data/liveOrCached'
import { parseTime } from '../../lib/format'
import { queryKeys } from '../../data/keys'
import { useProfileId } from '../../data/useServiceQuery'
import { isOfflineMode } from '../../stores/cache'

/** Only these outcomes can leave funds at an intent address. */
const CAN_HOLD: ReadonlySet<IntentStatus | undefined> = new Set<IntentStatus | undefined>(['FAILED', 'ABORTED', 'REFUNDED'])

export interface HeldBalances {
  balances: readonly IntentBalance[] | undefined
  /** epoch ms of the answer the balances came from */
  fetchedAt?: number
  fromCache?: boolean
}

interface HeldRequest {
  intentId: string
  owner: string | undefined
  createdMs: number | undefined
}

async function answerHeld(profileId: string, { intentId, owner, createdMs }: HeldRequest, offline: boolean): Promise<HeldBalances> {
  if (!offline && owner && createdMs !== undefined) {
    const second = Math.floor(createdMs / 1000)
    const r = await bridgeCall('getIntentHistory', { byOwnerAddress: owner, fromTime: second, toTime: second, includeBalances: true })
    const entry = r.ok ? r.value.data.intents.find((e) => e.intentId === intentId || e.receipt?.intentId === intentId) : undefined
    if (r.ok && entry) {
      return { balances: entry.balances ?? [], fetchedAt: r.value.source.fetchedAt }
    }
  }
  const cached = await readHistoryEntry(profileId, intentId).catch(() => undefined)
  return { balances: cached?.entry.balances, fetchedAt: cached?.fetchedAt, fromCache: !!cached }
}

const NOTHING: HeldBalances = { balances: undefined }

/**
 * Balances still held at a settled intent's addresses. GetIntentHistory is the only
 * operation that reports them and it has no intent-id filter, so the query is narrowed to
 * the owner and the second the intent was created (both ends inclusive), then matched by
 * id. Offline, or when the service cannot answer, the cached history entry speaks.
 */
export function useHeldBalances(intent: Intent | undefined, status: IntentStatus | undefined): HeldBalances {
  const profileId = useProfileId()
  const request: HeldRequest = { intentId: intent?.intentId ?? '', owner: intent?.ownerAddress, createdMs: parseTime(intent?.createdAt) }
  const query = useQuery({
    // The status is part of the request: a newly settled intent is asked about again.
    queryKey: queryKeys.request(profileId ?? '', 'heldBalances', { ...request, status }),
    queryFn: () => answerHeld(profileId!, request, isOfflineMode()),
    enabled: profileId !== undefined && request.intentId !== '' && CAN_HOLD.has(status),
  })
  return query.data ?? NOTHING
}
