import { useEffect, useRef } from 'react'

/**
 * Calls `onEscape` when Escape is pressed anywhere in the window while `active`, for
 * panels and popovers that are not modal and so do not hold the focus. A key another
 * handler already took (the palette, an inline confirm) is left alone.
 */
export function useEscapeKey(active: boolean, onEscape: () => void): void {
  const latest = useRef(onEscape)
  latest.current = onEscape
  useEffect(() => {
    if (!active) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return
      e.preventDefault()
      latest.current()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [active])
}
