import { useState, type FormEvent } from 'react'
import type { SearchIntentsRequest } from '@contract/service'
import { FormField, type ControlProps } from '../../components/FormField'
import { SelectField } from '../../components/SelectField'
import { checkDraft, FILTER_FIELDS, searchFilters, type FilterDraft, type FilterField, type SearchFilterKey } from './filters'

/**
 * The form's draft and which problems show: each field's once it has been left or the
 * form submitted, then following the typing, so half-typed values are not shouted at.
 * Nothing typed is discarded by a failed check.
 */
function useFilterDraft(initial: FilterDraft, revealProblems: boolean, onSearch: (request: SearchIntentsRequest) => void) {
  const [draft, setDraft] = useState(initial)
  const [shown, setShown] = useState<ReadonlySet<SearchFilterKey>>(() => new Set(revealProblems ? FILTER_FIELDS.map((f) => f.key) : []))
  const [formError, setFormError] = useState<string | undefined>()
  const checked = checkDraft(draft)
  const errors = checked.ok ? {} : checked.errors
  return {
    draft,
    formError,
    problemOf: (key: SearchFilterKey) => (shown.has(key) && draft[key].trim() ? errors[key] : undefined),
    submit(e: FormEvent) {
      e.preventDefault()
      setShown(new Set(FILTER_FIELDS.map((f) => f.key)))
      if (checked.ok) {
        setFormError(undefined)
        onSearch(checked.request)
      } else setFormError(checked.formError ?? 'Fix the filters marked above.')
    },
    set(key: SearchFilterKey, value: string) {
      setDraft((d) => ({ ...d, [key]: value }))
      setFormError(undefined)
    },
    reveal: (key: SearchFilterKey) => setShown((s) => (s.has(key) ? s : new Set(s).add(key))),
    clear() {
      setDraft(searchFilters.empty)
      setShown(new Set())
      setFormError(undefined)
    },
  }
}

/** One filter's text box; fields with fixed values are a `SelectField` instead. */
function FilterInput({ field: f, value, set, reveal, ...control }: { field: FilterField; value: string; set(value: string): void; reveal(): void } & ControlProps) {
  return (
    <input
      {...control}
      value={value}
      placeholder={f.placeholder}
      spellCheck={false}
      autoComplete="off"
      onChange={(e) => set(f.normalise ? f.normalise(e.target.value) : e.target.value)}
      onBlur={reveal}
    />
  )
}

/** Every SearchIntents filter with a label and a check; problems show as `useFilterDraft` says. */
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
  const form = useFilterDraft(initial, revealProblems, onSearch)
  return (
    <form
      className="search-form"
      onSubmit={form.submit}
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
        {FILTER_FIELDS.map((f) =>
          f.options ? (
            <SelectField key={f.key} label={f.label} value={form.draft[f.key]} options={f.options} error={form.problemOf(f.key)} onChange={(v) => form.set(f.key, v)} />
          ) : (
            <FormField key={f.key} label={f.label} help={f.help} error={form.problemOf(f.key)}>
              <FilterInput field={f} value={form.draft[f.key]} set={(v) => form.set(f.key, v)} reveal={() => form.reveal(f.key)} />
            </FormField>
          ),
        )}
      </div>
      <p className="muted small">All filled-in filters must match (they are combined with AND).</p>
      {form.formError ? (
        <p className="field-error" role="alert">
          {form.formError}
        </p>
      ) : null}
      <div className="row">
        <button type="submit" className="primary">
          Search
        </button>
        <button type="button" onClick={form.clear}>
          Clear filters
        </button>
      </div>
    </form>
  )
}
