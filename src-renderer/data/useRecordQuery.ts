import { useCallback } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
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
