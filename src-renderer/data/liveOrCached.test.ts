import { describe, expect, it, vi } from 'vitest'
import type { Fetched } from '@contract/app'
import { SVC_ERROR_KINDS, type Result, type SvcError } from '@contract/errors'
import { answerLiveOrCached, fallsBackToCache, type LiveOrCachedSource } from './liveOrCached'

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

  it('drives the one fallback rule: every failure but a cancel shows the cached answer beside the failed call, or is the answer when nothing is cached', async () => {
    for (const kind of SVC_ERROR_KINDS.filter((k) => k !== 'Aborted')) {
      expect(fallsBackToCache({ kind, message: kind })).toBe(true)
      // An outage, a 5xx, a rejected key, a refused request: the same answer.
      const error: SvcError = { kind, message: kind, operation: 'GetIntentHistory' }
      const shown = await answerLiveOrCached(sourceOf({ live: async () => ({ ok: false, error }) }), false)
      expect(shown).toEqual({ data: 'cached', fetchedAt: 500, fromCache: true, liveError: error })
      await expect(answerLiveOrCached(sourceOf({ live: async () => ({ ok: false, error }), cached: async () => undefined }), false)).rejects.toBe(error)
    }
  })

  it('never answers a cancel, from the cache or otherwise', async () => {
    expect(fallsBackToCache({ kind: 'Aborted', message: 'cancelled' })).toBe(false)
    const cancelled = sourceOf({ live: async () => fail('Aborted') })
    await expect(answerLiveOrCached(cancelled, false)).rejects.toMatchObject({ kind: 'Aborted' })
    expect(cancelled.cached).not.toHaveBeenCalled()
  })

  it('turns a thrown error into an Internal SvcError with its message, and treats an unreadable cache as empty', async () => {
    const broken = sourceOf({ live: () => Promise.reject(new Error('bridge gone')) })
    await expect(answerLiveOrCached(broken, false)).rejects.toEqual({ kind: 'Internal', message: 'bridge gone', operation: undefined })
    expect(await answerLiveOrCached(sourceOf({ cached: () => Promise.reject(new Error('quota')) }), true)).toBeNull()
  })
})
