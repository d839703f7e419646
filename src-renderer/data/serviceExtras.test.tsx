import '../testing/svc'
import { beforeEach, describe, expect, it } from 'vitest'
import { act, waitFor } from '@testing-library/react'
import { CAPABILITY_OPERATIONS, type Capabilities } from '@contract/service/extras'
import { answers, callsOf, okFetched } from '../testing/bridge'
import { renderHookAt, resetWorld } from '../testing/harness'
import { useConnection } from '../stores/connection'
import { useCapabilities, useServiceNow, useServicePrices } from './serviceExtras'

const caps = (state: 'available' | 'absent', checkedAt = 1): Capabilities => ({
  operations: Object.fromEntries(CAPABILITY_OPERATIONS.map((op) => [op, state])) as Capabilities['operations'],
  checkedAt,
})

/** Main keeps what it probed and probes again only on `refresh`, as `CapabilityCache` does. */
let probes = 0
beforeEach(() => {
  resetWorld()
  probes = 0
  answers.set('getCapabilities', (a: { refresh?: boolean }) => {
    if (a.refresh || probes === 0) probes++
    return { ok: true, value: caps('available', probes) }
  })
})

describe('what the service offers beyond the spec', () => {
  it('capabilities are asked once, and probed again when the service comes back within reach', async () => {
    act(() => useConnection.setState({ reachability: 'online' }))
    const { result } = renderHookAt('/', useCapabilities)
    await waitFor(() => expect(result.current.vm?.checkedAt).toBe(1))
    act(() => useConnection.setState({ reachability: 'offline' }))
    act(() => useConnection.setState({ reachability: 'online' }))
    await waitFor(() => expect(result.current.vm?.checkedAt).toBe(2))
    expect(callsOf('getCapabilities').filter((a) => (a as { refresh?: boolean }).refresh)).toHaveLength(1)
  })

  it('expiry reads by the service’s clock when it is well off this machine’s, and says so', async () => {
    answers.set('getServiceClock', () => ({ ok: true, value: { serverTime: '2026-11-27T12:02:00Z', skewMs: 120_000, checkedAt: 0 } }))
    const { result } = renderHookAt('/', () => useServiceNow(1_000_000))
    await waitFor(() => expect(result.current.vm.now).toBe(1_120_000))
    expect(result.current.vm.skewNote).toBe('by the service’s clock: the service’s clock is 2 min ahead of this machine’s')
  })

  it('a small skew changes nothing, and a service without Clock is not asked', async () => {
    answers.set('getCapabilities', () => ({ ok: true, value: caps('absent') }))
    const { result } = renderHookAt('/', () => useServiceNow(5))
    await waitFor(() => expect(callsOf('getCapabilities')).toHaveLength(1))
    expect(result.current.vm).toEqual({ now: 5 })
    expect(callsOf('getServiceClock')).toEqual([])
  })

  it('prices come from the service’s GetTokenPrices where it has one', async () => {
    answers.set('getTokenPrices', () => okFetched({ prices: [{ chainId: 8453, contractAddress: '0xabc', priceUsd: 1 }] }))
    const { result } = renderHookAt('/', () => useServicePrices([{ chainId: 8453, contractAddress: '0xABC' }]))
    await waitFor(() => expect(result.current.vm).toEqual([{ chainId: 8453, contractAddress: '0xabc', priceUsd: 1 }]))
    expect(callsOf('getTokenPrices')).toEqual([{ tokens: [{ chainId: 8453, contractAddress: '0xabc' }] }])
  })
})
