import type { ReactNode } from 'react'
import type { SvcError } from '@contract/errors'
import { ShownAge } from './CachedNotice'
import { ErrorNotice } from './ErrorNotice'

/** A view's live-or-cached query (the data layer's `useServiceQuery`), as far as its notices need it. */
interface ViewQuery {
  status: 'idle' | 'loading' | 'ok' | 'error' | 'uncached'
  error?: SvcError
  shown?: { fetchedAt: number; fromCache: boolean; liveError?: SvcError | null }
  reload(): void
}

/**
 * What a view says about its query above the data, the same way in every view: how old
 * the shown data is (the cached-data notice when it came from the cache), the failure with
 * a retry, `uncached` when offline with nothing cached, and `loading` until the first answer.
 */
export function QueryNotices({ query, uncached, loading }: { query: ViewQuery; uncached: ReactNode; loading: ReactNode }) {
  return (
    <>
      <ShownAge shown={query.shown} onRetry={query.reload} />
      {query.status === 'error' && query.error ? <ErrorNotice error={query.error} onRetry={query.reload} /> : null}
      {query.status === 'uncached' ? uncached : null}
      {query.status === 'loading' && !query.shown ? <p className="muted">{loading}</p> : null}
    </>
  )
}
