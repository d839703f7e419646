import type { ReactElement } from 'react'
import { ChainsView } from '../features/chains/ChainsView'
import { SettingsView } from '../features/settings/SettingsView'

export interface AppRoute {
  path: string
  element: ReactElement
  /** Sidebar entry; routes without one (e.g. detail pages) are reached by links. */
  nav?: { label: string; to: string; note?: string }
}

/** Every view of the app, in sidebar order. Each feature folder contributes its routes here. */
export const ROUTES: AppRoute[] = [
  { path: '/chains', element: <ChainsView />, nav: { label: 'Chains', to: '/chains' } },
  { path: '/settings', element: <SettingsView />, nav: { label: 'Settings', to: '/settings' } },
]

export const DEFAULT_PATH = '/chains'
