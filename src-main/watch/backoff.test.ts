import { describe, expect, it } from 'vitest'
import type { SvcError } from '../../src-shared/contract/errors'
import { MAX_TIMER_DELAY_MS } from '../service/timer'
import { MAX_RETRY_AFTER_MS, backoffDelay, isFatal } from './backoff'

const policy = { baseMs: 1_000, maxMs: 30_000 }
const err = (kind: SvcError['kind'], retryAfterMs?: number): SvcError => ({ kind, message: kind, retryAfterMs })

describe('backoffDelay', () => {
  it('doubles from the base up to the cap, jittered within the upper half', () => {
    const low = [1, 2, 3, 4, 5, 6, 7].map((n) => backoffDelay(policy, n, err('Network'), () => 0))
    const high = [1, 2, 3, 4, 5, 6, 7].map((n) => backoffDelay(policy, n, err('Network'), () => 1))
    expect(high).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000])
    expect(low).toEqual(high.map((h) => h / 2))
  })

  it('stays finite after very many failures', () => {
    expect(backoffDelay(policy, 10_000, err('Unavailable'), () => 1)).toBe(30_000)
  })

  it('honours Retry-After, never earlier and at most a tenth later', () => {
    expect(backoffDelay(policy, 1, err('RateLimited', 5_000), () => 0)).toBe(5_000)
    expect(backoffDelay(policy, 1, err('RateLimited', 5_000), () => 1)).toBe(5_500)
    // Honoured even when it is longer than the backoff cap.
    expect(backoffDelay(policy, 1, err('RateLimited', 120_000), () => 0)).toBe(120_000)
  })

  it('caps a Retry-After past the hour, so a 35-day pause is asked again hourly and never overflows a timer', () => {
    const days35 = 35 * 24 * 3600_000
    for (const retryAfterMs of [days35, 2 ** 31, Infinity, Number.NaN]) {
      const low = backoffDelay(policy, 1, err('RateLimited', retryAfterMs), () => 0)
      const high = backoffDelay(policy, 1, err('RateLimited', retryAfterMs), () => 1)
      expect(low, String(retryAfterMs)).toBe(MAX_RETRY_AFTER_MS)
      expect(high, String(retryAfterMs)).toBeLessThanOrEqual(MAX_TIMER_DELAY_MS)
    }
    expect(backoffDelay(policy, 1, err('RateLimited', -5), () => 0)).toBe(0)
  })

  it('falls back to backoff for a rate limit without Retry-After', () => {
    expect(backoffDelay(policy, 2, err('RateLimited'), () => 1)).toBe(2_000)
  })
})

describe('isFatal', () => {
  it('stops on answers another attempt cannot change, retries the rest', () => {
    expect(['NotFound', 'Unauthorized', 'InvalidArgument', 'Conflict', 'Internal'].every((k) => isFatal(err(k as SvcError['kind'])))).toBe(true)
    expect(isFatal({ ...err('BadResponse'), limitBytes: 16 })).toBe(true)
    expect(['Network', 'Unavailable', 'Timeout', 'BadResponse', 'RateLimited'].some((k) => isFatal(err(k as SvcError['kind'])))).toBe(
      false,
    )
  })
})
