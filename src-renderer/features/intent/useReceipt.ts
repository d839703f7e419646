import type { SvcError } from '@contract/errors'
import type { IntentReceipt } from '@contract/service'
import { readHistoryEntry, readReceipt } from '../../db'
import { bridgeCall, type CachedHit, type LiveOrCachedSource, type Shown } from '../../data/liveOrCached'
import { useProfileId, useServiceQuery } from '../../data/useServiceQuery'
import { useWatch } from '../watch'

/** The receipt as the data layer answers it; `viaHistory` for a cached one that came in a history entry. */
type ReceiptRead = { receipt: IntentReceipt; viaHistory?: boolean }

export interface ShownReceipt extends ReceiptRead {
  /** epoch ms: when it was fetched, or when the watch last heard from the service */
  fetchedAt: number
  origin: 'service' | 'cache' | 'live'
}

export interface ReceiptState {
  status: 'loading' | 'ready'
  shown?: ShownReceipt
  /** Why the service gave no receipt (absent when offline by choice). */
  error?: SvcError
  reload(): void
}

async function cachedReceipt(profileId: string, intentId: string): Promise<CachedHit<ReceiptRead> | undefined> {
  const [hit, entry] = await Promise.all([readReceipt(profileId, intentId), readHistoryEntry(profileId, intentId)])
  if (!hit) return undefined
  return { data: { receipt: hit.receipt, viaHistory: entry?.fetchedAt === hit.fetchedAt && !!entry.entry.receipt }, fetchedAt: hit.fetchedAt }
}

const shownOf = (shown: Shown<ReceiptRead> | undefined): ShownReceipt | undefined =>
  shown && { receipt: shown.data.receipt, fetchedAt: shown.fetchedAt, origin: shown.fromCache ? 'cache' : 'service', viaHistory: shown.data.viaHistory }

/**
 * GetIntentReceipt (written through), answered by the data layer's one rule: offline, or
 * when the call fails (a service that lacks it, does not know the intent, refuses the
 * key), the newest cached receipt (a receipt fetch or a history entry) with the failure
 * beside it. While the intent is watched, the watch's live receipt replaces it, unless the
 * watch holds only its summary (`receiptTrimmed`): the page then shows the whole receipt
 * read from the service.
 */
export function useReceipt(intentId: string): ReceiptState {
  const profileId = useProfileId()
  const state = useServiceQuery('intentReceipt', intentId ? { intentId } : null, (p): LiveOrCachedSource<ReceiptRead, IntentReceipt> => ({
    live: (signal) => bridgeCall('getIntentReceipt', { intentId }, { signal }),
    cached: () => cachedReceipt(p, intentId),
    shape: (receipt) => ({ receipt }),
  }))
  const watch = useWatch(intentId)
  // A paused watch (Work offline) hears nothing new: the page then shows the cached receipt with its age.
  const live =
    watch?.receipt && !watch.receiptTrimmed && watch.profileId === profileId && watch.phase !== 'paused'
      ? { receipt: watch.receipt, fetchedAt: watch.lastUpdateAt ?? watch.addedAt, origin: 'live' as const }
      : undefined
  return {
    status: state.status === 'loading' || state.status === 'idle' ? 'loading' : 'ready',
    error: state.status === 'error' ? state.error : state.shown?.liveError,
    shown: live ?? shownOf(state.shown),
    reload: state.reload,
  }
}
