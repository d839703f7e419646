import { useEffect, useEffectEvent } from 'react'

/**
 * Calls `onEscape` when Escape is pressed anywhere in the window while `active`, for
 * panels and popovers that are not modal and so do not hold the focus. It listens in the
 * capture phase, since controls inside rows stop their keys from bubbling; a key meant
 * for a modal dialog (the palette) is left to the dialog.
 */
export function useEscapeKey(active: boolean, onEscape: () => void): void {
  const escape = useEffectEvent(onEscape)
  useEffect(() => {
    if (!active) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return
      if (e.target instanceof Element && e.target.closest('[aria-modal="true"]')) return
      e.preventDefault()
      escape()
    }
    window.addEventListener('keydown', onKey, true)
    return () => window.removeEventListener('keydown', onKey, true)
  }, [active])
}
