import { countOf, formatDateTime } from '../lib/format'
import { useCacheStatus } from '../stores/cache'

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
      Filing {countOf(waiting, 'cached entry', 'cached entries')} for offline search…
    </p>
  )
}
