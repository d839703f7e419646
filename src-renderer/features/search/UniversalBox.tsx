import { useState, type FormEvent } from 'react'
import { classifyInput } from '../../lib/classifyInput'
import { universalHint } from './plan'

/** One box for whatever support staff have in hand; Enter searches, blank input does nothing. */
export function UniversalBox({ initial, onSearch, autoFocus }: { initial: string; onSearch: (value: string) => void; autoFocus?: boolean }) {
  const [value, setValue] = useState(initial)
  const hint = universalHint(value)
  const kind = classifyInput(value).kind
  // A look-alike of an address or hash is named in the hint and never searched.
  const searchable = kind !== 'empty' && kind !== 'lookalike'
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (searchable) onSearch(value.trim())
  }
  return (
    <form className="search-universal" role="search" onSubmit={submit}>
      <label htmlFor="search-universal-input">Find anything</label>
      <div className="row">
        <input
          id="search-universal-input"
          type="search"
          value={value}
          autoFocus={autoFocus}
          spellCheck={false}
          autoComplete="off"
          placeholder="Paste an intent id, wallet, transaction hash, deposit address, project id or text"
          aria-describedby="search-universal-hint"
          aria-invalid={kind === 'lookalike' || undefined}
          onChange={(e) => setValue(e.target.value)}
        />
        <button type="submit" className="primary" disabled={!searchable}>
          Search
        </button>
      </div>
      <span id="search-universal-hint" className="muted small" aria-live="polite">
        {hint ?? 'Press Ctrl+K (⌘K on a Mac) anywhere to open the command palette.'}
      </span>
    </form>
  )
}
