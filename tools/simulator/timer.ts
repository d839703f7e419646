/**
 * The simulator's timers: its own, so it shares no module with the app's client it
 * serves (a test of the client against the simulator then checks one against the other,
 * not the client against itself). Node's `setTimeout` takes at most 2^31-1 ms and fires
 * a longer delay after 1 ms; every delay the simulator computes (a step of an intent's
 * life, a held long-poll, a fault's latency) goes through `clampDelay` first.
 */

/** The longest any of the simulator's timers waits in one go. */
export const MAX_TIMER_DELAY_MS = 60 * 60_000

/** A delay within 0 … `MAX_TIMER_DELAY_MS`; anything not a number waits the maximum. */
export function clampDelay(ms: number): number {
  if (Number.isNaN(ms)) return MAX_TIMER_DELAY_MS
  return Math.min(MAX_TIMER_DELAY_MS, Math.max(0, ms))
}

/** `setTimeout` with the delay clamped (see `clampDelay`). */
export function startTimer(callback: () => void, ms: number): NodeJS.Timeout {
  return setTimeout(callback, clampDelay(ms))
}

/** Resolves after `ms` (clamped), or as soon as `signal` aborts; never rejects. */
export const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    if (signal?.aborted) return resolve()
    const done = () => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', done)
      resolve()
    }
    const timer = startTimer(done, ms)
    signal?.addEventListener('abort', done, { once: true })
  })
