import { useEffect } from 'react'
import { cacheModule } from '../../db/lazy'
import { useProviderCodeStore } from '../../stores/providerCodes'
import { useProfileId } from '../useServiceQuery'

/** The one provider code the spec names; every other code is learnt from data. */
const AUTO_PROVIDER = 'AUTO'

const PROVIDER_CODE = /^[A-Z][A-Z0-9_]*$/

/** Upper-case provider codes among arbitrary values (route provider lists are untyped). */
export const providerCodesIn = (values: readonly unknown[]): string[] =>
  values.filter((v): v is string => typeof v === 'string' && PROVIDER_CODE.test(v))

const NONE: readonly string[] = []

/*
 * The one owner of route provider codes, keyed by profile (kept in `stores/providerCodes`):
 * codes seen in cached intents' route providers and in provider filters that the service
 * answered with chains. The spec leaves the other codes unnamed, so suggestions grow from
 * what each service reported.
 */

export function learnProviderCodes(profileId: string, values: readonly unknown[]): void {
  const known = useProviderCodeStore.getState().byProfile[profileId] ?? NONE
  const seen = new Set(known)
  const fresh = [...new Set(providerCodesIn(values))].filter((c) => c !== AUTO_PROVIDER && !seen.has(c))
  if (!fresh.length) return
  useProviderCodeStore.setState((s) => ({ byProfile: { ...s.byProfile, [profileId]: [...known, ...fresh].sort() } }))
}

/** How many of the newest cached intents are sampled for provider codes. */
const SAMPLE = 500

/** Route provider codes of the profile's most recently created cached intents. */
export async function cachedRouteProviderCodes(profileId: string): Promise<string[]> {
  const { rows } = await (await cacheModule()).searchCachedIntents(profileId, {}, { limit: SAMPLE })
  return [...new Set(rows.flatMap((r) => providerCodesIn(r.routeProviders)))]
}

/** The active profile's learnt codes; the first use per profile also learns those of its cached intents. */
export function useProviderCodes(): readonly string[] {
  const profileId = useProfileId()
  useEffect(() => {
    if (!profileId) return
    cachedRouteProviderCodes(profileId)
      .then((codes) => learnProviderCodes(profileId, codes))
      .catch(() => undefined)
  }, [profileId])
  return useProviderCodeStore((s) => (profileId === undefined ? NONE : (s.byProfile[profileId] ?? NONE)))
}

/** `AUTO` first, then the learnt codes in alphabetical order. */
export const providerSuggestions = (codes: readonly string[]): string[] => [AUTO_PROVIDER, ...codes.filter((c) => c !== AUTO_PROVIDER)]
