import { formatAge, formatDateTime } from '../lib/format'
import { useNow } from '../lib/useNow'
import { useCacheStatus } from '../stores/cache'
import { useConnection } from '../stores/connection'
import { failureTitle } from './ErrorNotice'

/** Ages refresh once a minute: "fetched 3 min ago" should not freeze while the view is open. */
const AGE_TICK_MS = 60_000

/**
 * Says that a view shows cached data, and how old it is: "Offline — cached data,
 * fetched 3 days ago". The exact fetch time is in the tooltip. Offline not by choice,
 * it also names the failure that made the app think the service is out of reach, with
 * the whole message in the tooltip.
 */
export function CachedNotice({ fetchedAt }: { fetchedAt?: number }) {
  const now = useNow(AGE_TICK_MS)
  const forced = useCacheStatus((s) => s.forcedOffline)
  const outage = useConnection((s) => s.lastOutage)
  const mode = forced ? 'Working offline' : 'Offline'
  const reason = !forced && outage ? outage : null
  return (
    <div
      className="notice notice-warn cached-notice"
      role="status"
      title={fetchedAt === undefined ? undefined : `Fetched ${formatDateTime(fetchedAt)}`}
    >
      {fetchedAt === undefined
        ? `${mode} — nothing cached for this yet`
        : `${mode} — cached data, fetched ${formatAge(fetchedAt, now)}`}
      {reason ? (
        <span className="cached-reason" title={reason.message}>
          {' '}
          ({failureTitle(reason)})
        </span>
      ) : null}
    </div>
  )
}

/** The last failed cache write, until dismissed: the cache never fails silently. */
export function CacheWriteErrorBanner() {
  const error = useCacheStatus((s) => s.lastWriteError)
  const clear = useCacheStatus((s) => s.clearWriteError)
  if (!error) return null
  return (
    <div className="notice notice-error cached-write-error" role="alert">
      <strong>Could not save to the offline cache</strong>
      <span className="muted"> · {error.store} · {formatDateTime(error.at)}</span>
      <p>{error.message}</p>
      <button type="button" onClick={clear}>
        Dismiss
      </button>
    </div>
  )
}

/**
 * History fetched moments ago is stored at once but filed for offline search behind it;
 * until then offline search can miss it, so the shell says how much is still waiting.
 */
export function IndexingNotice() {
  const waiting = useCacheStatus((s) => s.unindexed)
  if (!waiting) return null
  return (
    <p className="muted small" role="status" data-testid="indexing-notice" data-waiting={waiting} title="Offline search already finds these entries; filing moves them into the indexed stores">
      Filing {waiting.toLocaleString()} cached {waiting === 1 ? 'entry' : 'entries'} for offline search…
    </p>
  )
}
