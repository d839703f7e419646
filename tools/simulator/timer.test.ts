import { describe, expect, it, vi } from 'vitest'
import { clampDelay, MAX_TIMER_DELAY_MS, sleep, startTimer } from './timer'

describe("the simulator's timers", () => {
  it('clamps every delay to 0 … one hour, NaN and Infinity to the hour', () => {
    expect(clampDelay(-5)).toBe(0)
    expect(clampDelay(250)).toBe(250)
    expect(clampDelay(35 * 24 * 3600_000)).toBe(MAX_TIMER_DELAY_MS)
    expect(clampDelay(Infinity)).toBe(MAX_TIMER_DELAY_MS)
    expect(clampDelay(NaN)).toBe(MAX_TIMER_DELAY_MS)
  })

  it('arms a timer past 2^31 ms as the hour, not at once', () => {
    vi.useFakeTimers()
    try {
      const fired = vi.fn()
      startTimer(fired, 2 ** 32)
      vi.advanceTimersByTime(MAX_TIMER_DELAY_MS - 1)
      expect(fired).not.toHaveBeenCalled()
      vi.advanceTimersByTime(1)
      expect(fired).toHaveBeenCalledOnce()
    } finally {
      vi.useRealTimers()
    }
  })

  it('sleeps until its time or until aborted', async () => {
    const controller = new AbortController()
    const started = Date.now()
    const slept = sleep(60_000, controller.signal)
    controller.abort()
    await slept
    expect(Date.now() - started).toBeLessThan(1000)
    await sleep(5)
    await sleep(10, AbortSignal.abort())
  })
})
