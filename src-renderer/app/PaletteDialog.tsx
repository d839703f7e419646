import { useId, useMemo, useState, type KeyboardEvent } from 'react'
import { useNavigate } from 'react-router'
import type { SvcError } from '@contract/errors'
import { FieldList } from '../components/FieldList'
import { paletteActions, type PaletteAction } from '../features/search/paletteActions'
import { universalHint } from '../features/search/plan'
import { confirmIntentExists } from '../features/watch/confirmIntent'
import { useAddWatch } from '../features/watch'
import { ROUTES } from './routes'
import { SHORTCUTS } from './shortcuts'

// Sidebar views first, then views reached by links that the palette also offers by name.
const VIEWS = [...ROUTES.filter((r) => r.nav), ...ROUTES.filter((r) => r.jump)].map((r) => ({ label: (r.nav ?? r.jump)!.label, to: r.path }))

/** What "?" shows in the palette: every shortcut, from the one list. */
const ShortcutList = () => <FieldList label="Keyboard shortcuts" fields={SHORTCUTS.map((s) => [<kbd key={s.keys}>{s.keys}</kbd>, s.does])} />

/** The highlighted action after a navigation key, or undefined when the key does not move it. */
function movedTo(e: KeyboardEvent, current: number, n: number): number | undefined {
  if (!n) return undefined
  if (e.key === 'ArrowDown') return (current + 1) % n
  if (e.key === 'ArrowUp') return (current - 1 + n) % n
  if ((e.key === 'Home' || e.key === 'End') && e.ctrlKey) return e.key === 'Home' ? 0 : n - 1
  return undefined
}

type PaletteStatus = { text: string; bad: boolean } | null

/** The palette's text, its actions, the highlighted one, and running it. */
function usePalette(initialText: string, onClose: () => void) {
  const addWatch = useAddWatch()
  const navigate = useNavigate()
  const [text, setText] = useState(initialText)
  const [active, setActive] = useState(0)
  const [status, setStatus] = useState<PaletteStatus>(null)
  const showShortcuts = text.trim() === '?'
  const actions = useMemo(() => (showShortcuts ? [] : paletteActions(text, VIEWS)), [text, showShortcuts])
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
    const failure = (await confirmIntentExists(action.intentId)) ?? (await addWatch.mutateAsync(action.intentId).then(() => undefined, (e: SvcError) => e.message))
    setStatus(
      failure
        ? { text: `Could not watch the intent: ${failure}`, bad: true }
        : { text: 'Watching it live: the Watch view follows it and says when it finishes.', bad: false },
    )
  }

  const onKeyDown = (e: KeyboardEvent) => {
    const moved = movedTo(e, current, actions.length)
    if (moved !== undefined) setActive(moved)
    // Arrows never move the caret here; Tab stays in the input, the one focus stop that drives the list.
    if (moved !== undefined || ['ArrowDown', 'ArrowUp', 'Tab', 'Escape', 'Enter'].includes(e.key)) e.preventDefault()
    if (e.key === 'Escape') onClose()
    else if (e.key === 'Enter') void run(actions[current])
  }
  const edit = (next: string) => {
    setText(next)
    setActive(0)
    setStatus(null)
  }
  return { text, edit, actions, current, setActive, status, showShortcuts, run, onKeyDown }
}

type Palette = ReturnType<typeof usePalette>

function ActionList({ palette, listId, optionId }: { palette: Palette; listId: string; optionId: (i: number) => string }) {
  const { actions, current } = palette
  return (
    <ul className="palette-list" role="listbox" id={listId} aria-label="Actions">
      {actions.map((a, i) => (
        <li
          key={a.id}
          id={optionId(i)}
          role="option"
          aria-selected={i === current}
          className={i === current ? 'palette-option palette-option-active' : 'palette-option'}
          onMouseEnter={() => palette.setActive(i)}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => void palette.run(a)}
        >
          {a.label}
        </li>
      ))}
    </ul>
  )
}

export function PaletteDialog({ initialText, onClose }: { initialText: string; onClose: () => void }) {
  const palette = usePalette(initialText, onClose)
  const { text, actions, current, status, showShortcuts } = palette
  const id = useId()
  const listId = `${id}-list`
  const optionId = (i: number) => `${id}-option-${i}`
  return (
    <div className="palette-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div className="palette" role="dialog" aria-modal="true" aria-label="Command palette" onKeyDown={palette.onKeyDown}>
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
          onChange={(e) => palette.edit(e.target.value)}
        />
        <p className="palette-hint muted small">{universalHint(text) ?? 'Enter runs the highlighted action · ↑↓ choose · Esc closes · ? lists every shortcut'}</p>
        {showShortcuts ? <ShortcutList /> : null}
        <ActionList palette={palette} listId={listId} optionId={optionId} />
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
