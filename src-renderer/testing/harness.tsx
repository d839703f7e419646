import { render, renderHook } from '@testing-library/react'
import type { ReactElement, ReactNode } from 'react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import type { AppInfo } from '@contract/app'
import { createQueryClient } from '../data/client'
import { DataProvider } from '../data/DataProvider'
import { openExplorerDb, setExplorerDb } from '../db/db'
import { useCacheStatus } from '../stores/cache'
import { useConnection } from '../stores/connection'
import { forgetLearntData } from '../data/reference/testing'
import { answers, fakeCall, PROFILE } from './bridge'
import { downloads } from './downloads'

/**
 * Per-test world for view tests: a fresh cache database, a connected profile, empty
 * stores, and the scripted bridge and recorded downloads cleared.
 */

const info: AppInfo = {
  version: 'test',
  runtime: 'host',
  profiles: [{ id: PROFILE, name: 'Simulator', baseUrl: 'http://sim', builtIn: true, hasKey: false }],
  activeProfileId: PROFILE,
  keyStorage: { backend: 'file', encrypted: false },
  recoveredSettings: [],
}

let dbCount = 0
export function resetWorld() {
  answers.clear()
  fakeCall.mockClear()
  setExplorerDb(openExplorerDb(`view-test-${++dbCount}-${Math.random().toString(36).slice(2)}`))
  useConnection.setState({ info, reachability: 'online', lastOutage: null })
  useCacheStatus.setState({ forcedOffline: false, lastWriteError: undefined, unindexed: 0 })
  forgetLearntData()
  sessionStorage.clear()
  downloads.length = 0
}

/** Shows where the router is, so tests can check URLs and navigation. */
function Location() {
  const l = useLocation()
  return <span data-testid="location">{`${l.pathname}${l.search}`}</span>
}

/** Renders the given routes at `path`; any other page the view navigates to is a stub. */
export function renderAt(path: string, routes: Array<{ path: string; element: ReactElement }>, extra?: ReactElement) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      {extra}
      <Routes>
        {routes.map((r) => (
          <Route key={r.path} path={r.path} element={r.element} />
        ))}
        <Route path="*" element={<p>Other page</p>} />
      </Routes>
      <Location />
    </MemoryRouter>,
    // A fresh query cache per render: nothing loaded in one test shows in the next.
    { wrapper: DataProvider },
  )
}

/**
 * A view-model hook rendered at `path` with the data layer (a fresh query client unless
 * the test seeds its own), as its view would run it, with the router's location beside
 * it; no DOM is drawn.
 */
export function renderHookAt<T>(path: string, hook: () => T, client = createQueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[path]}>
      <DataProvider client={client}>{children}</DataProvider>
    </MemoryRouter>
  )
  return renderHook(() => ({ vm: hook(), at: useLocation() }), { wrapper })
}
