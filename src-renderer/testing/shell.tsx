import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { DataProvider } from '../data/DataProvider'
import { AppRoutes } from '../app/AppRoutes'
import { ROUTES } from '../app/routes'

/**
 * The whole window at `path`: the shell (sidebar, banners, command palette) around every
 * routed view, as `App` draws it, over the scripted bridge and a fresh query cache. For
 * tests that check what stays on screen when a view or a record fails.
 */
export function renderShellAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
    { wrapper: DataProvider },
  )
}

/** The labels of the sidebar's view links on screen: what must never leave it. */
export function sidebarLinks(): string[] {
  const nav = screen.queryByRole('navigation', { name: 'Views' })
  return nav ? [...nav.querySelectorAll('li a')].map((a) => a.textContent ?? '') : []
}

/** Every view's sidebar entry, as `sidebarLinks` reads them when the shell stands. */
export const NAV_LABELS = ROUTES.filter((r) => r.nav).map((r) => `${r.nav!.label}${r.nav!.note ? ` ${r.nav!.note}` : ''}`)

/** A concrete path for every routed view (parameters filled in), for tests that visit them all. */
export function pathOf(route: string, ids: { intentId: string; marketId: string }): string {
  return route.replace(':intentId', ids.intentId).replace(':id', encodeURIComponent(ids.marketId)) + (route === '/compare' ? `?a=${ids.intentId}&b=${ids.intentId}` : '')
}
