import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import type { Capabilities, CapabilityOperation, TokenPriceView } from '@contract/service/extras'
import { CLOCK_SKEW_NOTICE_MS, clockSkewText } from '@contract/time'
import { useConnection } from '../stores/connection'
import { queryKeys, type ArgsOf } from './keys'
import { callValue } from './liveOrCached'
import { useProfileId } from './useServiceQuery'

/**
 * What the active profile's service offers beyond the spec (capabilities, its clock, token
 * prices): each `undefined` where the service lacks it or could not be asked.
 */

const CAPABILITIES_ARGS = {}

/** Profiles whose capabilities are to be probed again by the next fetch (the service came back within reach). */
const refreshDue = new Set<string>()

/** Which optional operations the service answers; probed again on reconnect. */
export function useCapabilities(): Capabilities | undefined {
  const profileId = useProfileId()
  const client = useQueryClient()
  const reachability = useConnection((s) => s.reachability)
  const was = useRef(reachability)
  useEffect(() => {
    const reconnected = was.current === 'offline' && reachability === 'online'
    was.current = reachability
    if (!reconnected || !profileId) return
    refreshDue.add(profileId)
    // The refetch this starts replaces any other in flight, so the last answer is the fresh probe.
    void client.invalidateQueries({ queryKey: queryKeys.request(profileId, 'getCapabilities', CAPABILITIES_ARGS), exact: true })
  }, [reachability, profileId, client])
  return useQuery({
    queryKey: queryKeys.request(profileId ?? '', 'getCapabilities', CAPABILITIES_ARGS),
    enabled: Boolean(profileId),
    staleTime: Infinity,
    queryFn: () => {
      const refresh = profileId !== undefined && refreshDue.delete(profileId)
      return callValue('getCapabilities', refresh ? { refresh } : CAPABILITIES_ARGS)
    },
  }).data
}

/** A query of an optional operation, asked only where the service offers it; undefined otherwise or when it failed. */
function useOffered<M extends 'getServiceClock' | 'getTokenPrices', T>(operation: CapabilityOperation, method: M, args: ArgsOf<M>, staleTime: number, read: () => Promise<T>, enabled = true) {
  const profileId = useProfileId()
  const offers = useCapabilities()?.operations[operation]
  return useQuery({ queryKey: queryKeys.request(profileId ?? '', method, args), enabled: Boolean(profileId) && enabled && offers === 'available', staleTime, queryFn: read }).data
}

/**
 * The service's USD prices for these tokens (its GetTokenPrices), for the one price source
 * per profile; undefined where the service offers none. Keyed by the token list.
 */
export function useServicePrices(tokens: ReadonlyArray<{ chainId: number; contractAddress: string }>): TokenPriceView[] | undefined {
  const args = { tokens: tokens.map((t) => ({ chainId: t.chainId, contractAddress: t.contractAddress.toLowerCase() })) }
  return useOffered('GetTokenPrices', 'getTokenPrices', args, 60_000, async () => (await callValue('getTokenPrices', args)).data.prices, tokens.length > 0)
}

/**
 * "Now" by the service's clock, for expiry and time left: this machine's time moved by the
 * skew its Clock measured, and the skew in words when it is large enough to change what they read.
 */
export function useServiceNow(localNow: number): { now: number; skewNote?: string } {
  const clock = useOffered('Clock', 'getServiceClock', {}, 5 * 60_000, () => callValue('getServiceClock', {}))
  if (!clock || Math.abs(clock.skewMs) < CLOCK_SKEW_NOTICE_MS) return { now: localNow }
  return { now: localNow + clock.skewMs, skewNote: `by the service’s clock: ${clockSkewText(clock.skewMs)}` }
}
