import { useQuery } from '@tanstack/react-query'
import type { BridgeArgs, BridgeResult } from '@contract/bridge'
import { call } from './call'
import { profileOfKey, queryKeys } from './keys'
import { useProfileId } from './useServiceQuery'

/** Bridge methods answered by main from what it recorded, not by the service. */
export type RecordMethod = 'getMarketHistory' | 'getMarketHistories' | 'getMarketSummaries' | 'getMarketRecorder' | 'listWalletSets' | 'getPositionHistory'

/**
 * What main keeps (the market history): keyed `[profileId, method, args]` like service
 * data, answered from main's own record, so it works offline as it does online. `args`
 * null means nothing to load yet. The previous answer of the same request shape stays on
 * screen while the next loads (a range change redraws without a blank), never another profile's.
 */
export function useRecordQuery<M extends RecordMethod>(method: M, args: BridgeArgs<M> | null) {
  const profileId = useProfileId()
  return useQuery<BridgeResult<M>>({
    queryKey: queryKeys.request<RecordMethod>(profileId ?? '', method, args as BridgeArgs<RecordMethod>),
    queryFn: async () => {
      const r = await call(method, args as BridgeArgs<M>)
      if (!r.ok) throw r.error
      return r.value
    },
    enabled: profileId !== undefined && args !== null,
    placeholderData: (previous, previousQuery) => (profileOfKey(previousQuery?.queryKey) === profileId ? previous : undefined),
  })
}
