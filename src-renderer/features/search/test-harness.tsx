import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { vi } from 'vitest'
import type { AppInfo, DataSource } from '@contract/app'
import type { BridgeMethodName } from '@contract/channels'
import type { Result, SvcError } from '@contract/errors'
import type { Intent } from '@contract/service'
import { openExplorerDb, setExplorerDb } from '../../db/db'
import { useCacheStatus } from '../../stores/cache'
import { useConnection } from '../../stores/connection'
import { useTokens } from '../../stores/tokens'

/**
 * Set-up shared by the search, palette and commit view tests: a fresh cache database, a
 * connected profile, and bridge answers scripted per method (each test file mocks the
 * `call` module with `fakeCall`). Nothing here may import a module that imports `call`:
 * the mock's factory imports this file, so that would wait on itself.
 */

export const PROFILE = 'sim'
export const source = (fetchedAt = Date.now()): DataSource => ({ profileId: PROFILE, baseUrl: 'http://sim', simulated: true, fetchedAt })

export type Responder = (args: never) => Result<unknown> | Promise<Result<unknown>>
export const answers = new Map<BridgeMethodName, Responder>()

export const okFetched = (data: unknown, fetchedAt?: number): Result<unknown> => ({ ok: true, value: { data, source: source(fetchedAt) } })
export const failure = (kind: SvcError['kind'], message = `${kind} happened`): Result<unknown> => ({ ok: false, error: { kind, message } })

export const fakeCall = vi.fn(async (method: BridgeMethodName, args: unknown): Promise<Result<unknown>> => {
  const answer = answers.get(method)
  if (answer) return answer(args as never)
  if (method === 'listWatches') return { ok: true, value: { watches: [], notificationsMuted: false } }
  return failure('NotFound', `${method}: nothing scripted`)
})

/** The arguments of every call of one method, in order. */
export const callsOf = (method: BridgeMethodName): unknown[] => fakeCall.mock.calls.filter((c) => c[0] === method).map((c) => c[1])

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
  setExplorerDb(openExplorerDb(`search-test-${++dbCount}-${Math.random().toString(36).slice(2)}`))
  useConnection.setState({ info, reachability: 'online', lastOutage: null })
  useCacheStatus.setState({ forcedOffline: false, lastWriteError: undefined })
  useTokens.setState({ byKey: new Map() })
  sessionStorage.clear()
}

/** Shows where the router is, so tests can check URLs and navigation. */
function Location() {
  const l = useLocation()
  return <output data-testid="location">{`${l.pathname}${l.search}`}</output>
}

export function renderAt(path: string, routes: Array<{ path: string; element: ReactElement }>, extra?: ReactElement) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      {extra}
      <Routes>
        {routes.map((r) => (
          <Route key={r.path} path={r.path} element={r.element} />
        ))}
        <Route path="/intent/:intentId" element={<p>Intent page</p>} />
        <Route path="*" element={<p>Other page</p>} />
      </Routes>
      <Location />
    </MemoryRouter>,
  )
}

export const USDC_BASE = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'
export const USDC_ARB = '0xaf88d065e77c8cc2239327c5edb3a432268e5831'

/** An intent as the bridge delivers it (normalised), from Base USDC to Arbitrum USDC. */
export function intentFixture(n: number, over: Partial<Intent> = {}): Intent {
  const hex = (byte: string, length: number) => `0x${byte.repeat(length)}`
  const nn = String(n).padStart(2, '0')
  return {
    id: n,
    projectId: 1,
    intentId: hex(nn, 32),
    status: 'SUCCEEDED',
    ownerAddress: hex('0a', 20),
    originChainId: 8453,
    destinationChainId: 42161,
    originTokenAddress: USDC_BASE,
    destinationTokenAddress: USDC_ARB,
    originIntentAddress: hex(`b${n % 10}`, 20),
    destinationIntentAddress: hex(`c${n % 10}`, 20),
    depositTransaction: { tokenAddress: USDC_BASE, amount: '25000000', decimals: 6, chainId: 8453 },
    quote: { routeProviders: ['RELAY'], fromAmount: '25000000', toAmount: '24900000', fromAmountUsd: 25 },
    createdAt: new Date(Date.UTC(2026, 10, 20, 10, n)).toISOString(),
    ...over,
  }
}
