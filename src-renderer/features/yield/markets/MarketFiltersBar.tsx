import { useId, useState, type FormEvent } from 'react'
import { MARKET_TYPES } from '@contract/service/constants'
import { ChainSelect } from '../../../components/ChainSelect'
import { FormField } from '../../../components/FormField'
import { SelectField } from '../../../components/SelectField'
import { SORT_OPTIONS, type MarketFilterProblems, type MarketFilters } from './marketFilters'

type TextKey = 'search' | 'provider'

const TYPE_OPTIONS = [{ value: '', label: 'Any type' }, ...MARKET_TYPES.map((t) => ({ value: t, label: t }))]

/**
 * The two text fields' drafts. They follow the URL when it changes (back, a bookmark),
 * adjusted while rendering so a stale draft never shows; `commit` sends a changed value.
 */
function useTextDrafts(filters: MarketFilters, onChange: (key: TextKey, value: string) => void) {
  const [draft, setDraft] = useState({ search: filters.search, provider: filters.provider })
  const [draftOf, setDraftOf] = useState(draft)
  if (draftOf.search !== filters.search || draftOf.provider !== filters.provider) {
    const next = { search: filters.search, provider: filters.provider }
    setDraftOf(next)
    setDraft(next)
  }
  const commit = (key: TextKey, value = draft[key]) => {
    if (value.trim() !== filters[key].trim()) onChange(key, value.trim())
  }
  const set = (key: TextKey, value: string) => setDraft((d) => ({ ...d, [key]: value }))
  return { draft, set, commit }
}

function TextFields({ drafts, providers, problem }: { drafts: ReturnType<typeof useTextDrafts>; providers: readonly string[]; problem?: string }) {
  const providerList = useId()
  const { draft, set, commit } = drafts
  return (
    <>
      <FormField label="Search">
        <input
          type="search"
          value={draft.search}
          placeholder="Name or token"
          onChange={(e) => {
            set('search', e.target.value)
            // Clearing the box (its × button too) clears the filter straight away.
            if (e.target.value === '') commit('search', '')
          }}
          onBlur={() => commit('search')}
        />
      </FormField>
      <FormField label="Provider" error={problem}>
        <input
          list={providerList}
          value={draft.provider}
          placeholder="Any provider (several: a, b)"
          autoComplete="off"
          onChange={(e) => {
            const value = e.target.value
            set('provider', value)
            if (value === '' || providers.includes(value)) commit('provider', value)
          }}
          onBlur={() => commit('provider')}
        />
      </FormField>
      <datalist id={providerList}>
        {providers.map((p) => (
          <option key={p} value={p} />
        ))}
      </datalist>
    </>
  )
}

/**
 * Filters of the markets list. Pickers apply at once; the two text fields apply on Enter
 * or when focus leaves them, so the service is not asked on every key press.
 */
export function MarketFiltersBar({
  filters,
  problems,
  providers,
  onChange,
}: {
  filters: MarketFilters
  problems: MarketFilterProblems
  /** Provider ids seen in markets, as suggestions. */
  providers: readonly string[]
  onChange(key: keyof MarketFilters, value: string): void
}) {
  const drafts = useTextDrafts(filters, onChange)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    drafts.commit('search')
    drafts.commit('provider')
  }
  return (
    <form className="toolbar yield-filters" onSubmit={submit} aria-label="Market filters" noValidate>
      <TextFields drafts={drafts} providers={providers} problem={problems.provider} />
      <FormField label="Chain" error={problems.chainId}>
        {/* Several chains are picked under "Chains (several)"; this picker shows one. */}
        <ChainSelect value={filters.chainId.includes(',') ? '' : filters.chainId} onChange={(v) => onChange('chainId', v)} />
      </FormField>
      <SelectField label="Type" value={filters.type} options={TYPE_OPTIONS} onChange={(v) => onChange('type', v)} error={problems.type} />
      <SelectField label="Sort" value={filters.sort} options={SORT_OPTIONS} onChange={(v) => onChange('sort', v)} error={problems.sort} />
      <button type="submit">Apply</button>
    </form>
  )
}
