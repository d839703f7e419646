import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import { matchPath } from 'react-router'

/**
 * A view whose code is its own chunk, loaded the first time its route opens (or earlier,
 * by `preloadRouteFor`). Start-up then evaluates only the shell and the view it opens on.
 */
export interface LazyView {
  Component: LazyExoticComponent<ComponentType>
  /** Starts loading the view's chunk; the same promise every time. */
  load(): Promise<unknown>
}

/**
 * The one way to add a view: `lazyView(() => import('../features/x/XView'), 'XView')`.
 * The dynamic `import()` is what makes the bundler split the view out; a static import
 * of a view anywhere in the shell would pull it back into the entry chunk.
 */
export function lazyView<K extends string, M extends Record<K, ComponentType>>(importer: () => Promise<M>, name: K): LazyView {
  let loading: Promise<{ default: ComponentType }> | undefined
  const load = () => (loading ??= importer().then((m) => ({ default: m[name] })))
  return { Component: lazy(load), load }
}

export interface AppRoute {
  path: string
  view: LazyView
  /** Sidebar entry; routes without one (e.g. detail pages) are reached by links. */
  nav?: { label: string; note?: string }
  /** A view without a sidebar entry that the command palette still offers by name. */
  jump?: { label: string }
}

/** Every view of the app, in sidebar order. Each feature folder contributes its routes here, each as a `lazyView`. */
export const ROUTES: AppRoute[] = [
  { path: '/search', view: lazyView(() => import('../features/search/SearchView'), 'SearchView'), nav: { label: 'Search' } },
  { path: '/history', view: lazyView(() => import('../features/history/HistoryView'), 'HistoryView'), nav: { label: 'History' } },
  { path: '/attention', view: lazyView(() => import('../features/attention/AttentionView'), 'AttentionView'), nav: { label: 'Needs attention' } },
  { path: '/bulk', view: lazyView(() => import('../features/bulk/BulkView'), 'BulkView'), nav: { label: 'Bulk lookup' } },
  {
    path: '/recoverable',
    view: lazyView(() => import('../features/recoverable/RecoverableView'), 'RecoverableView'),
    nav: { label: 'Recoverable funds' },
  },
  { path: '/routes', view: lazyView(() => import('../features/routes/RoutesView'), 'RoutesView'), nav: { label: 'Routes' } },
  { path: '/watch', view: lazyView(() => import('../features/watch/WatchView'), 'WatchView'), nav: { label: 'Watch' } },
  {
    path: '/watch/queries',
    view: lazyView(() => import('../features/queryWatch/QueryWatchView'), 'QueryWatchView'),
    jump: { label: 'Watched filters' },
  },
  { path: '/chains', view: lazyView(() => import('../features/chains/ChainsView'), 'ChainsView'), nav: { label: 'Chains' } },
  { path: '/yield', view: lazyView(() => import('../features/yield/markets/MarketsView'), 'MarketsView'), nav: { label: 'Yield' } },
  { path: '/earn', view: lazyView(() => import('../features/earn/EarnView'), 'EarnView'), nav: { label: 'Earn pools', note: '(deprecated)' } },
  { path: '/commit', view: lazyView(() => import('../features/commit/CommitView'), 'CommitView'), nav: { label: 'Commit' } },
  { path: '/cache', view: lazyView(() => import('../features/cache/CacheView'), 'CacheView'), nav: { label: 'Cache' } },
  { path: '/settings', view: lazyView(() => import('../features/settings/SettingsView'), 'SettingsView'), nav: { label: 'Settings' } },
  { path: '/intent/:intentId', view: lazyView(() => import('../features/intent/IntentView'), 'IntentView') },
  { path: '/compare', view: lazyView(() => import('../features/intent/CompareView'), 'CompareView') },
  { path: '/yield/market/:id', view: lazyView(() => import('../features/yield/market/MarketDetailView'), 'MarketDetailView') },
  {
    path: '/yield/compare',
    view: lazyView(() => import('../features/yield/compare/CompareView'), 'CompareView'),
    jump: { label: 'Compare yield markets' },
  },
  {
    path: '/yield/positions',
    view: lazyView(() => import('../features/yield/positions/PositionsView'), 'PositionsView'),
    jump: { label: 'Yield positions' },
  },
]

export const DEFAULT_PATH = '/search'

/**
 * Starts loading the chunk of the view a hash URL (`#/history?…`) opens, so it downloads
 * and compiles while the shell renders rather than after (an unknown path opens the default view).
 */
export function preloadRouteFor(hash: string): Promise<unknown> {
  const pathname = hash.replace(/^#/, '').split('?')[0] || DEFAULT_PATH
  const route = ROUTES.find((r) => matchPath(r.path, pathname)) ?? ROUTES.find((r) => r.path === DEFAULT_PATH)!
  return route.view.load()
}
