/**
 * The one way the main process arms a timer with a delay it computed. Node's `setTimeout`
 * takes at most 2^31-1 ms (24.8 days) and past that fires after 1 ms: a service asking for
 * a 35-day pause was asked again thousands of times a second. So every delay is clamped
 * to at most an hour; a poller that meant longer looks at its schedule again then.
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
