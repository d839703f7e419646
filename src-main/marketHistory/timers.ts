/**
 * The recorder's only timer. Delays are clamped: never negative, never past what
 * `setTimeout` can hold (about 24.8 days; a longer delay would fire at once).
 */
const MAX_DELAY_MS = 2 ** 31 - 1

export const clampDelay = (ms: number): number => (Number.isFinite(ms) ? Math.min(MAX_DELAY_MS, Math.max(0, Math.round(ms))) : 0)

/** Runs `fn` once after `ms`; returns the cancel. The timer does not keep the process alive. */
export function after(ms: number, fn: () => void): () => void {
  const timer = setTimeout(fn, clampDelay(ms))
  timer.unref?.()
  return () => clearTimeout(timer)
}
