import { describe, expect, it, vi } from 'vitest'
import { SvcFailure, type SvcError } from '../../src-shared/contract/errors'
import { DEFAULT_RETRY_POLICY, realSleep, retryDelay, withRetry, type RetryOptions } from './retry'

const policy = DEFAULT_RETRY_POLICY
const err = (kind: SvcError['kind'], extra: Partial<SvcError> = {}): SvcError => ({ kind, message: kind, ...extra })

describe('retryDelay', () => {
  it('retries network errors, 5xx and 429 only', () => {
    for (const kind of ['Network', 'Unavailable', 'RateLimited'] as const) expect(retryDelay(policy, 1, err(kind), () => 0.5)).toBeGreaterThan(0)
    for (const kind of ['Unauthorized', 'NotFound', 'InvalidArgument', 'Conflict', 'Timeout', 'BadResponse', 'Aborted'] as const) {
      expect(retryDelay(policy, 1, err(kind), () => 0.5), kind).toBeUndefined()
    }
  })

  it('backs off exponentially with jitter between half and the whole ceiling', () => {
    expect(retryDelay(policy, 1, err('Network'), () => 0)).toBe(150)
    expect(retryDelay(policy, 1, err('Network'), () => 1)).toBe(300)
    expect(retryDelay({ ...policy, attempts: 10 }, 2, err('Network'), () => 1)).toBe(600)
    expect(retryDelay({ ...policy, attempts: 10 }, 9, err('Network'), () => 1)).toBe(policy.maxDelayMs)
  })

  it('stops after the last attempt', () => {
    expect(retryDelay(policy, policy.attempts, err('Network'), () => 0.5)).toBeUndefined()
  })

  it('waits exactly as long as Retry-After says, unless that is too long', () => {
    expect(retryDelay(policy, 1, err('RateLimited', { retryAfterMs: 2000 }), () => 0.5)).toBe(2000)
    expect(retryDelay(policy, 1, err('RateLimited', { retryAfterMs: policy.maxRetryAfterMs + 1 }), () => 0.5)).toBeUndefined()
  })
})

describe('withRetry', () => {
  const options = (over: Partial<RetryOptions> = {}): RetryOptions => ({
    operation: 'GetChains',
    policy,
    sleep: vi.fn(async () => {}),
    random: () => 0.5,
    aborted: () => err('Aborted'),
    ...over,
  })

  it('returns the first success and reports each retry', async () => {
    const run = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new SvcFailure(err('Unavailable')))
      .mockRejectedValueOnce(new SvcFailure(err('Network')))
      .mockResolvedValue('ok')
    const onRetry = vi.fn()
    await expect(withRetry(run, options({ onRetry }))).resolves.toBe('ok')
    expect(run).toHaveBeenCalledTimes(3)
    expect(onRetry.mock.calls.map(([i]) => [i.attempt, i.error.kind])).toEqual([
      [1, 'Unavailable'],
      [2, 'Network'],
    ])
  })

  it('gives up after the policy’s attempts with the last error', async () => {
    const run = vi.fn(async () => {
      throw new SvcFailure(err('Unavailable', { status: 503 }))
    })
    await expect(withRetry(run, options())).rejects.toMatchObject({ error: { kind: 'Unavailable' } })
    expect(run).toHaveBeenCalledTimes(policy.attempts)
  })

  it('does not retry errors that are not SvcFailures', async () => {
    const run = vi.fn(async () => {
      throw new RangeError('bug')
    })
    await expect(withRetry(run, options())).rejects.toBeInstanceOf(RangeError)
    expect(run).toHaveBeenCalledTimes(1)
  })

  it('stops at once when the caller aborts during the wait', async () => {
    const controller = new AbortController()
    const run = vi.fn(async () => {
      throw new SvcFailure(err('Network'))
    })
    const sleep = vi.fn(async () => controller.abort())
    await expect(withRetry(run, options({ sleep, signal: controller.signal }))).rejects.toMatchObject({
      error: { kind: 'Aborted' },
    })
    expect(run).toHaveBeenCalledTimes(1)
  })
})

describe('realSleep', () => {
  it('ends early when its signal aborts', async () => {
    const controller = new AbortController()
    const started = Date.now()
    const sleeping = realSleep(10_000, controller.signal)
    controller.abort()
    await sleeping
    // Already aborted: it returns at once, without throwing.
    await realSleep(10_000, controller.signal)
    expect(Date.now() - started).toBeLessThan(1000)
  })
})
