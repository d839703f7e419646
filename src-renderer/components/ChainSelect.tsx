import { useMemo } from 'react'
import { pickerGroups } from '../lib/chains'
import { useChainDirectory } from '../lib/displaySources'
import type { ControlProps } from './FormField'

/**
 * A chain picker fed by GetChains (mainnets, then testnets, by name). A chain id the
 * list does not know (an old link, a chain since dropped) stays selectable; while the
 * chain list is unavailable it falls back to typing the numeric id. Fits `FormField`.
 */
export function ChainSelect({
  value,
  onChange,
  anyLabel = 'Any chain',
  ...control
}: {
  /** Chain id as text; '' for none. */
  value: string
  onChange(value: string): void
  anyLabel?: string
} & ControlProps) {
  const { byId, loading } = useChainDirectory()
  const groups = useMemo(() => pickerGroups(byId), [byId])

  if (byId.size === 0 && !loading) {
    return (
      <input
        {...control}
        inputMode="numeric"
        value={value}
        placeholder="Chain id"
        onChange={(e) => onChange(e.target.value.trim())}
      />
    )
  }
  const unknown = value !== '' && !byId.has(Number(value))
  return (
    <select {...control} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">{loading && byId.size === 0 ? 'Loading chains…' : anyLabel}</option>
      {unknown ? <option value={value}>Chain {value}</option> : null}
      {groups.map(([label, chains]) => (
        <optgroup key={label} label={label}>
          {chains.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name} ({c.id})
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  )
}
