import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import type { AppInfo } from '@contract/app'
import type { PreloadSvc } from '@contract/bridge'
import type { Result } from '@contract/errors'
import { wrapPreload } from '../bridgeIpc'
import { useCacheStatus } from '../stores/cache'
import { useConnection } from '../stores/connection'
import { DataProvider } from './DataProvider'
import { bridgeCall } from './liveOrCached'
import { useServiceQuery } from './useServiceQuery'
import { writeThrough } from './keepAnswers'

/**
 * Cancelling in the renderer: a query no longer wanted (its arguments changed, its view
 * left) gives its bridge call up through the Electron bridge's cancel channel; the call
 * resolves as Aborted, is never shown as an error and never written through.
 */

interface PendingCall {
  method: string
  args: unknown
  callId?: string
  answer(r: Result<unknown>): void
}

/** The preload's `window.svc`, scripted: every call waits for the test to answer it; cancels are recorded. */
const ipc = vi.hoisted(() => {
  const state = { calls: [] as PendingCall[], cancelled: [] as string[] }
  window.svc = new Proxy({} as PreloadSvc, {
    get: (_, method) =>
      method === 'cancel'
        ? (id: string) => void state.cancelled.push(id)
        : method === 'subscribe'
          ? () => () => {}
          : (args: unknown, callId?: string) =>
              new Promise<Result<unknown>>((answer) => state.calls.push({ method: String(method), args, callId, answer })),
  })
  return state
})

vi.mock('./keepAnswers', () => ({ writeThrough: vi.fn(async () => {}) }))

const source = { profileId: 'a', baseUrl: 'http://a', simulated: true, fetchedAt: 5 }
const info: AppInfo = {
  version: 'test',
  runtime: 'electron',
  profiles: [{ id: 'a', name: 'a', baseUrl: 'http://a', builtIn: false, hasKey: false }],
  activeProfileId: 'a',
  keyStorage: { backend: 'file', encrypted: false },
  recoveredSettings: [],
}

const wrapper = ({ children }: { children: ReactNode }) => <DataProvider>{children}</DataProvider>

beforeEach(() => {
  ipc.calls.length = 0
  ipc.cancelled.length = 0
  vi.mocked(writeThrough).mockClear()
  useConnection.setState({ info, reachability: 'online', lastOutage: null })
  useCacheStatus.setState({ forcedOffline: false })
})
afterEach(() => vi.useRealTimers())

const intent = (id: string) => ({ ok: true as const, value: { data: { intentId: id }, source } })

describe('a query no longer wanted', () => {
  it('cancels its call over IPC when its arguments change, is not shown as an error and is not written through', async () => {
    const load = (_p: string, args: { intentId: string }) => ({
      live: (signal?: AbortSignal) => bridgeCall('getIntent', args, { signal }),
      cached: async () => undefined,
    })
    const { result, rerender } = renderHook(({ id }) => useServiceQuery('getIntent', { intentId: id }, load), { wrapper, initialProps: { id: 'i1' } })
    await waitFor(() => expect(ipc.calls).toHaveLength(1))
    const first = ipc.calls[0]
    expect(first.callId).toMatch(/^c\d+$/)

    rerender({ id: 'i2' })
    await waitFor(() => expect(ipc.cancelled).toEqual([first.callId]))
    await waitFor(() => expect(ipc.calls).toHaveLength(2))
    // Main's late answer to the call given up changes nothing.
    act(() => first.answer(intent('i1')))
    expect(result.current.status).toBe('loading')

    act(() => ipc.calls[1].answer(intent('i2')))
    await waitFor(() => expect(result.current.status).toBe('ok'))
    expect(result.current.shown?.data).toEqual({ intentId: 'i2' })
    expect(vi.mocked(writeThrough).mock.calls.map((c) => c[2])).toEqual([{ intentId: 'i2' }])
  })

  it('cancels its call when its view is left', async () => {
    const load = (_p: string, args: { intentId: string }) => ({
      live: (signal?: AbortSignal) => bridgeCall('getIntent', args, { signal }),
      cached: async () => undefined,
    })
    const { unmount } = renderHook(() => useServiceQuery('getIntent', { intentId: 'i3' }, load), { wrapper })
    await waitFor(() => expect(ipc.calls).toHaveLength(1))
    unmount()
    await waitFor(() => expect(ipc.cancelled).toEqual([ipc.calls[0].callId]))
  })

  it('an answer kept for an idle moment is not written when its query was given up before then', async () => {
    vi.useFakeTimers()
    const controller = new AbortController()
    const pending = bridgeCall('searchIntents', { byOwnerAddress: `0x${'1'.repeat(40)}` }, { signal: controller.signal, writeWhenIdle: true })
    await vi.waitFor(() => expect(ipc.calls).toHaveLength(1))
    ipc.calls[0].answer({ ok: true, value: { data: { intents: [] }, source } })
    await expect(pending).resolves.toMatchObject({ ok: true })
    controller.abort()
    await vi.runAllTimersAsync()
    expect(writeThrough).not.toHaveBeenCalled()
  })
})

describe('the Electron bridge', () => {
  function preload() {
    const calls: Array<{ callId?: string; answer(r: Result<unknown>): void }> = []
    const cancel = vi.fn()
    const svc = new Proxy({} as PreloadSvc, {
      get: (_, m) =>
        m === 'cancel' ? cancel : m === 'subscribe' ? () => () => {} : (_a: unknown, callId?: string) => new Promise<Result<unknown>>((answer) => calls.push({ callId, answer })),
    })
    return { bridge: wrapPreload(svc), calls, cancel }
  }

  it('resolves a call given up at once as Aborted and sends its id on the cancel channel', async () => {
    const { bridge, calls, cancel } = preload()
    const controller = new AbortController()
    const pending = bridge.searchIntents({ byOwnerAddress: `0x${'1'.repeat(40)}` }, { signal: controller.signal })
    controller.abort()
    await expect(pending).resolves.toMatchObject({ ok: false, error: { kind: 'Aborted', operation: 'searchIntents' } })
    expect(cancel).toHaveBeenCalledWith(calls[0].callId)
  })

  it('gives each call an id of its own, sends none without a signal, and never cancels a call that answered', async () => {
    const { bridge, calls, cancel } = preload()
    const controller = new AbortController()
    const a = bridge.getChains({}, { signal: controller.signal })
    const b = bridge.getChains({}, { signal: controller.signal })
    void bridge.getChains({})
    expect(new Set(calls.map((c) => c.callId)).size).toBe(3)
    expect(calls[2].callId).toBeUndefined()
    calls[0].answer({ ok: true, value: 1 })
    calls[1].answer({ ok: true, value: 2 })
    await expect(Promise.all([a, b])).resolves.toEqual([
      { ok: true, value: 1 },
      { ok: true, value: 2 },
    ])
    controller.abort()
    expect(cancel).not.toHaveBeenCalled()
  })

  it('does not call main at all for a signal already aborted', async () => {
    const { bridge, calls } = preload()
    await expect(bridge.getIntent({ intentId: 'x' }, { signal: AbortSignal.abort() })).resolves.toMatchObject({ error: { kind: 'Aborted' } })
    expect(calls).toHaveLength(0)
  })
})
