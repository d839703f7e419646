import type { ReactElement } from 'react'
import { CacheView } from '../features/cache/CacheView'
import { ChainsView } from '../features/chains/ChainsView'
import { CommitView } from '../features/commit/CommitView'
import { EarnView } from '../features/earn/EarnView'
import { HistoryView } from '../features/history/HistoryView'
import { CompareView } from '../features/intent/CompareView'
import { IntentView } from '../features/intent/IntentView'
import { SearchView } from '../features/search/SearchView'
import { SettingsView } from '../features/settings/SettingsView'
import { MarketDetailView } from '../features/yield/market/MarketDetailView'
import { MarketsView } from '../features/yield/markets/MarketsView'
import { PositionsView } from '../features/yield/positions/PositionsView'
import { WatchView } from '../features/watch/WatchView'

export interface AppRoute {
  path: string
  element: ReactElement
  /** Sidebar entry; routes without one (e.g. detail pages) are reached by links. */
  nav?: { label: string; to: string; note?: string }
}

/** Every view of the app, in sidebar order. Each feature folder contributes its routes here. */
export const ROUTES: AppRoute[] = [
  { path: '/search', element: <SearchView />, nav: { label: 'Search', to: '/search' } },
  { path: '/history', element: <HistoryView />, nav: { label: 'History', to: '/history' } },
  { path: '/watch', element: <WatchView />, nav: { label: 'Watch', to: '/watch' } },
  { path: '/chains', element: <ChainsView />, nav: { label: 'Chains', to: '/chains' } },
  { path: '/yield', element: <MarketsView />, nav: { label: 'Yield', to: '/yield' } },
  { path: '/earn', element: <EarnView />, nav: { label: 'Earn pools', to: '/earn', note: '(deprecated)' } },
  { path: '/commit', element: <CommitView />, nav: { label: 'Commit', to: '/commit' } },
  { path: '/cache', element: <CacheView />, nav: { label: 'Cache', to: '/cache' } },
  { path: '/settings', element: <SettingsView />, nav: { label: 'Settings', to: '/settings' } },
  { path: '/intent/:intentId', element: <IntentView /> },
  { path: '/compare', element: <CompareView /> },
  { path: '/yield/market/:id', element: <MarketDetailView /> },
  { path: '/yield/positions', element: <PositionsView /> },
]

export const DEFAULT_PATH = '/search'
