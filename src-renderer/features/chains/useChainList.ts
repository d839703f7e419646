import type { ChainInfo, GetChainsResponse } from '@contract/service'
import { cacheChains, readChains } from '../../db'
import { call } from '../../lib/call'
import { useLiveOrCached } from '../../lib/useLiveOrCached'
import { useConnection } from '../../stores/connection'
import { useOfflineMode } from '../../stores/cache'
import { useChains } from '../../stores/chains'
import { useProviderCodes } from '../../stores/providerCodes'

/**
 * GetChains for the chosen route provider, written through to the cache. The unfiltered
 * list also refreshes the shared chains store that labels chains across the app.
 *
 * Offline, only the unfiltered list can be answered: the cache keeps chains, not which
 * provider serves them, so a provider filter then reads as "not cached".
 */
export function useChainList(provider: string) {
  const profileId = useConnection((s) => s.info?.activeProfileId)
  const offline = useOfflineMode()
  const key = profileId === undefined ? null : JSON.stringify([profileId, provider])

  return useLiveOrCached<ChainInfo[], GetChainsResponse>(key, offline, {
    live: () => call('getChains', provider ? { routeProvider: provider } : {}),
    shape: (live) => live.chains,
    save: async ({ data, source }) => {
      await cacheChains(source, data.chains)
      if (!provider) useChains.getState().set(data.chains)
      else if (data.chains.length) useProviderCodes.getState().learn([provider])
    },
    cached: async () => {
      if (provider || profileId === undefined) return undefined
      const hit = await readChains(profileId)
      if (hit && useChains.getState().status !== 'ready') useChains.getState().set(hit.chains)
      return hit && { data: hit.chains, fetchedAt: hit.fetchedAt }
    },
  })
}
