import { render } from '@testing-library/react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import type { AppInfo } from '@contract/app'
import { openExplorerDb, setExplorerDb } from '../../db'
import { useCacheStatus } from '../../stores/cache'
import { useConnection } from '../../stores/connection'
import { CompareView } from './CompareView'
import { IntentView } from './IntentView'
import { PROFILE, answers, fakeCall } from './test-bridge'

/**
 * Shared set-up of the intent view tests: a fresh cache database, a connected profile,
 * and the scripted bridge of `test-bridge.ts` (each test file mocks `call` with it).
 */

const info: AppInfo = {
  version: 'test',
  runtime: 'host',
  profiles: [{ id: PROFILE, name: 'Simulator', baseUrl: 'http://sim', builtIn: true, hasKey: false }],
  activeProfileId: PROFILE,
  keyStorage: { backend: 'file', encrypted: false },
}

let dbCount = 0
export function resetWorld() {
  answers.clear()
  fakeCall.mockClear()
  setExplorerDb(openExplorerDb(`intent-view-test-${++dbCount}`))
  useConnection.setState({ info, reachability: 'online', lastOutage: null })
  useCacheStatus.setState({ forcedOffline: false, lastWriteError: undefined })
}

/** The router's current location, for asserting what ends up in the URL. */
function LocationProbe() {
  const { pathname, search } = useLocation()
  return <span data-testid="location">{pathname + search}</span>
}

export function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <LocationProbe />
      <Routes>
        <Route path="/intent/:intentId" element={<IntentView />} />
        <Route path="/compare" element={<CompareView />} />
        <Route path="/search" element={<p>Search page</p>} />
      </Routes>
    </MemoryRouter>,
  )
}
