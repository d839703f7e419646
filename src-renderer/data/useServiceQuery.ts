import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import type { SvcError } from '@contract/errors'
import { isOfflineMode, useCacheStatus } from '../stores/cache'
import { useConnection } from '../stores/connection'
import { profileOfKey, queryKeys, type ArgsOf, type QuerySource } from './keys'
import { answerLiveOrCached, type Answer, type LiveOrCachedSource, type Shown } from './liveOrCached'

/** A view's data as it draws it; `shown` is kept while a reload runs or after it failed. */
export type LoadState<T> = (
  | { status: 'idle'; shown?: undefined }
  | { status: 'loading'; shown?: Shown<T> }
  | { status: 'ok'; shown: Shown<T> }
  /** The service failed (not an outage), or it was out of reach and nothing was cached. */
  | { status: 'error'; error: SvcError; shown?: Shown<T> }
  /** Offline, and the cache holds nothing for this request. */
  | { status: 'uncached'; shown?: undefined }
) & { reload(): void }

export const useProfileId = (): string | undefined => useConnection((s) => s.info?.activeProfileId)

/**
 * The profile History's list is keyed and read by: the active one, and before the app's
 * info has answered, working offline, the one that was active at the last run
 * (`startingProfileId`). Offline the list reads only the cache, which keeps each profile's
 * records apart, so its first rows show without waiting for the bridge. When the info
 * names the active profile the key follows it: the same profile keeps what was read,
 * another one's rows leave the screen with their key. Online nothing is asked before the
 * info answers, since the service answers for the active profile only.
 */
export function useListProfileId(): string | undefined {
  const forcedOffline = useCacheStatus((s) => s.forcedOffline)
  return useConnection((s) => s.info?.activeProfileId ?? (s.info === null && forcedOffline ? s.startingProfileId : undefined))
}

/** The query's state in the terms views draw. */
function loadStateOf<T>(q: UseQueryResult<Answer<T>>, enabled: boolean): LoadState<T> {
  const reload = () => {
    if (enabled) void q.refetch()
  }
  const shown = q.data ?? undefined
  if (!enabled) return { status: 'idle', reload }
  if (q.isFetching || q.isPending) return { status: 'loading', shown, reload }
  if (q.isError) return { status: 'error', error: q.error, shown, reload }
  if (!shown) return { status: 'uncached', reload }
  return { status: 'ok', shown, reload }
}

/**
 * Service data for a view: keyed `[profileId, source, args]`, answered live (written
 * through) or from the cache with its age (`answerLiveOrCached`, the one fallback rule).
 * `args` null means nothing to load yet. While a new request loads, the previous answer
 * stays on screen, but never one from another profile.
 */
export function useServiceQuery<S extends QuerySource, T, L = T>(
  source: S,
  args: ArgsOf<S> | null,
  load: (profileId: string, args: ArgsOf<S>) => LiveOrCachedSource<T, L>,
  /** `refetchInterval`: ask again by itself this often (ms) while the view is shown, a polling view's only timer. */
  options: { refetchInterval?: number } = {},
): LoadState<T> {
  const profileId = useProfileId()
  const enabled = profileId !== undefined && args !== null
  const query = useQuery<Answer<T>>({
    queryKey: queryKeys.request(profileId ?? '', source, args as ArgsOf<S>),
    queryFn: ({ signal }) => answerLiveOrCached(load(profileId!, args as ArgsOf<S>), isOfflineMode(), signal),
    enabled,
    placeholderData: (previous, previousQuery) => (profileOfKey(previousQuery?.queryKey) === profileId ? previous : undefined),
    refetchInterval: options.refetchInterval,
  })
  return loadStateOf(query, enabled)
}
