import { act, renderHook } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { isOfflineMode, onFilingFinished, useCacheStatus, useFilingFinished, useOfflineMode } from './cache'
import { useConnection } from './connection'
import { LAST_PROFILE_KEY, startingProfile } from '../lib/startProfile'

beforeEach(() => {
  useCacheStatus.setState({ forcedOffline: false, lastWriteError: undefined, unindexed: 0 })
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

describe('the switch as start-up reads it before the store loads', () => {
  it('is where and as `lib/startProfile.ts` reads it', () => {
    localStorage.setItem(LAST_PROFILE_KEY, 'p1')
    try {
      useCacheStatus.getState().setForcedOffline(true)
      expect(startingProfile(localStorage)).toBe('p1')
      useCacheStatus.getState().setForcedOffline(false)
      expect(startingProfile(localStorage)).toBeUndefined()
    } finally {
      localStorage.removeItem(LAST_PROFILE_KEY)
    }
  })
})

describe('filing finished', () => {
  it('is told once each time the waiting count falls to 0, until unsubscribed', () => {
    let told = 0
    const stop = onFilingFinished(() => told++)
    const { setUnindexed } = useCacheStatus.getState()
    setUnindexed(0)
    setUnindexed(300)
    setUnindexed(120)
    expect(told).toBe(0)
    setUnindexed(0)
    expect(told).toBe(1)
    setUnindexed(0)
    setUnindexed(40)
    setUnindexed(0)
    expect(told).toBe(2)
    stop()
    setUnindexed(10)
    setUnindexed(0)
    expect(told).toBe(2)
  })

  it('calls the latest callback while mounted, and none after', () => {
    const calls: string[] = []
    const { rerender, unmount } = renderHook(({ name }) => useFilingFinished(() => calls.push(name)), { initialProps: { name: 'first' } })
    rerender({ name: 'second' })
    act(() => useCacheStatus.getState().setUnindexed(5))
    act(() => useCacheStatus.getState().setUnindexed(0))
    expect(calls).toEqual(['second'])
    unmount()
    act(() => useCacheStatus.getState().setUnindexed(5))
    act(() => useCacheStatus.getState().setUnindexed(0))
    expect(calls).toEqual(['second'])
  })
})
