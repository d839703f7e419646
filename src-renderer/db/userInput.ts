/**
 * When the person last scrolled, clicked, typed or turned the wheel, so background work
 * (filing cached history) can stand aside while they do. Hovering does not count.
 */

const EVENTS = ['scroll', 'wheel', 'pointerdown', 'keydown', 'touchmove'] as const

let last = -Infinity
let listening = false

/** Milliseconds since the last input (Infinity before any); starts listening on first use. */
export function msSinceUserInput(): number {
  if (!listening && typeof window !== 'undefined') {
    listening = true
    const note = () => {
      last = performance.now()
    }
    // Capturing on the window also hears scrolls of inner elements, which do not bubble.
    for (const type of EVENTS) window.addEventListener(type, note, { capture: true, passive: true })
  }
  return performance.now() - last
}
