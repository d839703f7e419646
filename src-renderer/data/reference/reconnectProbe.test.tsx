import '../../testing/svc'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { useCacheStatus } from '../../stores/cache'
import { useConnection } from '../../stores/connection'
import { answers, callsOf, failure, okFetched } from '../../testing/bridge'
import { resetWorld } from '../../testing/harness'
import { createQueryClient } from '../client'
import { QueryClientProvider } from '@tanstack/react-query'
import { probeDelay, useReconnectProbe } from './chains'

const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>
const tick = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)))

beforeEach(() => {
  resetWorld()
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
})
afterEach(() => vi.useRealTimers())

describe('useReconnectProbe', () => {
  it('waits 2, 4, 8, then 15 s between probes', () => {
    expect([0, 1, 2, 3, 4, 9].map(probeDelay)).toEqual([2_000, 4_000, 8_000, 15_000, 15_000, 15_000])
  })

  it('probes an unreachable service with its refetchInterval, backing off, and stops once it answers', async () => {
    answers.set('getChains', () => failure('Network', 'connection refused'))
    useConnection.setState({ reachability: 'offline', lastOutage: { kind: 'Network', message: 'connection refused' } })
    renderHook(() => useReconnectProbe(), { wrapper })
    await tick(1_900)
    expect(callsOf('getChains')).toHaveLength(0)
    await tick(200)
    expect(callsOf('getChains')).toHaveLength(1)
    // The next waits 4 s from the first probe's answer.
    await tick(3_800)
    expect(callsOf('getChains')).toHaveLength(1)
    await tick(200)
    expect(callsOf('getChains')).toHaveLength(2)
    // The service is back: the probe's answer ends the outage, and nothing more is asked.
    answers.set('getChains', () => okFetched({ chains: [] }))
    await tick(8_000)
    expect(callsOf('getChains')).toHaveLength(3)
    expect(useConnection.getState().reachability).toBe('online')
    await tick(60_000)
    expect(callsOf('getChains')).toHaveLength(3)
  })

  it('asks nothing while the person works offline', async () => {
    useCacheStatus.setState({ forcedOffline: true })
    useConnection.setState({ reachability: 'offline' })
    renderHook(() => useReconnectProbe(), { wrapper })
    await tick(60_000)
    expect(callsOf('getChains')).toHaveLength(0)
  })
})
