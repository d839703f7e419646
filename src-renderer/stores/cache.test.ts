import { act, renderHook } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { isOfflineMode, useCacheStatus, useOfflineMode } from './cache'
import { useConnection } from './connection'

beforeEach(() => {
  useCacheStatus.setState({ forcedOffline: false, lastWriteError: undefined })
  useConnection.setState({ reachability: 'online' })
})

describe('cache status', () => {
  it('is offline when the person chooses it or the service is unreachable', () => {
    const { result } = renderHook(() => useOfflineMode())
    expect(result.current).toBe(false)
    act(() => useCacheStatus.getState().setForcedOffline(true))
    expect(result.current).toBe(true)
    expect(isOfflineMode()).toBe(true)
    act(() => {
      useCacheStatus.getState().setForcedOffline(false)
      useConnection.setState({ reachability: 'offline' })
    })
    expect(result.current).toBe(true)
    act(() => useConnection.setState({ reachability: 'online' }))
    expect(result.current).toBe(false)
    expect(isOfflineMode()).toBe(false)
  })

  it('remembers the switch across reloads, but not errors', () => {
    useCacheStatus.getState().setForcedOffline(true)
    useCacheStatus.getState().reportWriteError('receipts', 'disk full')
    const saved = JSON.parse(localStorage.getItem('intent-explorer.cache-status')!)
    expect(saved.state).toEqual({ forcedOffline: true })
    expect(useCacheStatus.getState().lastWriteError).toMatchObject({ store: 'receipts', message: 'disk full' })
    useCacheStatus.getState().clearWriteError()
    expect(useCacheStatus.getState().lastWriteError).toBeUndefined()
  })
})
