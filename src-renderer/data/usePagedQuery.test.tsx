import { beforeEach, describe, expect, it } from 'vitest'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import type { AppInfo, Fetched } from '@contract/app'
import type { Result } from '@contract/errors'
import type { GetIntentHistoryRequest } from '@contract/service'
import { useCacheStatus } from '../stores/cache'
import { useConnection } from '../stores/connection'
import { createQueryClient } from './client'
import { DataProvider } from './DataProvider'
import type { ListPage, PagedSource } from './paging'
import { usePagedQuery, type PagedView } from './usePagedQuery'

const info = (activeProfileId: string): AppInfo => ({
  version: 'test',
  runtime: 'host',
  profiles: ['a', 'b'].map((id) => ({ id, name: id, baseUrl: `http://${id}`, builtIn: false, hasKey: false })),
  activeProfileId,
  keyStorage: { backend: 'file', encrypted: false },
  recoveredSettings: [],
})

/** A service list of `total` items per profile (`a:0`, `a:1`, …) paged by an `after` string cursor; the cache holds the first 3. */
function world(total: number) {
  const calls: string[] = []
  let gate: Promise<void> | null = null
  let release = () => {}
  const load = (profileId: string, args: GetIntentHistoryRequest): PagedSource<string> => ({
    live: async (cursor, pageSize): Promise<Result<Fetched<ListPage<string>>>> => {
      const from = cursor === undefined ? 0 : Number((cursor as { after: string }).after)
      calls.push(`live ${profileId} ${args.byOwnerAddress ?? ''} ${from}+${pageSize}`)
      const wait = gate
      gate = null
      if (wait) await wait
      const items = Array.from({ length: Math.max(0, Math.min(pageSize, total - from)) }, (_, i) => `${profileId}:${from + i}`)
      const next = from + items.length < total ? { after: String(from + items.length) } : undefined
      return { ok: true, value: { data: { items, next }, source: { profileId, baseUrl: '', simulated: true, fetchedAt: 2 } } }
    },
    cached: async (cursor) => {
      calls.push(`cache ${profileId} ${String(cursor)}`)
      return { data: { items: [0, 1, 2].map((i) => `${profileId}:${i} (cached)`), next: undefined }, fetchedAt: 1 }
    },
  })
  return { calls, load, hold: () => (gate = new Promise<void>((r) => (release = r))), release: () => release() }
}

let client = createQueryClient()
const wrapper = ({ children }: { children: ReactNode }) => <DataProvider client={client}>{children}</DataProvider>

function render(w: ReturnType<typeof world>, props: { owner?: string; view?: PagedView; cap?: number } = {}) {
  return renderHook(
    ({ owner = 'o', view = 'pages', cap = 100 }: typeof props) =>
      usePagedQuery({ source: 'getIntentHistory', args: { byOwnerAddress: owner }, load: w.load, pageSize: 10, view, cap, idOf: (s: string) => s }),
    { wrapper, initialProps: props },
  )
}

const shown = (r: { current: ReturnType<typeof usePagedQuery<'getIntentHistory', string>> }) => r.current.pages[r.current.pageIndex]?.data.items

beforeEach(() => {
  client = createQueryClient()
  useConnection.setState({ info: info('a'), reachability: 'online', lastOutage: null, startingProfileId: undefined })
  useCacheStatus.setState({ forcedOffline: false })
})

describe('usePagedQuery: pages', () => {
  it('pages forward by the cursor it was given and back by the pages it read', async () => {
    const w = world(25)
    const { result } = render(w, { owner: 'fwd' })
    await waitFor(() => expect(result.current.status).toBe('ok'))
    expect(shown(result)?.[0]).toBe('a:0')
    act(() => result.current.next())
    await waitFor(() => expect(result.current.pageIndex).toBe(1))
    act(() => result.current.next())
    await waitFor(() => expect(shown(result)).toEqual(['a:20', 'a:21', 'a:22', 'a:23', 'a:24']))
    expect(result.current.hasNext).toBe(false)
    act(() => result.current.previous())
    expect(shown(result)?.[0]).toBe('a:10')
    act(() => result.current.next())
    expect(result.current.pageIndex).toBe(2)
    expect(w.calls).toEqual(['live a fwd 0+10', 'live a fwd 10+10', 'live a fwd 20+10'])
  })

  it('keeps the place of a list when the view goes away and comes back', async () => {
    const w = world(25)
    const first = render(w, { owner: 'place' })
    await waitFor(() => expect(first.result.current.status).toBe('ok'))
    act(() => first.result.current.next())
    await waitFor(() => expect(first.result.current.pageIndex).toBe(1))
    first.unmount()
    const again = render(w, { owner: 'place' })
    expect(again.result.current.pageIndex).toBe(1)
    expect(shown(again.result)?.[0]).toBe('a:10')
    expect(w.calls).toHaveLength(2)
  })

  it('shows the previous list of the same profile while the next loads, never another profile’s', async () => {
    const w = world(25)
    const { result, rerender } = render(w, { owner: 'one' })
    await waitFor(() => expect(result.current.status).toBe('ok'))
    w.hold()
    rerender({ owner: 'two' })
    expect(result.current).toMatchObject({ status: 'loading', current: false })
    expect(shown(result)?.[0]).toBe('a:0')
    act(() => w.release())
    await waitFor(() => expect(result.current.current).toBe(true))

    w.hold()
    act(() => useConnection.setState({ info: info('b') }))
    expect(result.current.pages).toEqual([])
    act(() => w.release())
    await waitFor(() => expect(shown(result)?.[0]).toBe('b:0'))
  })

  it('reads the cache’s list with its age when offline', async () => {
    useCacheStatus.setState({ forcedOffline: true })
    const w = world(25)
    const { result } = render(w, { owner: 'off' })
    await waitFor(() => expect(result.current.status).toBe('ok'))
    expect(result.current.pages[0]).toMatchObject({ fromCache: true, fetchedAt: 1 })
    expect(result.current.hasNext).toBe(false)
    expect(w.calls).toEqual(['cache a undefined'])
  })
})

describe('usePagedQuery: before the app’s info answers', () => {
  const startingOffline = (startingProfileId: string | undefined, forcedOffline = true) => {
    useConnection.setState({ info: null, startingProfileId })
    useCacheStatus.setState({ forcedOffline })
  }

  it('working offline, reads the cache of the profile remembered from the last run, and keeps it when the info names that profile', async () => {
    startingOffline('a')
    const w = world(25)
    const { result } = render(w, { owner: 'start' })
    await waitFor(() => expect(shown(result)?.[0]).toBe('a:0 (cached)'))
    act(() => useConnection.setState({ info: info('a') }))
    expect(result.current).toMatchObject({ status: 'ok', current: true })
    expect(shown(result)?.[0]).toBe('a:0 (cached)')
    expect(w.calls).toEqual(['cache a undefined'])
  })

  it('drops the remembered profile’s rows at once when the info names another, and reads that one’s', async () => {
    startingOffline('a')
    const w = world(25)
    const { result } = render(w, { owner: 'switched', view: 'all' })
    await waitFor(() => expect(result.current.run).toMatchObject({ running: false }))
    expect(result.current.pages.flatMap((p) => p.data.items)).toContain('a:0 (cached)')
    w.hold()
    act(() => useConnection.setState({ info: info('b') }))
    expect(result.current.pages).toEqual([])
    act(() => w.release())
    await waitFor(() => expect(shown(result)?.[0]).toBe('b:0 (cached)'))
    expect(result.current.pages.flatMap((p) => p.data.items).every((item) => item.startsWith('b:'))).toBe(true)
  })

  it.each([
    ['online', 'a', false, 'b:0'],
    ['with no profile remembered', undefined, true, 'b:0 (cached)'],
  ] as const)('asks nothing %s until the info names the active profile', async (_, remembered, offline, first) => {
    const w = world(25)
    startingOffline(remembered, offline)
    const { result } = render(w, { owner: 'wait' })
    await act(() => new Promise((r) => setTimeout(r, 20)))
    expect(result.current.status).toBe('idle')
    expect(w.calls).toEqual([])
    act(() => useConnection.setState({ info: info('b') }))
    await waitFor(() => expect(shown(result)?.[0]).toBe(first))
  })
})

describe('usePagedQuery: load all', () => {
  it('reads everything up to the cap with progress, then continues to the end', async () => {
    const w = world(45)
    const { result } = render(w, { owner: 'all', view: 'all', cap: 25 })
    await waitFor(() => expect(result.current.run).toMatchObject({ running: false, outcome: 'cap', loaded: 25, pages: 3 }))
    expect(result.current.pages.flatMap((p) => p.data.items)).toHaveLength(25)
    act(() => result.current.resume(100))
    await waitFor(() => expect(result.current.run).toMatchObject({ running: false, outcome: 'complete', loaded: 45 }))
    expect(w.calls.at(-1)).toBe('live a all 35+10')
  })

  it('stops after the page in flight when cancelled', async () => {
    const w = world(100)
    w.hold()
    const { result } = render(w, { owner: 'cancel', view: 'all', cap: 100 })
    await waitFor(() => expect(result.current.run?.running).toBe(true))
    act(() => result.current.cancel())
    expect(result.current.run?.cancelling).toBe(true)
    act(() => w.release())
    await waitFor(() => expect(result.current.run).toMatchObject({ running: false, outcome: 'cancelled' }))
    expect(result.current.run!.loaded).toBe(10)
    expect(w.calls).toEqual(['live a cancel 0+10'])
  })
})
