import { describe, expect, it } from 'vitest'
import { durationMs, isFinished, MIN_P95_SAMPLES, p95Caveat } from './outcomes'

const T = Date.UTC(2026, 10, 1, 10)

describe('the one definition of finished, succeeded and duration', () => {
  it('counts SUCCEEDED, FAILED, ABORTED and REFUNDED as finished; INVALID and pending ones not', () => {
    expect(['SUCCEEDED', 'FAILED', 'ABORTED', 'REFUNDED'].every((s) => isFinished(s))).toBe(true)
    expect(['INVALID', 'QUOTED', 'COMMITTED', 'EXECUTING', undefined, 'NEW_STATUS'].some((s) => isFinished(s))).toBe(false)
  })

  it('times a succeeded intent from the start of execution to its finish, and nothing else', () => {
    expect(durationMs('SUCCEEDED', T, T + 90_000)).toBe(90_000)
    expect(durationMs('FAILED', T, T + 90_000)).toBeUndefined()
    expect(durationMs('SUCCEEDED', T + 1, T)).toBeUndefined()
    expect(durationMs('SUCCEEDED', undefined, T)).toBeUndefined()
    expect(durationMs('SUCCEEDED', 5, T)).toBeUndefined()
  })

  it(`says when a p95 rests on fewer than ${MIN_P95_SAMPLES} durations`, () => {
    expect(p95Caveat(12)).toBe('from only 12 intents; a p95 needs 20')
    expect(p95Caveat(1)).toBe('from only 1 intent; a p95 needs 20')
    expect(p95Caveat(MIN_P95_SAMPLES)).toBeUndefined()
  })
})
