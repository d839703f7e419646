import { useId, useMemo, useState } from 'react'
import { FormField } from '../../../components/FormField'
import { useChainDirectory } from '../../../lib/displaySources'
import { listOf } from './analystFilters'
import type { MarketFilterProblems, MarketFilters } from './marketFilters'

type Change = (key: keyof MarketFilters, value: string) => void

/** A text filter applied on Enter or when focus leaves it; follows the URL when it changes. */
function CommittedInput({ value, onCommit, ...input }: { value: string; onCommit(v: string): void } & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  const [draft, setDraft] = useState(value)
  const [of, setOf] = useState(value)
  if (of !== value) {
    setOf(value)
    setDraft(value)
  }
  const commit = () => draft.trim() !== value.trim() && onCommit(draft.trim())
  return <input {...input} value={draft} onChange={(e) => setDraft(e.target.value)} onBlur={commit} onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), commit())} />
}

function ChainsPicker({ value, onChange }: { value: string; onChange(v: string): void }) {
  const { byId } = useChainDirectory()
  const chains = useMemo(() => [...byId.values()].sort((a, b) => a.name.localeCompare(b.name)), [byId])
  const chosen = listOf(value)
  return (
    <FormField label="Chains (several)">
      <select multiple size={4} value={chosen} onChange={(e) => onChange([...e.target.selectedOptions].map((o) => o.value).join(','))}>
        {chosen
          .filter((id) => !byId.has(Number(id)))
          .map((id) => (
            <option key={id} value={id}>{`Chain ${id}`}</option>
          ))}
        {chains.map((c) => (
          <option key={c.id} value={String(c.id)}>
            {c.name}
          </option>
        ))}
      </select>
    </FormField>
  )
}

function Flag({ label, on, onChange }: { label: string; on: boolean; onChange(on: boolean): void }) {
  return (
    <label className="row small">
      <input type="checkbox" checked={on} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
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
      <ChainsPicker value={filters.chainId} onChange={(v) => onChange('chainId', v)} />
      <FormField label="Minimum TVL (USD)" error={problems.minTvl}>
        <CommittedInput inputMode="decimal" placeholder="e.g. 1000000" value={filters.minTvl} onCommit={(v) => onChange('minTvl', v)} />
      </FormField>
      <FormField label="Tags (all of)">
        <CommittedInput list={tagList} placeholder="e.g. stablecoin, curated" value={filters.tags} onCommit={(v) => onChange('tags', v)} />
      </FormField>
      <datalist id={tagList}>
        {tags.map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>
      <div className="row">
        <Flag label="Stablecoins only" on={filters.stable} onChange={flag('stable')} />
        <Flag label="Hide deprecated" on={filters.hideDeprecated} onChange={flag('hideDeprecated')} />
        <Flag label="Hide closed to entry" on={filters.hideClosed} onChange={flag('hideClosed')} />
      </div>
    </div>
  )
}
