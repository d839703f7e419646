/**
 * The one way the main process arms a timer with a delay it computed (a backoff, a
 * Retry-After, a poll schedule, a deadline, a save delay). Node's `setTimeout` takes at
 * most 2^31-1 ms (about 24.8 days); past that it warns and fires after 1 ms, so a
 * service asking for a 35-day pause was asked again at once, thousands of times a
 * second. Every delay goes through `clampDelay` first: at most an hour, never negative,
 * and never NaN. A poller that meant to wait longer simply looks at its schedule again
 * when the hour is up and waits on.
 */

/** The longest any timer in the main process waits in one go. */
export const MAX_TIMER_DELAY_MS = 60 * 60_000

/**
 * A delay `setTimeout` honours as meant: within 0 … `MAX_TIMER_DELAY_MS`. Anything
 * longer (Infinity included) becomes the maximum; anything not a number waits the
 * maximum too, since waiting an hour by mistake is harmless and not waiting at all is
 * what floods a service.
 */
export function clampDelay(ms: number): number {
  if (Number.isNaN(ms)) return MAX_TIMER_DELAY_MS
  return Math.min(MAX_TIMER_DELAY_MS, Math.max(0, ms))
}

/** `setTimeout` with the delay clamped (see `clampDelay`). */
export function startTimer(callback: () => void, ms: number): NodeJS.Timeout {
  return setTimeout(callback, clampDelay(ms))
}

/**
 * Runs `callback` once after `ms`, however long: a wait past the hour is a chain of
 * timers of at most an hour each, every one armed for what is left (counted by the
 * timers themselves, so a clock set back or forward changes nothing). The timers do not
 * keep the process alive. Returns the cancel.
 */
export function after(ms: number, callback: () => void): () => void {
  let left = Number.isNaN(ms) ? MAX_TIMER_DELAY_MS : Math.max(0, ms)
  let timer: NodeJS.Timeout
  const arm = () => {
    const step = clampDelay(left)
    left -= step
    timer = startTimer(() => (left > 0 ? arm() : callback()), step)
    timer.unref?.()
  }
  arm()
  return () => clearTimeout(timer)
}
