import { useCallback } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { BridgeArgs, BridgeResult } from '@contract/bridge'
import { callValue } from './liveOrCached'
import { profileOfKey, queryKeys } from './keys'
import { useProfileId } from './useServiceQuery'

/** Bridge methods answered by main from what it recorded, not by the service. */
export type RecordMethod = 'getMarketHistory' | 'getMarketHistories' | 'getMarketSummaries' | 'getMarketRecorder' | 'listWalletSets' | 'getPositionHistory'

/** The query of one read of main's record: its key and its function. */
const recordQuery = <M extends RecordMethod>(profileId: string, method: M, args: BridgeArgs<M>) => ({
  queryKey: queryKeys.request<RecordMethod>(profileId, method, args as BridgeArgs<RecordMethod>),
  queryFn: ({ signal }: { signal?: AbortSignal }) => callValue(method, args, { signal }),
})

/**
 * What main keeps (the market history): keyed `[profileId, method, args]` like service
 * data, answered from main's own record, so it works offline as it does online. `args`
 * null means nothing to load yet. The previous answer of the same request shape stays on
 * screen while the next loads (a range change redraws without a blank), never another profile's.
 */
export function useRecordQuery<M extends RecordMethod>(method: M, args: BridgeArgs<M> | null) {
  const profileId = useProfileId()
  return useQuery<BridgeResult<M>>({
    ...recordQuery(profileId ?? '', method, args as BridgeArgs<M>),
    enabled: profileId !== undefined && args !== null,
    placeholderData: (previous, previousQuery) => (profileOfKey(previousQuery?.queryKey) === profileId ? previous : undefined),
  })
}

/**
 * The same reads on demand (an export of every recorded point): through the query cache,
 * under the same keys. The function rejects with the failure.
 */
export function useRecordFetch() {
  const client = useQueryClient()
  const profileId = useProfileId()
  return useCallback(
    <M extends RecordMethod>(method: M, args: BridgeArgs<M>): Promise<BridgeResult<M>> => client.fetchQuery(recordQuery(profileId ?? '', method, args)) as Promise<BridgeResult<M>>,
    [client, profileId],
  )
}

/** An action on what main records (the recorder's schedule, "record now", wallet sets): once done, every query of the `reads` methods reads again. */
function useRecordMutation<A, T>(mutationFn: (args: A) => Promise<T>, reads: readonly RecordMethod[]) {
  const client = useQueryClient()
  return useMutation({ mutationFn, onSettled: () => client.invalidateQueries({ predicate: (q) => reads.includes(q.queryKey[1] as RecordMethod) }) })
}

/** What a snapshot changes: the recorder's state and every history shown. */
const RECORDER_READS: readonly RecordMethod[] = ['getMarketRecorder', 'getMarketHistory', 'getMarketHistories', 'getMarketSummaries']
/** What a wallet set's change moves: the sets and their recorded value. */
const WALLET_SET_READS: readonly RecordMethod[] = ['listWalletSets', 'getPositionHistory']

/** The market recorder's interval in minutes (null: off), or a snapshot now (`{ now: true }`). */
type RecorderAction = { intervalMinutes: number | null } | { now: true }

export const useRecorderAction = () =>
  useRecordMutation(
    (action: RecorderAction) => ('now' in action ? callValue('recordMarketsNow', {}) : callValue('setMarketRecorder', { intervalMinutes: action.intervalMinutes })),
    RECORDER_READS,
  )

/** Starts recording a set of wallets at every snapshot. */
export const useSaveWalletSet = () => useRecordMutation((args: BridgeArgs<'saveWalletSet'>) => callValue('saveWalletSet', args), WALLET_SET_READS)

export const useRemoveWalletSet = () => useRecordMutation((id: string) => callValue('removeWalletSet', { id }), WALLET_SET_READS)
