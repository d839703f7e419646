/** Runs `work` when the window is idle (at the latest after a second). */
export function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 1000 })
  else setTimeout(work, 0)
}
