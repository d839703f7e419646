import { useState, type FormEvent } from 'react'
import type { SearchIntentsRequest } from '@contract/service'
import { FormField } from '../../components/FormField'
import { checkDraft, emptyDraft, FILTER_FIELDS, type FilterDraft, type SearchFilterKey } from './filters'

/**
 * Every SearchIntents filter with a label and a check. Problems show once a field has
 * been left or the form submitted, then follow the typing, so half-typed values are not
 * shouted at. Nothing typed is ever discarded by a failed check.
 */
export function SearchForm({
  initial,
  revealProblems = false,
  onSearch,
}: {
  initial: FilterDraft
  /** Show every problem at once: the filters came from a URL that does not pass the checks. */
  revealProblems?: boolean
  onSearch: (request: SearchIntentsRequest) => void
}) {
  const [draft, setDraft] = useState(initial)
  const [shown, setShown] = useState<ReadonlySet<SearchFilterKey>>(() => new Set(revealProblems ? FILTER_FIELDS.map((f) => f.key) : []))
  const [formError, setFormError] = useState<string | undefined>()
  const checked = checkDraft(draft)
  const errors = checked.ok ? {} : checked.errors

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setShown(new Set(FILTER_FIELDS.map((f) => f.key)))
    if (checked.ok) {
      setFormError(undefined)
      onSearch(checked.request)
    } else setFormError(checked.formError ?? 'Fix the filters marked above.')
  }

  const set = (key: SearchFilterKey, value: string) => {
    setDraft((d) => ({ ...d, [key]: value }))
    setFormError(undefined)
  }
  const reveal = (key: SearchFilterKey) => setShown((s) => (s.has(key) ? s : new Set(s).add(key)))

  return (
    <form
      className="search-form"
      onSubmit={submit}
      aria-label="Search filters"
      noValidate
      onKeyDown={(e) => {
        // Browsers submit on Enter from text fields only; the edge direction picker should too.
        if (e.key === 'Enter' && e.target instanceof HTMLSelectElement) {
          e.preventDefault()
          e.currentTarget.requestSubmit()
        }
      }}
    >
      <div className="grid-form">
        {FILTER_FIELDS.map((f) => (
          <FormField key={f.key} label={f.label} help={f.help} error={shown.has(f.key) && draft[f.key].trim() ? errors[f.key] : undefined}>
            {f.options ? (
              <select value={draft[f.key]} onChange={(e) => set(f.key, e.target.value)} onBlur={() => reveal(f.key)}>
                <option value="">{f.placeholder}</option>
                {f.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                value={draft[f.key]}
                placeholder={f.placeholder}
                spellCheck={false}
                autoComplete="off"
                onChange={(e) => set(f.key, f.normalise ? f.normalise(e.target.value) : e.target.value)}
                onBlur={() => reveal(f.key)}
              />
            )}
          </FormField>
        ))}
      </div>
      <p className="muted small">All filled-in filters must match (they are combined with AND).</p>
      {formError ? (
        <p className="field-error" role="alert">
          {formError}
        </p>
      ) : null}
      <div className="row">
        <button type="submit" className="primary">
          Search
        </button>
        <button
          type="button"
          onClick={() => {
            setDraft(emptyDraft())
            setShown(new Set())
            setFormError(undefined)
          }}
        >
          Clear filters
        </button>
      </div>
    </form>
  )
}
