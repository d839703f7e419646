import { formatAge, formatDateTime } from '../lib/format'
import { useNow } from '../lib/useNow'
import { useOfflineReason } from '../lib/displaySources'
import type { SvcError } from '@contract/errors'
import { ErrorNotice, failureTitle } from './ErrorNotice'

/** Ages refresh once a minute: "fetched 3 min ago" should not freeze while the view is open. */
const AGE_TICK_MS = 60_000

/**
 * "Offline" when the service is out of reach; when it answered but one call failed (a 5xx
 * on GetIntentReceipt, say), that call by name: the rest of the service still answers.
 */
export function outageLabel(outage: SvcError | null | undefined): string {
  return outage?.kind === 'Unavailable' && outage.operation ? `${outage.operation} failed` : 'Offline'
}

/**
 * How old data is, by the time it was fetched from the service (never the time it was
 * read from the cache): "fetched 3 min ago, at 2026-11-27 19:26:44 UTC". The one age
 * wording of every view, online (`DataAge`) and offline (`CachedNotice`).
 */
export function fetchedText(fetchedAt: number, now: number): string {
  return `fetched ${formatAge(fetchedAt, now)}, at ${formatDateTime(fetchedAt)}`
}

/**
 * The age of live data, for views that show what the service answered: "From the service,
 * fetched just now, at …". Cached data shows `CachedNotice` instead.
 */
export function DataAge({ fetchedAt, what = 'From the service' }: { fetchedAt: number; what?: string }) {
  const now = useNow(AGE_TICK_MS)
  return (
    <span className="muted small data-age" data-testid="data-age">
      {what}, {fetchedText(fetchedAt, now)}
    </span>
  )
}

/**
 * Says that a view shows cached data, and how old it is ("Offline — cached data, fetched 3
 * days ago, at …"), naming the outage that made the app think the service is out of reach.
 * `failure`: the view's own call failed (the one fallback rule, `fallsBackToCache`): the
 * notice names that call, with the failure in full below it and a way to try again.
 */
export function CachedNotice({ fetchedAt, failure, onRetry }: { fetchedAt?: number; failure?: SvcError | null; onRetry?: () => void }) {
  const now = useNow(AGE_TICK_MS)
  const { forced, outage } = useOfflineReason()
  const reason = failure ?? (!forced && outage ? outage : null)
  const mode = failure ? `${failure.operation ?? 'The service call'} failed` : forced ? 'Working offline' : outageLabel(reason)
  return (
    <>
      <div className="notice notice-warn cached-notice" role="status" data-testid="cached-notice">
        {fetchedAt === undefined ? `${mode} — nothing cached for this yet` : `${mode} — cached data, ${fetchedText(fetchedAt, now)}`}
        {reason ? (
          <span className="cached-reason" title={reason.message}>
            {' '}
            ({failureTitle(reason)})
          </span>
        ) : null}
      </div>
      {failure ? <ErrorNotice error={failure} onRetry={onRetry} /> : null}
    </>
  )
}

/**
 * A view's age line for what it shows: the cached-data notice when the data came from the
 * cache, otherwise when the service answered. Nothing before the first answer.
 */
export function ShownAge({
  shown,
  onRetry,
  what,
}: {
  shown?: { fetchedAt: number; fromCache: boolean; liveError?: SvcError | null } | null
  onRetry?: () => void
  /** What the live line names before the age (`DataAge`'s `what`): "From the service" unless told. */
  what?: string
}) {
  if (!shown) return null
  return shown.fromCache ? <CachedNotice fetchedAt={shown.fetchedAt} failure={shown.liveError} onRetry={onRetry} /> : <p className="data-age-line"><DataAge fetchedAt={shown.fetchedAt} what={what} /></p>
}
