import { describe, expect, it, vi } from 'vitest'
import type { Fetched } from '@contract/app'
import type { Result, SvcError } from '@contract/errors'
import { answerLiveOrCached, type LiveOrCachedSource } from './liveOrCached'

const src = { profileId: 'p', baseUrl: 'http://x', simulated: true, fetchedAt: 1000 }
const ok = (data: string): Result<Fetched<string>> => ({ ok: true, value: { data, source: src } })
const fail = (kind: SvcError['kind']): Result<Fetched<string>> => ({ ok: false, error: { kind, message: kind } })

function sourceOf(over: Partial<LiveOrCachedSource<string>> = {}): LiveOrCachedSource<string> {
  return {
    live: vi.fn(async () => ok('live')),
    cached: vi.fn(async () => ({ data: 'cached', fetchedAt: 500 })),
    ...over,
  }
}

describe('answerLiveOrCached', () => {
  it('answers live, with the fetch time', async () => {
    const source = sourceOf({ live: async () => ok('fresh') })
    expect(await answerLiveOrCached(source, false)).toEqual({ data: 'fresh', fetchedAt: 1000, fromCache: false })
    expect(source.cached).not.toHaveBeenCalled()
  })

  it('shapes a live answer into what the view shows', async () => {
    const source: LiveOrCachedSource<number, string> = { live: async () => ok('four'), cached: async () => undefined, shape: (s) => s.length }
    expect((await answerLiveOrCached(source, false))?.data).toBe(4)
  })

  it('reads only the cache when offline, and answers null when it holds nothing', async () => {
    const source = sourceOf()
    expect(await answerLiveOrCached(source, true)).toEqual({ data: 'cached', fetchedAt: 500, fromCache: true, liveError: undefined })
    expect(source.live).not.toHaveBeenCalled()
    expect(await answerLiveOrCached(sourceOf({ cached: async () => undefined }), true)).toBeNull()
  })

  it('falls back to the cache on an outage, keeping the reason', async () => {
    for (const kind of ['Network', 'Unavailable', 'Timeout'] as const) {
      const shown = await answerLiveOrCached(sourceOf({ live: async () => fail(kind) }), false)
      expect(shown).toMatchObject({ data: 'cached', fromCache: true, liveError: { kind } })
    }
  })

  it('throws other failures, and an outage with nothing cached, as SvcErrors', async () => {
    const refused = sourceOf({ live: async () => fail('Unauthorized') })
    await expect(answerLiveOrCached(refused, false)).rejects.toMatchObject({ kind: 'Unauthorized' })
    expect(refused.cached).not.toHaveBeenCalled()
    await expect(answerLiveOrCached(sourceOf({ live: async () => fail('Network'), cached: async () => undefined }), false)).rejects.toMatchObject({
      kind: 'Network',
    })
  })

  it('turns a thrown error into an Internal SvcError with its message, and treats an unreadable cache as empty', async () => {
    const broken = sourceOf({ live: () => Promise.reject(new Error('bridge gone')) })
    await expect(answerLiveOrCached(broken, false)).rejects.toEqual({ kind: 'Internal', message: 'bridge gone', operation: undefined })
    expect(await answerLiveOrCached(sourceOf({ cached: () => Promise.reject(new Error('quota')) }), true)).toBeNull()
  })
})
