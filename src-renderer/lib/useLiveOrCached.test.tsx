import { describe, expect, it, vi } from 'vitest'
import { renderHook, waitFor } from '@testing-library/react'
import type { Fetched } from '@contract/app'
import type { Result, SvcError } from '@contract/errors'
import { useLiveOrCached, visibleOf, type LiveOrCachedSource } from './useLiveOrCached'

const src = { profileId: 'p', baseUrl: 'http://x', simulated: true, fetchedAt: 1000 }
const ok = (data: string): Result<Fetched<string>> => ({ ok: true, value: { data, source: src } })
const fail = (kind: SvcError['kind']): Result<Fetched<string>> => ({ ok: false, error: { kind, message: kind } })

function setup(source: Partial<LiveOrCachedSource<string>>, offline = false, key: string | null = 'k') {
  const full: LiveOrCachedSource<string> = {
    live: vi.fn(async () => ok('live')),
    cached: vi.fn(async () => ({ data: 'cached', fetchedAt: 500 })),
    save: vi.fn(async () => undefined),
    ...source,
  }
  const hook = renderHook(({ k, off }) => useLiveOrCached(k, off, full), { initialProps: { k: key, off: offline } })
  return { ...hook, source: full }
}

describe('useLiveOrCached', () => {
  it('shows the live answer after writing it through', async () => {
    const order: string[] = []
    const { result } = setup({
      live: async () => (order.push('live'), ok('fresh')),
      save: async () => void order.push('save'),
    })
    await waitFor(() => expect(result.current.status).toBe('ok'))
    expect(visibleOf(result.current)).toEqual({ data: 'fresh', fetchedAt: 1000, fromCache: false })
    expect(order).toEqual(['live', 'save'])
  })

  it('reads only the cache when offline', async () => {
    const { result, source } = setup({}, true)
    await waitFor(() => expect(result.current.status).toBe('ok'))
    expect(visibleOf(result.current)).toEqual({ data: 'cached', fetchedAt: 500, fromCache: true, liveError: undefined })
    expect(source.live).not.toHaveBeenCalled()
  })

  it('falls back to the cache on an outage, keeping the reason', async () => {
    for (const kind of ['Network', 'Unavailable', 'Timeout'] as const) {
      const { result } = setup({ live: async () => fail(kind) })
      await waitFor(() => expect(result.current.status).toBe('ok'))
      expect(visibleOf(result.current)?.liveError?.kind).toBe(kind)
    }
  })

  it('shows other failures, and outages with nothing cached, as errors', async () => {
    const refused = setup({ live: async () => fail('Unauthorized') })
    await waitFor(() => expect(refused.result.current.status).toBe('error'))
    expect(refused.source.cached).not.toHaveBeenCalled()
    const down = setup({ live: async () => fail('Network'), cached: async () => undefined })
    await waitFor(() => expect(down.result.current).toMatchObject({ status: 'error', error: { kind: 'Network' } }))
  })

  it('says "uncached" offline when the cache has nothing', async () => {
    const { result } = setup({ cached: async () => undefined }, true)
    await waitFor(() => expect(result.current.status).toBe('uncached'))
  })

  it('drops an answer that arrives after the request changed, and stays idle without a key', async () => {
    let release!: () => void
    const slow = new Promise<void>((r) => (release = r))
    const live = vi.fn(async () => ok('second'))
    live.mockImplementationOnce(async () => {
      await slow
      return ok('first')
    })
    const { result, rerender } = setup({ live })
    rerender({ k: 'k2', off: false })
    await waitFor(() => expect(visibleOf(result.current)?.data).toBe('second'))
    release()
    await new Promise((r) => setTimeout(r, 20))
    expect(visibleOf(result.current)?.data).toBe('second')
    rerender({ k: null, off: false })
    await waitFor(() => expect(result.current.status).toBe('idle'))
  })
})
