import { describe, expect, it } from 'vitest'
import { realSleep } from './retry'
import { MAX_TIMER_DELAY_MS, clampDelay, startTimer } from './timer'

const DAY = 24 * 3600_000

describe('clampDelay', () => {
  it('keeps every delay a timer honours as meant: never past an hour, never negative, never NaN', () => {
    expect(clampDelay(1_500)).toBe(1_500)
    expect(clampDelay(MAX_TIMER_DELAY_MS)).toBe(MAX_TIMER_DELAY_MS)
    expect(clampDelay(35 * DAY)).toBe(MAX_TIMER_DELAY_MS)
    expect(clampDelay(2 ** 31)).toBe(MAX_TIMER_DELAY_MS)
    expect(clampDelay(Infinity)).toBe(MAX_TIMER_DELAY_MS)
    expect(clampDelay(Number.NaN)).toBe(MAX_TIMER_DELAY_MS)
    expect(clampDelay(-5)).toBe(0)
    expect(clampDelay(-Infinity)).toBe(0)
  })
})

describe('timers past 2^31-1 ms', () => {
  // Node fires such a timer after 1 ms: a 35-day wait must not end at once.
  it('a 35-day sleep is still waiting after 100 ms, and its signal still ends it', async () => {
    const controller = new AbortController()
    let woke = false
    const sleeping = realSleep(35 * DAY, controller.signal).then(() => (woke = true))
    await new Promise((r) => setTimeout(r, 100))
    expect(woke).toBe(false)
    controller.abort()
    await sleeping
    expect(woke).toBe(true)
  })

  it('a timer armed for 35 days does not fire at once', async () => {
    let fired = false
    const timer = startTimer(() => (fired = true), 35 * DAY)
    await new Promise((r) => setTimeout(r, 100))
    clearTimeout(timer)
    expect(fired).toBe(false)
  })
})
