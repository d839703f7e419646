import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import { cacheModule } from '../db/lazy'

/** The one provider code the spec names; every other code is learnt from data. */
export const AUTO_PROVIDER = 'AUTO'

const PROVIDER_CODE = /^[A-Z][A-Z0-9_]*$/

/** Upper-case provider codes among arbitrary values (route provider lists are untyped). */
export const providerCodesIn = (values: readonly unknown[]): string[] =>
  values.filter((v): v is string => typeof v === 'string' && PROVIDER_CODE.test(v))

interface ProviderCodesState {
  codes: string[]
  learn(values: readonly unknown[]): void
}

/**
 * Provider codes the app has seen: in cached intents' route providers and in route
 * provider filters that the service answered with chains. The spec leaves the other
 * thirteen codes unnamed, so suggestions grow from what the service itself reported.
 */
export const useProviderCodes = create<ProviderCodesState>()(
  persist(
    (set, get) => ({
      codes: [],
      learn: (values) => {
        const known = new Set(get().codes)
        const fresh = providerCodesIn(values).filter((c) => c !== AUTO_PROVIDER && !known.has(c))
        if (fresh.length) set({ codes: [...known, ...fresh].sort() })
      },
    }),
    { name: 'intent-explorer.provider-codes', storage: createJSONStorage(() => localStorage) },
  ),
)

/** `AUTO` first, then the learnt codes in alphabetical order. */
export const providerSuggestions = (codes: readonly string[]): string[] => [AUTO_PROVIDER, ...codes.filter((c) => c !== AUTO_PROVIDER)]

/** How many of the newest cached intents are sampled for provider codes. */
const SAMPLE = 500

/** Route provider codes of the profile's most recently created cached intents. */
export async function cachedRouteProviderCodes(profileId: string): Promise<string[]> {
  const { rows } = await (await cacheModule()).searchCachedIntents(profileId, {}, { limit: SAMPLE })
  return [...new Set(rows.flatMap((r) => providerCodesIn(r.routeProviders)))]
}
