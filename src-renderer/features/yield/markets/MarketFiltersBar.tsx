import { useEffect, useId, useState, type FormEvent } from 'react'
import { MARKET_TYPES } from '@contract/service/constants'
import { ChainSelect } from '../../../components/ChainSelect'
import { FormField } from '../../../components/FormField'
import { SORT_OPTIONS, type MarketFilterProblems, type MarketFilters } from './marketFilters'

type TextKey = 'search' | 'provider'

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
  const providerList = useId()
  const [draft, setDraft] = useState({ search: filters.search, provider: filters.provider })
  useEffect(() => setDraft({ search: filters.search, provider: filters.provider }), [filters.search, filters.provider])

  const commit = (key: TextKey, value = draft[key]) => {
    if (value.trim() !== filters[key].trim()) onChange(key, value.trim())
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    commit('search')
    commit('provider')
  }
  const knownSort = SORT_OPTIONS.some((o) => o.value === filters.sort)

  return (
    <form className="toolbar yield-filters" onSubmit={submit} aria-label="Market filters" noValidate>
      <FormField label="Search">
        <input
          type="search"
          value={draft.search}
          placeholder="Name or token"
          onChange={(e) => {
            setDraft({ ...draft, search: e.target.value })
            // Clearing the box (its × button too) clears the filter straight away.
            if (e.target.value === '') commit('search', '')
          }}
          onBlur={() => commit('search')}
        />
      </FormField>
      <FormField label="Provider" error={problems.provider}>
        <input
          list={providerList}
          value={draft.provider}
          placeholder="Any provider"
          autoComplete="off"
          onChange={(e) => {
            const value = e.target.value
            setDraft({ ...draft, provider: value })
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
      <FormField label="Chain" error={problems.chainId}>
        <ChainSelect value={filters.chainId} onChange={(v) => onChange('chainId', v)} />
      </FormField>
      <FormField label="Type" error={problems.type}>
        <select value={filters.type} onChange={(e) => onChange('type', e.target.value)}>
          <option value="">Any type</option>
          {MARKET_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label="Sort" error={problems.sort}>
        <select value={filters.sort} onChange={(e) => onChange('sort', e.target.value)}>
          {knownSort ? null : <option value={filters.sort}>{filters.sort}</option>}
          {SORT_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </FormField>
      <button type="submit">Apply</button>
    </form>
  )
}
