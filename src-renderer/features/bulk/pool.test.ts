import { describe, expect, it } from 'vitest'
import type { SvcError } from '@contract/errors'
import { runPool } from './pool'

const limited = (retryAfterMs?: number): { error: SvcError } => ({ error: { kind: 'RateLimited', message: 'slow down', retryAfterMs } })
const ok = <V>(value: V) => ({ value, error: undefined as SvcError | undefined })

describe('runPool', () => {
  it('runs at most `concurrency` jobs at once and keeps results in order', async () => {
    let active = 0
    let most = 0
    const results = await runPool([1, 2, 3, 4, 5, 6, 7], async (n) => {
      active++
      most = Math.max(most, active)
      await new Promise((r) => setTimeout(r, 5 * (8 - n)))
      active--
      return ok(n * 10)
    }, { concurrency: 3, signal: new AbortController().signal })
    expect(most).toBe(3)
    expect(results.map((r) => r?.value)).toEqual([10, 20, 30, 40, 50, 60, 70])
  })

  it('never asks again for a rate-limited item (main already did), and holds the next items back for its Retry-After', async () => {
    const slept: number[] = []
    const paused: number[] = []
    const calls: string[] = []
    const before = Date.now()
    const results = await runPool(['a', 'b'], async (k) => (calls.push(k), k === 'a' ? limited(1500) : ok('done')), {
      concurrency: 1,
      signal: new AbortController().signal,
      sleep: async (ms) => void slept.push(ms),
      onPause: (until) => paused.push(until),
    })
    expect(calls).toEqual(['a', 'b'])
    expect(results).toEqual([limited(1500), ok('done')])
    expect(slept).toHaveLength(1)
    expect(slept[0]).toBeGreaterThan(1400)
    expect(paused).toHaveLength(1)
    expect(paused[0]! - before).toBeGreaterThanOrEqual(1500)
  })

  it('holds the next items back also when the cache answered for a rate-limited call', async () => {
    const slept: number[] = []
    const fromCache = { ...ok('cached'), liveError: limited(900).error }
    const results = await runPool(['a', 'b'], async (k) => (k === 'a' ? fromCache : ok('done')), {
      concurrency: 1,
      signal: new AbortController().signal,
      sleep: async (ms) => void slept.push(ms),
    })
    expect(results).toEqual([fromCache, ok('done')])
    expect(slept).toHaveLength(1)
    expect(slept[0]).toBeGreaterThan(800)
  })

  it('ends when the last item was taken while a runner waited out a pause', async () => {
    const seen: unknown[] = []
    const job = async (k: string) => {
      seen.push(k)
      if (k === 'a') return limited(20)
      // b ends during a's pause, so both runners wait for it and then race for c.
      if (k === 'b') await new Promise((r) => setTimeout(r, 5))
      return ok(k)
    }
    const results = await runPool(['a', 'b', 'c'], job, {
      concurrency: 2,
      signal: new AbortController().signal,
      sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    })
    expect(seen).toEqual(['a', 'b', 'c'])
    expect(results).toEqual([limited(20), ok('b'), ok('c')])
  })

  it('keeps every failure as the result of its item, one call each', async () => {
    let calls = 0
    const results = await runPool(['x', 'y'], async (k) => (calls++, k === 'x' ? limited() : { error: { kind: 'NotFound', message: 'no' } as SvcError }), {
      concurrency: 1,
      signal: new AbortController().signal,
      sleep: async () => {},
    })
    expect(results.map((r) => r?.error?.kind)).toEqual(['RateLimited', 'NotFound'])
    expect(calls).toBe(2)
  })

  it('starts nothing more after a cancel, and reports progress', async () => {
    const c = new AbortController()
    const progress: number[] = []
    const results = await runPool([1, 2, 3, 4], async (n) => {
      if (n === 2) c.abort()
      return ok(n)
    }, { concurrency: 1, signal: c.signal, onSettled: (d) => progress.push(d) })
    expect(results.filter(Boolean)).toHaveLength(2)
    expect(progress).toEqual([1, 2])
  })
})
