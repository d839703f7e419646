import { useQuery } from '@tanstack/react-query'
import type { SvcError } from '@contract/errors'
import type { IntentReceipt } from '@contract/service'
import { readHistoryEntry, readReceipt } from '../../db'
import { queryKeys } from '../../data/keys'
import { bridgeCall } from '../../data/liveOrCached'
import { useProfileId } from '../../data/useServiceQuery'
import { isOfflineMode } from '../../stores/cache'
import { useWatch } from '../watch'

export interface ShownReceipt {
  receipt: IntentReceipt
  /** epoch ms: when it was fetched, or when the watch last heard from the service */
  fetchedAt: number
  origin: 'service' | 'cache' | 'live'
  /** A cached receipt that came inside a history entry rather than a receipt fetch. */
  viaHistory?: boolean
}

export interface ReceiptState {
  status: 'loading' | 'ready'
  shown?: ShownReceipt
  /** Why the service gave no receipt (absent when offline by choice). */
  error?: SvcError
  reload(): void
}

interface ReceiptAnswer {
  shown?: ShownReceipt
  error?: SvcError
}

async function cachedReceipt(profileId: string, intentId: string): Promise<ShownReceipt | undefined> {
  const [hit, entry] = await Promise.all([readReceipt(profileId, intentId), readHistoryEntry(profileId, intentId)]).catch(
    () => [undefined, undefined] as const,
  )
  if (!hit) return undefined
  return { receipt: hit.receipt, fetchedAt: hit.fetchedAt, origin: 'cache', viaHistory: entry?.fetchedAt === hit.fetchedAt && !!entry.entry.receipt }
}

/**
 * GetIntentReceipt first (written through); a service that lacks it or does not know the
 * intent, or being offline, falls back to the newest cached receipt (a receipt fetch or a
 * history entry), with the service's failure beside it.
 */
async function answerReceipt(profileId: string, intentId: string, offline: boolean): Promise<ReceiptAnswer> {
  let error: SvcError | undefined
  if (!offline) {
    const r = await bridgeCall('getIntentReceipt', { intentId })
    if (r.ok) return { shown: { receipt: r.value.data, fetchedAt: r.value.source.fetchedAt, origin: 'service' } }
    error = r.error
  }
  return { shown: await cachedReceipt(profileId, intentId), error }
}

/**
 * The intent's receipt (see `answerReceipt`). While the intent is watched, the watch's live
 * receipt replaces it, unless the watch holds only its summary (`receiptTrimmed`): the
 * page then shows the whole receipt read from the service.
 */
export function useReceipt(intentId: string): ReceiptState {
  const profileId = useProfileId()
  const enabled = profileId !== undefined && intentId !== ''
  const query = useQuery({
    queryKey: queryKeys.request(profileId ?? '', 'intentReceipt', { intentId }),
    queryFn: () => answerReceipt(profileId!, intentId, isOfflineMode()),
    enabled,
  })
  const watch = useWatch(intentId)
  // A paused watch (Work offline) hears nothing new: the page then shows the cached receipt with its age.
  const live =
    watch?.receipt && !watch.receiptTrimmed && watch.profileId === profileId && watch.phase !== 'paused'
      ? { receipt: watch.receipt, fetchedAt: watch.lastUpdateAt ?? watch.addedAt, origin: 'live' as const }
      : undefined
  return {
    status: query.isFetching || query.isPending ? 'loading' : 'ready',
    error: query.data?.error,
    shown: live ?? query.data?.shown,
    reload: () => void query.refetch(),
  }
}
