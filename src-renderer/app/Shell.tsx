import { Suspense } from 'react'
import { NavLink, Outlet, useLocation } from 'react-router'
import { ErrorBoundary } from '../components/ErrorBoundary'
import { CacheWriteErrorBanner, IndexingNotice } from './CacheBanners'
import { useCacheStatus } from '../stores/cache'
import { useDisplay } from '../stores/display'
import { CommandPalette } from './CommandPalette'
import { ConnectionIndicator } from './ConnectionIndicator'
import { SettingsRecoveredBanner } from './SettingsRecoveredBanner'
import { ROUTES } from './routes'
import { useLastSearch } from './useLastSearch'
import { SCROLL_ROOT_ATTR } from '../components/scrollRoot'
import { Checkbox } from '../components/Checkbox'

function OfflineSwitch() {
  const forced = useCacheStatus((s) => s.forcedOffline)
  const setForced = useCacheStatus((s) => s.setForcedOffline)
  return (
    <Checkbox title="Read everything from the local cache, without calling the service" label="Work offline" checked={forced} onChange={setForced} />
  )
}

/** A view's code loads the first time it opens; until then the shell stays and says so. */
const OPENING = (
  <p className="muted" role="status">
    Opening the view…
  </p>
)

export function Shell() {
  const lastSearch = useLastSearch()
  // Dates are formatted while views render: a new zone shows by drawing the view afresh.
  const zone = useDisplay((s) => (s.utc ? 'utc' : 'local'))
  // A view that cannot draw costs that view only; opening another (or the same with other filters) tries again.
  const { pathname, search } = useLocation()
  return (
    <div className="shell">
      <nav className="sidebar" aria-label="Views">
        <div className="brand">Intent Explorer</div>
        <ul>
          {ROUTES.filter((r) => r.nav).map((r) => (
            <li key={r.path}>
              <NavLink to={{ pathname: r.path, search: lastSearch(r.path) }}>
                {r.nav!.label}
                {r.nav!.note ? <span className="muted small"> {r.nav!.note}</span> : null}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="sidebar-foot">
          <p className="muted small">Ctrl/⌘ K: find anything</p>
          <OfflineSwitch />
          <ConnectionIndicator />
          <IndexingNotice />
        </div>
      </nav>
      <main className="content" {...{ [SCROLL_ROOT_ATTR]: '' }}>
        <SettingsRecoveredBanner />
        <CacheWriteErrorBanner />
        <ErrorBoundary what="view" resetKey={`${pathname}${search}`}>
          <Suspense fallback={OPENING}>
            <Outlet key={zone} />
          </Suspense>
        </ErrorBoundary>
      </main>
      <CommandPalette />
    </div>
  )
}
