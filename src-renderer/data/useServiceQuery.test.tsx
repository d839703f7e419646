import { beforeEach, describe, expect, it } from 'vitest'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import type { AppInfo } from '@contract/app'
import type { Result } from '@contract/errors'
import { useCacheStatus } from '../stores/cache'
import { useConnection } from '../stores/connection'
import { DataProvider } from './DataProvider'
import type { LiveOrCachedSource } from './liveOrCached'
import { useServiceQuery } from './useServiceQuery'

const info = (activeProfileId: string): AppInfo => ({
  version: 'test',
  runtime: 'host',
  profiles: ['a', 'b'].map((id) => ({ id, name: id, baseUrl: `http://${id}`, builtIn: false, hasKey: false })),
  activeProfileId,
  keyStorage: { backend: 'file', encrypted: false },
  recoveredSettings: [],
})

type Answer = { profileId: string; id: string }
/** A scripted service and cache; each live answer waits until the test releases it when `hold` is set. */
function world() {
  const calls: string[] = []
  let hold: Promise<void> | null = null
  const load = (profileId: string, args: unknown): LiveOrCachedSource<Answer> => {
    const id = (args as { intentId: string }).intentId
    return {
      live: async (): Promise<Result<{ data: Answer; source: { profileId: string; baseUrl: string; simulated: boolean; fetchedAt: number } }>> => {
        calls.push(`live ${profileId} ${id}`)
        // Only the next live answer waits.
        const waitFor = hold
        hold = null
        if (waitFor) await waitFor
        return { ok: true, value: { data: { profileId, id }, source: { profileId, baseUrl: '', simulated: true, fetchedAt: 2 } } }
      },
      cached: async () => (calls.push(`cache ${profileId} ${id}`), { data: { profileId, id: `${id} (cached)` }, fetchedAt: 1 }),
    }
  }
  let release = () => {}
  const holdNext = () => (hold = new Promise<void>((r) => (release = r)))
  return { calls, load, holdNext, release: () => release() }
}

const wrapper = ({ children }: { children: ReactNode }) => <DataProvider>{children}</DataProvider>

function render(w: ReturnType<typeof world>, intentId: string | null = 'i1') {
  return renderHook(({ id }) => useServiceQuery('getIntent', id === null ? null : { intentId: id }, w.load), { wrapper, initialProps: { id: intentId } })
}

beforeEach(() => {
  useConnection.setState({ info: info('a'), reachability: 'online', lastOutage: null })
  useCacheStatus.setState({ forcedOffline: false })
})

describe('useServiceQuery', () => {
  it('is idle without arguments, then answers live', async () => {
    const w = world()
    const { result, rerender } = render(w, null)
    expect(result.current.status).toBe('idle')
    rerender({ id: 'i1' })
    await waitFor(() => expect(result.current.status).toBe('ok'))
    expect(result.current.shown).toEqual({ data: { profileId: 'a', id: 'i1' }, fetchedAt: 2, fromCache: false })
  })

  it('keeps the previous answer on screen while the next request of the same profile loads', async () => {
    const w = world()
    const { result, rerender } = render(w)
    await waitFor(() => expect(result.current.status).toBe('ok'))
    w.holdNext()
    rerender({ id: 'i2' })
    await waitFor(() => expect(result.current.status).toBe('loading'))
    expect(result.current.shown?.data.id).toBe('i1')
    act(() => w.release())
    await waitFor(() => expect(result.current.shown?.data.id).toBe('i2'))
  })

  it('never shows the previous profile’s answer after a switch', async () => {
    const w = world()
    const { result } = render(w)
    await waitFor(() => expect(result.current.status).toBe('ok'))
    w.holdNext()
    act(() => useConnection.setState({ info: info('b') }))
    expect(result.current.status).toBe('loading')
    expect(result.current.shown).toBeUndefined()
    act(() => w.release())
    await waitFor(() => expect(result.current.shown?.data.profileId).toBe('b'))
  })

  it('drops a slow answer to a request that was replaced', async () => {
    const w = world()
    w.holdNext()
    const { result, rerender } = render(w)
    const release = w.release
    rerender({ id: 'i2' })
    await waitFor(() => expect(result.current.shown?.data.id).toBe('i2'))
    act(() => release())
    await new Promise((r) => setTimeout(r, 20))
    expect(result.current.shown?.data.id).toBe('i2')
  })

  it('reloads from the cache when the app goes offline, and from the service when it comes back', async () => {
    const w = world()
    const { result } = render(w)
    await waitFor(() => expect(result.current.shown?.fromCache).toBe(false))
    act(() => useCacheStatus.setState({ forcedOffline: true }))
    await waitFor(() => expect(result.current.shown).toMatchObject({ fromCache: true, fetchedAt: 1 }))
    act(() => useCacheStatus.setState({ forcedOffline: false }))
    await waitFor(() => expect(result.current.shown?.fromCache).toBe(false))
    expect(w.calls).toEqual(['live a i1', 'cache a i1', 'live a i1'])
  })

  it('reload asks again', async () => {
    const w = world()
    const { result } = render(w)
    await waitFor(() => expect(result.current.status).toBe('ok'))
    act(() => result.current.reload())
    await waitFor(() => expect(w.calls).toEqual(['live a i1', 'live a i1']))
  })
})
