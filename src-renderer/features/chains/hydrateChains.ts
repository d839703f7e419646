import { cacheModule } from '../../db/lazy'
import { useChains } from '../../stores/chains'

/**
 * Fills the shared chains store from the cache when the service could not supply the
 * list (offline at start-up), so names, native symbols and explorer links still show
 * everywhere. A live list, once loaded, is never replaced by the cached one.
 */
export async function hydrateChainsFromCache(profileId: string): Promise<boolean> {
  if (useChains.getState().status === 'ready') return false
  const cached = await cacheModule().then((db) => db.readChains(profileId)).catch(() => undefined)
  if (!cached || useChains.getState().status === 'ready') return false
  useChains.getState().set(cached.chains)
  return true
}
