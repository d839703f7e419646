import { useCallback, useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { whenIdle } from '../lib/whenIdle'
import type { PaletteDialog } from './PaletteDialog'
import { SEARCH_BOX_ID, isBareKey } from './shortcuts'

// The dialog is a chunk of its own (Search's parsing, the watch check): start-up does not
// load it. Once loaded it renders at once, with no Suspense pause that could drop keys typed
// straight after Ctrl+K.
let Dialog: typeof PaletteDialog | undefined
let loading: Promise<unknown> | undefined
/** Loads the dialog's chunk once. */
export const loadPaletteDialog = (): Promise<unknown> =>
  (loading ??= import('./PaletteDialog').then((m) => {
    Dialog = m.PaletteDialog
  }))

/** The dialog, loaded when the window is first idle after start-up, or at once when opened before that. */
function usePaletteDialog(wanted: boolean) {
  const [, setLoaded] = useState(false)
  useEffect(() => {
    const load = () => void loadPaletteDialog().then(() => setLoaded(true))
    if (wanted) load()
    else whenIdle(load)
  }, [wanted])
  return Dialog
}

const isPaletteShortcut = (e: globalThis.KeyboardEvent) =>
  (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k'

/**
 * Ctrl+K (⌘K) from anywhere: paste an intent id, a wallet or a hash and pick what to do
 * with it, or jump to a view. Arrow keys choose, Enter runs, Escape closes; focus stays
 * inside while it is open and returns where it was afterwards.
 */
export function CommandPalette() {
  // null: closed; otherwise the text it opens with ("?" lists the shortcuts).
  const [open, setOpen] = useState<string | null>(null)
  const returnFocus = useRef<HTMLElement | null>(null)
  const focusSearch = useFocusSearch()
  const Loaded = usePaletteDialog(open !== null)

  useEffect(() => {
    const toggle = (initial: string) =>
      setOpen((was) => {
        if (was === null) returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
        return was === null ? initial : null
      })
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (isPaletteShortcut(e)) toggle('')
      else if (isBareKey(e, '?')) toggle('?')
      else if (isBareKey(e, '/')) focusSearch()
      else return
      e.preventDefault()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [focusSearch])

  useEffect(() => {
    if (open === null) returnFocus.current?.focus()
  }, [open])

  return open !== null && Loaded ? <Loaded initialText={open} onClose={() => setOpen(null)} /> : null
}

/** "/": Search's box gets the focus, opening Search first when another view is shown. */
function useFocusSearch() {
  const navigate = useNavigate()
  return useCallback(() => {
    const box = () => document.getElementById(SEARCH_BOX_ID)
    if (box()) return box()!.focus()
    navigate('/search')
    // The view renders on the next frames; give it a few before giving up.
    let tries = 20
    const attempt = () => (box() ? box()!.focus() : --tries > 0 && requestAnimationFrame(attempt))
    requestAnimationFrame(attempt)
  }, [navigate])
}
