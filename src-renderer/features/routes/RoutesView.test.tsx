import { beforeEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import type { IntentHistoryEntry } from '@contract/service'
import { cacheHistoryFiled } from '../../db/testing'
import { formatDateTime } from '../../lib/format'
import { useCacheStatus } from '../../stores/cache'
import { useRouteStats } from '../../stores/routeStats'
import { source } from '../../testing/bridge'
import { renderAt, resetWorld } from '../../testing/harness'
import { RoutesView } from './RoutesView'

vi.mock('../../data/call', async () => ({ call: (await import('../../testing/bridge')).fakeCall }))
vi.mock('../../bridge', () => ({ bridge: { subscribe: () => () => {} } }))

const MIN = 60_000

function entry(i: number, createdAt: number): IntentHistoryEntry {
  return {
    intentId: `0x${i.toString(16).padStart(64, '0')}`,
    status: 'SUCCEEDED',
    createdAt: new Date(createdAt).toISOString(),
    receipt: {
      status: 'SUCCEEDED',
      originChainId: 1,
      destinationChainId: 8453,
      summary: { startedAt: new Date(createdAt + 5_000).toISOString(), finishedAt: new Date(createdAt + 65_000).toISOString(), routeProviders: ['RELAY'] },
    },
  }
}

beforeEach(() => {
  resetWorld()
  useRouteStats.setState({ entries: {} })
})

describe('RoutesView', () => {
  it('offline, says when the intents behind the statistics were fetched from the service, not when they were computed', async () => {
    const now = Date.now()
    const firstFetch = now - 3 * 3_600_000
    const lastFetch = now - 7 * MIN
    await cacheHistoryFiled(source(firstFetch), [entry(1, now - 86_400_000)])
    await cacheHistoryFiled(source(lastFetch), [entry(2, now - 3_600_000)])
    useCacheStatus.setState({ forcedOffline: true })
    renderAt('/routes?window=all', [{ path: '/routes', element: <RoutesView /> }])
    const age = await screen.findByLabelText('Age of the data', {}, { timeout: 10_000 })
    expect(age).toHaveTextContent(`Intents fetched from the service since ${formatDateTime(firstFetch)}; the newest, fetched 7 min ago, at ${formatDateTime(lastFetch)}`)
    expect(screen.getByTestId('routes-total')).toHaveTextContent('2')
  })

  it('shows no age when the window holds no cached intent', async () => {
    useCacheStatus.setState({ forcedOffline: true })
    renderAt('/routes?window=24h', [{ path: '/routes', element: <RoutesView /> }])
    expect(await screen.findByText('No cached intents in this window', {}, { timeout: 10_000 })).toBeInTheDocument()
    expect(screen.queryByLabelText('Age of the data')).toBeNull()
  })
})
