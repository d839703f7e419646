import { useMemo } from 'react'
import type { SvcError } from '@contract/errors'
import type { Intent } from '@contract/service'
import { useCacheRead } from '../../data/useCacheRead'
import { readIntent } from '../../db'
import { useVersionsOf, type IntentVersion } from '../../stores/intentVersions'
import { useIntent } from './useIntent'

export type CompareSide =
  | { status: 'empty' }
  | { status: 'loading' }
  /** `liveError`: the failed GetIntent the cached copy stands in for (the one fallback rule). */
  | { status: 'ok'; intent: Intent; fetchedAt: number; fromCache: boolean; liveError?: SvcError; retry?: () => void }
  | { status: 'error'; error?: SvcError; message: string; retry?: () => void }

/**
 * One side of a comparison: the intent as it is now (fetched, or cached when offline), or
 * a copy from an earlier fetch (`version` = its fetch time).
 */
export function useCompareSide(profileId: string | undefined, intentId: string, version: number | undefined): CompareSide {
  const versions = useAvailableVersions(profileId, intentId)
  // An earlier copy needs no fetch; only "now" asks the service.
  const latest = useIntent(version === undefined ? intentId : '')
  if (!intentId) return { status: 'empty' }
  if (version !== undefined) {
    if (versions === undefined) return { status: 'loading' }
    const v = versions.find((x) => x.fetchedAt === version)
    return v
      ? { status: 'ok', intent: v.intent, fetchedAt: v.fetchedAt, fromCache: v.origin === 'cache' }
      : { status: 'error', message: 'That earlier copy is no longer available: earlier copies are kept until the app is closed or reloaded.' }
  }
  const shown = latest.shown
  if (shown) return { status: 'ok', intent: shown.data, fetchedAt: shown.fetchedAt, fromCache: shown.fromCache, liveError: shown.liveError, retry: latest.reload }
  if (latest.status === 'error')
    return {
      status: 'error',
      error: latest.error,
      message: latest.error.kind === 'NotFound' ? `The service knows no intent ${intentId}.` : latest.error.message,
      retry: latest.reload,
    }
  if (latest.status === 'uncached') return { status: 'error', message: 'Offline, and this intent is not in the cache.' }
  return { status: 'loading' }
}

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
