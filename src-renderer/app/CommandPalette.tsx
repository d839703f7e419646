import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { useNavigate } from 'react-router'
import { paletteActions, type PaletteAction } from '../features/search/paletteActions'
import { universalHint } from '../features/search/plan'
import { confirmIntentExists } from '../features/watch/confirmIntent'
import { useWatches } from '../features/watch/store'
import { ROUTES } from './routes'
import { SEARCH_BOX_ID, SHORTCUTS, isBareKey } from './shortcuts'

const VIEWS = ROUTES.flatMap((r) => (r.nav ? [{ label: r.nav.label, to: r.nav.to }] : []))

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

  return open !== null ? <PaletteDialog initialText={open} onClose={() => setOpen(null)} /> : null
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

/** What "?" shows in the palette: every shortcut, from the one list. */
function ShortcutList() {
  return (
    <table className="palette-shortcuts" aria-label="Keyboard shortcuts">
      <tbody>
        {SHORTCUTS.map((s) => (
          <tr key={s.keys}>
            <th scope="row">
              <kbd>{s.keys}</kbd>
            </th>
            <td>{s.does}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function PaletteDialog({ initialText, onClose }: { initialText: string; onClose: () => void }) {
  const navigate = useNavigate()
  const [text, setText] = useState(initialText)
  const [active, setActive] = useState(0)
  const [status, setStatus] = useState<{ text: string; bad: boolean } | null>(null)
  const actions = useMemo(() => (text.trim() === '?' ? [] : paletteActions(text, VIEWS)), [text])
  const id = useId()
  const listId = `${id}-list`
  const optionId = (i: number) => `${id}-option-${i}`
  const hint = universalHint(text)
  const showShortcuts = text.trim() === '?'
  const current = Math.min(active, actions.length - 1)

  const run = async (action: PaletteAction | undefined) => {
    if (!action) return
    if (action.kind === 'navigate') {
      onClose()
      navigate(action.to)
      return
    }
    setStatus({ text: `Adding a watch on ${action.intentId}…`, bad: false })
    // Only an intent the service knows is watched (the Watch view's form asks the same).
    const failure = (await confirmIntentExists(action.intentId)) ?? (await useWatches.getState().add(action.intentId))?.message
    setStatus(
      failure
        ? { text: `Could not watch the intent: ${failure}`, bad: true }
        : { text: 'Watching it live: the Watch view follows it and says when it finishes.', bad: false },
    )
  }

  const onKeyDown = (e: KeyboardEvent) => {
    const n = actions.length
    switch (e.key) {
      case 'Escape':
        e.preventDefault()
        onClose()
        break
      case 'ArrowDown':
        e.preventDefault()
        if (n) setActive((current + 1) % n)
        break
      case 'ArrowUp':
        e.preventDefault()
        if (n) setActive((current - 1 + n) % n)
        break
      case 'Home':
      case 'End':
        if (!n || !e.ctrlKey) break
        e.preventDefault()
        setActive(e.key === 'Home' ? 0 : n - 1)
        break
      case 'Enter':
        e.preventDefault()
        void run(actions[current])
        break
      case 'Tab':
        // The input is the one focus stop: the list is driven from it.
        e.preventDefault()
        break
    }
  }

  return (
    <div className="palette-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div className="palette" role="dialog" aria-modal="true" aria-label="Command palette" onKeyDown={onKeyDown}>
        <input
          className="palette-input"
          role="combobox"
          aria-label="Command or value"
          aria-expanded={actions.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={actions.length ? optionId(current) : undefined}
          autoFocus
          spellCheck={false}
          autoComplete="off"
          placeholder="Paste an intent id, wallet, hash… or type a view name"
          value={text}
          onChange={(e) => {
            setText(e.target.value)
            setActive(0)
            setStatus(null)
          }}
        />
        <p className="palette-hint muted small">{hint ?? 'Enter runs the highlighted action · ↑↓ choose · Esc closes · ? lists every shortcut'}</p>
        {showShortcuts ? <ShortcutList /> : null}
        <ul className="palette-list" role="listbox" id={listId} aria-label="Actions">
          {actions.map((a, i) => (
            <li
              key={a.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === current}
              className={i === current ? 'palette-option palette-option-active' : 'palette-option'}
              onMouseEnter={() => setActive(i)}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => void run(a)}
            >
              {a.label}
            </li>
          ))}
        </ul>
        {actions.length === 0 && !showShortcuts ? <p className="muted small palette-empty">Nothing matches. Paste an id, address or hash, or type a view name.</p> : null}
        {status ? (
          <p role="status" className={status.bad ? 'field-error' : 'muted small'}>
            {status.text}
          </p>
        ) : null}
      </div>
    </div>
  )
}
