import { beforeEach, describe, expect, it, vi } from 'vitest'
import { act, screen } from '@testing-library/react'
import { renderAt, resetWorld } from '../testing/harness'
import { useCacheStatus } from '../stores/cache'
import { useConnection } from '../stores/connection'
import { ConnectionIndicator } from './ConnectionIndicator'

vi.mock('../data/call', async () => ({ call: (await import('../testing/bridge')).fakeCall }))

beforeEach(() => resetWorld())

describe('ConnectionIndicator', () => {
  it('says "Work offline" while it is ticked, even with the service reachable', () => {
    useConnection.setState({ info: { ...useConnection.getState().info!, profiles: useConnection.getState().info!.profiles.map((p) => ({ ...p, builtIn: false })) } })
    renderAt('/', [{ path: '/', element: <ConnectionIndicator /> }])
    expect(screen.getByTestId('connection')).toHaveTextContent('Online')
    act(() => useCacheStatus.getState().setForcedOffline(true))
    expect(screen.getByTestId('connection')).toHaveTextContent('Work offline')
    expect(screen.getByTestId('connection')).not.toHaveTextContent('Online')
    act(() => useCacheStatus.getState().setForcedOffline(false))
    expect(screen.getByTestId('connection')).toHaveTextContent('Online')
  })
})
