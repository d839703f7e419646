import { useId, type FormEvent } from 'react'
import { MARKET_TYPES } from '@contract/service/constants'
import { ChainSelect } from '../../../components/ChainSelect'
import { ChainsPicker } from '../../../components/ChainsPicker'
import { Checkbox } from '../../../components/Checkbox'
import { FormField } from '../../../components/FormField'
import { SelectField } from '../../../components/SelectField'
import { Suggestions } from '../../../components/Suggestions'
import { splitList } from '../../../lib/filterCodec'
import { CommittedInput } from '../../../components/CommittedInput'
import { SORT_OPTIONS, type MarketFilterProblems, type MarketFilters } from './marketFilters'

type Change = (key: keyof MarketFilters, value: string) => void

const TYPE_OPTIONS = [{ value: '', label: 'Any type' }, ...MARKET_TYPES.map((t) => ({ value: t, label: t }))]

/** Filters of the markets list that the service takes. Pickers apply at once; the two text fields on Enter or when focus leaves them. */
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
  onChange: Change
}) {
  const providerList = useId()
  return (
    <form className="toolbar yield-filters" onSubmit={(e: FormEvent) => e.preventDefault()} aria-label="Market filters" noValidate>
      <FormField label="Search">
        {/* Clearing the box (its × button too) clears the filter straight away. */}
        <CommittedInput type="search" placeholder="Name or token" value={filters.search} commitNow={(v) => v === ''} onCommit={(v) => onChange('search', v)} />
      </FormField>
      <FormField label="Provider" error={problems.provider}>
        <CommittedInput
          list={providerList}
          placeholder="Any provider (several: a, b)"
          autoComplete="off"
          value={filters.provider}
          commitNow={(v) => v === '' || providers.includes(v)}
          onCommit={(v) => onChange('provider', v)}
        />
      </FormField>
      <Suggestions id={providerList} values={providers} />
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

/**
 * The filters the service does not take: several chains (and providers, comma-separated
 * in the provider field), stablecoins only, a minimum TVL, deprecated and closed markets
 * hidden, tags. With any set, the view reads every market matching the rest and filters here.
 */
export function AnalystFiltersBar({ filters, problems, tags, onChange }: { filters: MarketFilters; problems: MarketFilterProblems; tags: readonly string[]; onChange: Change }) {
  const tagList = useId()
  const flag = (key: 'stable' | 'hideDeprecated' | 'hideClosed') => (on: boolean) => onChange(key, on ? '1' : '')
  return (
    <div className="toolbar yield-filters" role="group" aria-label="Analyst filters">
      <ChainsPicker label="Chains (several)" value={[...new Set(splitList(filters.chainId))]} onChange={(ids) => onChange('chainId', ids.join(','))} />
      <FormField label="Minimum TVL (USD)" error={problems.minTvl}>
        <CommittedInput inputMode="decimal" placeholder="e.g. 1000000" value={filters.minTvl} onCommit={(v) => onChange('minTvl', v)} />
      </FormField>
      <FormField label="Tags (all of)">
        <CommittedInput list={tagList} placeholder="e.g. stablecoin, curated" value={filters.tags} onCommit={(v) => onChange('tags', v)} />
      </FormField>
      <Suggestions id={tagList} values={tags} />
      <div className="row">
        <Checkbox label="Stablecoins only" checked={filters.stable} onChange={flag('stable')} />
        <Checkbox label="Hide deprecated" checked={filters.hideDeprecated} onChange={flag('hideDeprecated')} />
        <Checkbox label="Hide closed to entry" checked={filters.hideClosed} onChange={flag('hideClosed')} />
      </div>
    </div>
  )
}
