import { notifyManager, QueryObserver, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useCallback, useMemo, useSyncExternalStore } from 'react'
import { isUsableChain, listOf } from '@contract/service/bounds'
import type { GetChainsRequest, ChainInfo, GetChainsResponse } from '@contract/service'
import type { Fetched } from '@contract/app'
import type { Result, SvcError } from '@contract/errors'
import { cacheModule } from '../../db/lazy'
import { isOfflineMode, useCacheStatus } from '../../stores/cache'
import { useConnection } from '../../stores/connection'
import { queryKeys } from '../keys'
import { answerLiveOrCached, bridgeCall, type Answer, type LiveOrCachedSource } from '../liveOrCached'
import { useProfileId, useServiceQuery } from '../useServiceQuery'
import type { ChainDirectory } from '../../lib/displaySources'
import { learnProviderCodes } from './providerCodes'

/**
 * The one owner of the chain list, keyed by profile: names, native symbols and explorer
 * links everywhere come from the same query as the Chains view's unfiltered list, so a
 * profile switch loads that profile's chains and nothing else shows meanwhile.
 */

/**
 * GetChains (optionally for one route provider), written through. Offline only the
 * unfiltered list can be answered: the cache keeps chains, not which provider serves them.
 * A provider that answers with chains is remembered as a known provider code.
 */
function chainsSource(profileId: string, args: GetChainsRequest): LiveOrCachedSource<ChainInfo[], GetChainsResponse> {
  const provider = args.routeProvider
  return {
    live: async () => {
      const r = (!provider && (await takeEarlyAnswer(profileId))) || (await bridgeCall('getChains', args))
      if (r.ok && provider && r.value.data.chains.length) learnProviderCodes(profileId, [provider])
      return r
    },
    // Only chains a view can draw: a cached list may predate the service's checks.
    shape: (live) => live.chains.filter(isUsableChain),
    cached: async () => {
      if (provider) return undefined
      const hit = await (await cacheModule()).readChains(profileId)
      return hit && { data: listOf(hit.chains).filter(isUsableChain), fetchedAt: hit.fetchedAt }
    },
  }
}

const ALL: GetChainsRequest = {}

/**
 * Start-up asks for the chain list before the active profile is known (`askChainsEarly`,
 * from the bootstrap), so labels are not one round trip behind the app's info. The first
 * query of the unfiltered list takes that answer if it is for the same profile.
 */
let early: Promise<Result<Fetched<GetChainsResponse>>> | undefined

export function askChainsEarly(): void {
  // Working offline the list is read from the cache: asking the service would only write
  // its answer through to the cache while the opening view loads.
  if (!isOfflineMode()) early ??= bridgeCall('getChains', ALL)
}

async function takeEarlyAnswer(profileId: string): Promise<Result<Fetched<GetChainsResponse>> | undefined> {
  const pending = early
  early = undefined
  const r = await pending
  return r?.ok && r.value.source.profileId === profileId ? r : undefined
}

/** The Chains view's list: every chain, or those one route provider serves. */
export const useChainList = (provider: string) => useServiceQuery('getChains', provider ? { routeProvider: provider } : ALL, chainsSource)

const NO_CHAINS: ReadonlyMap<number, ChainInfo> = new Map()
const indexOf = (answer: Answer<ChainInfo[]>): ReadonlyMap<number, ChainInfo> =>
  answer ? new Map(answer.data.map((c) => [c.id, c])) : NO_CHAINS

type ChainsKey = ReturnType<typeof queryKeys.request<'getChains'>>
type ChainsObserver = QueryObserver<Answer<ChainInfo[]>, SvcError, ReadonlyMap<number, ChainInfo>, Answer<ChainInfo[]>, ChainsKey>

/**
 * One observer of the chain list per query cache and profile, shared by every reader: a
 * wallet search's rows read the directory a thousand times a render, and an observer each
 * (useQuery) cost 15–25 ms of those renders.
 */
const observers = new WeakMap<QueryClient, Map<string, ChainsObserver>>()

function chainsObserver(client: QueryClient, profileId: string | undefined): ChainsObserver {
  const byProfile = observers.get(client) ?? new Map<string, ChainsObserver>()
  observers.set(client, byProfile)
  const options = {
    queryKey: queryKeys.request(profileId ?? '', 'getChains', ALL),
    queryFn: () => answerLiveOrCached(chainsSource(profileId!, ALL), isOfflineMode()),
    enabled: profileId !== undefined,
    staleTime: Infinity,
    select: indexOf,
  }
  const kept = byProfile.get(profileId ?? '')
  // Unwatched, the query may have been collected since: the observer follows the cache's current one.
  if (kept && !kept.hasListeners()) kept.setOptions(options)
  const observer = kept ?? new QueryObserver(client, options)
  byProfile.set(profileId ?? '', observer)
  return observer
}

/** The active profile's chains by id, for labels and explorer links: loaded once per profile, never per use. */
export function useChainDirectory(): ChainDirectory {
  const observer = chainsObserver(useQueryClient(), useProfileId())
  const subscribe = useCallback(
    (changed: () => void) => {
      const stop = observer.subscribe(notifyManager.batchCalls(changed))
      observer.updateResult()
      return stop
    },
    [observer],
  )
  const q = useSyncExternalStore(subscribe, () => observer.getCurrentResult())
  return useMemo(() => ({ byId: q.data ?? NO_CHAINS, loading: q.isFetching }), [q.data, q.isFetching])
}

/**
 * An unreachable service is probed soon, then less and less often: a blip or a restart
 * ends within seconds, and a long outage is not hammered. The probe asks for the chain
 * list (written through); its success ends the outage (see `data/call.ts`), and the
 * offline switch then reloads every shown query, the chain list among them.
 */
const RECONNECT_FIRST_PROBE_MS = 2_000
const RECONNECT_MAX_PROBE_MS = 15_000

/** The wait before the next probe, after `probes` of them: 2 s, 4 s, 8 s, then 15 s. */
export const probeDelay = (probes: number): number => Math.min(RECONNECT_FIRST_PROBE_MS * 2 ** probes, RECONNECT_MAX_PROBE_MS)

/**
 * The probe is a query with a `refetchInterval` (the renderer's one way to ask again by
 * itself), running while the service is out of reach and the person did not choose to
 * work offline. Each outage is its own query (keyed by when it began), so the waits start
 * short again; the first probe, too, waits its 2 s.
 */
export function useReconnectProbe() {
  const unreachable = useConnection((s) => s.reachability === 'offline')
  const forced = useCacheStatus((s) => s.forcedOffline)
  const profileId = useProfileId() ?? ''
  const since = useMemo(() => (unreachable ? Date.now() : 0), [unreachable])
  useQuery({
    queryKey: queryKeys.request(profileId, 'reconnectProbe', { since }),
    queryFn: async ({ signal }) => (await bridgeCall('getChains', ALL, { signal })).ok,
    enabled: unreachable && !forced,
    initialData: false,
    initialDataUpdatedAt: since,
    staleTime: Infinity,
    gcTime: 0,
    refetchInterval: (query) => probeDelay(query.state.dataUpdateCount),
    refetchIntervalInBackground: true,
  })
}
