import { Link } from 'react-router'
import { useMainList } from '../../data/useMainList'

/** "Watched filters (3, 2 new)": the way from the Watch board to `#/watch/queries`. */
export function WatchedFiltersLink() {
  const queries = useMainList('queryWatches').data?.items ?? []
  const unread = queries.reduce((n, q) => n + q.unread, 0)
  return (
    <Link to="/watch/queries">
      Watched filters ({queries.length}
      {unread ? `, ${unread} new` : ''})
    </Link>
  )
}
