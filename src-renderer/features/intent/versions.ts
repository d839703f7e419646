import { useMemo } from 'react'
import { useCacheRead } from '../../data/useCacheRead'
import { readIntent } from '../../db'
import { useVersionsOf, type IntentVersion } from '../../stores/intentVersions'

/**
 * Every earlier copy to choose from: this session's, plus the cache's own copy (which is
 * all that is left after a reload). `undefined` while the cache is being read.
 */
export function useAvailableVersions(profileId: string | undefined, intentId: string): readonly IntentVersion[] | undefined {
  const session = useVersionsOf(profileId, intentId)
  const wanted = !!(profileId && intentId)
  const cached = useCacheRead('cachedIntent', wanted ? profileId : undefined, { intentId }, async (p) => (await readIntent(p, intentId)) ?? null).data
  return useMemo(() => {
    if (cached === undefined) return wanted ? undefined : session
    if (!cached || session.some((v) => v.fetchedAt === cached.fetchedAt)) return session
    return [...session, { intent: cached.intent, fetchedAt: cached.fetchedAt, origin: 'cache' as const }].sort((a, b) => a.fetchedAt - b.fetchedAt)
  }, [session, cached, wanted])
}
