import { readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { realSleep } from './retry'
import { MAX_TIMER_DELAY_MS, after, clampDelay, startTimer } from './timer'

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

describe('after', () => {
  it('waits longer than an hour as a chain of timers of at most an hour, and fires once at the end', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      let fired = 0
      after(6 * 3600_000, () => fired++)
      await vi.advanceTimersByTimeAsync(6 * 3600_000 - 1)
      expect(fired).toBe(0)
      await vi.advanceTimersByTimeAsync(1)
      expect(fired).toBe(1)
      // Infinity waits for ever, an hour at a time; NaN an hour.
      after(Infinity, () => fired++)
      after(Number.NaN, () => fired++)
      await vi.advanceTimersByTimeAsync(30 * 24 * 3600_000)
      expect(fired).toBe(2)
    } finally {
      vi.useRealTimers()
    }
  })

  it('is cancelled by its cancel, mid-chain too', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      let fired = false
      const cancel = after(3 * 3600_000, () => (fired = true))
      await vi.advanceTimersByTimeAsync(90 * 60_000)
      cancel()
      await vi.advanceTimersByTimeAsync(3 * 3600_000)
      expect(fired).toBe(false)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('every timer in main', () => {
  /** Timers armed with a delay fixed in code, not computed: nothing a service or a file says can stretch them. */
  const FIXED_DELAY = new Set(['settings/debouncedWriter.ts', 'host/server.ts'])
  const root = join(import.meta.dirname, '..')
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? sources(join(dir, e.name)) : /\.ts$/.test(e.name) && !/\.test\.ts$|testing/.test(e.name) ? [join(dir, e.name)] : [],
    )

  it('goes through the timer helper, so no computed delay can overflow', () => {
    const direct = sources(root)
      .map((file) => relative(root, file).split('\\').join('/'))
      .filter((file) => file !== 'service/timer.ts' && !FIXED_DELAY.has(file) && !file.includes('/testing/'))
      .filter((file) => /\bset(Timeout|Interval)\s*\(/.test(readFileSync(join(root, file), 'utf8')))
    expect(direct).toEqual([])
  })
})
