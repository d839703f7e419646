import { useEffect } from 'react'
import { QUERY_WATCH_LIMITS } from '@contract/queryWatchNotice'
import { Link, useSearchParams } from 'react-router'
import { EmptyState } from '../../components/EmptyState'
import { useNow } from '../../lib/useNow'
import { intervalText } from './describe'
import { QueryCard } from './QueryCard'
import { useListPage } from '../watch'
import { ViewHeader } from '../../components/ViewHeader'

/** Brings the query named by `?focus=` (a clicked notice) into view, heading focused. */
function useFocusQuery(ready: boolean) {
  const [params] = useSearchParams()
  const focus = params.get('focus')
  useEffect(() => {
    if (!focus || !ready) return
    const heading = document.getElementById(`query-${focus}`)
    heading?.scrollIntoView({ block: 'start' })
    heading?.focus()
  }, [focus, ready])
}

/** `#/watch/queries`: every watched History filter of the active profile, with what each found. */
export function QueryWatchView() {
  const { list, told, notice } = useListPage('queryWatches')
  const queries = list.data?.items ?? []
  const { count = 0, max = QUERY_WATCH_LIMITS.maxQueries, minIntervalMs = QUERY_WATCH_LIMITS.minIntervalMs } = list.data ?? {}
  const now = useNow(1000)
  useFocusQuery(list.isSuccess)

  return (
    <section className="view" aria-labelledby="queries-title">
      <ViewHeader
        title="Watched filters"
        titleId="queries-title"
        subtitle={
          <p className="muted small" role="status" aria-label="Watched filter limits">
            {count} of {max} watched filters (all profiles) · each polled at most every {intervalText(minIntervalMs)}
          </p>
        }
      >
        <div className="toolbar">
          <Link to="/watch">Watched intents</Link>
          <Link to="/history">History</Link>
        </div>
      </ViewHeader>
      {notice}
      {list.isPending && !list.isError ? <p className="muted">Loading watched filters…</p> : null}
      {list.isSuccess && !queries.length ? (
        <EmptyState title="No filters watched">
          Set filters in <Link to="/history">History</Link> and press <strong>Watch this filter</strong>. The app then polls it, even while this
          view is closed, lists the intents that newly match and the status changes of those that do, and notifies you.
        </EmptyState>
      ) : null}
      {queries.map((q) => (
        <QueryCard key={q.id} q={q} now={now} told={told} />
      ))}
    </section>
  )
}
