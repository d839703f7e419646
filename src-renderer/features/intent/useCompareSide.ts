import type { SvcError } from '@contract/errors'
import type { Intent } from '@contract/service'
import { useIntent } from './useIntent'
import { useAvailableVersions } from './versions'

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
