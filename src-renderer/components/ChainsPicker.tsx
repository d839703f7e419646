import { useMemo } from 'react'
import { pickerGroups } from '../lib/chains'
import { useChainsById } from '../lib/displaySources'
import { Checkbox } from './Checkbox'

/**
 * Several chains at once, as checkboxes in a drop-down (mainnets, then testnets); the
 * one-chain picker is `ChainSelect`. Chain ids the list does not know (an old bookmark)
 * stay listed and selected, so nothing is dropped silently.
 */
export function ChainsPicker({ value, onChange, error, label = 'Chains' }: { value: readonly string[]; onChange(ids: string[]): void; error?: string; label?: string }) {
  const byId = useChainsById()
  const options = useMemo(() => {
    const known = pickerGroups(byId).flatMap(([, chains]) => chains)
    const unknown = value.filter((id) => !byId.has(Number(id))).map((id) => ({ id, name: `Chain ${id}` }))
    return [...unknown, ...known.map((c) => ({ id: String(c.id), name: `${c.name} (${c.id})` }))]
  }, [byId, value])
  const toggle = (id: string, on: boolean) => onChange(on ? [...value, id] : value.filter((v) => v !== id))
  const names = value.map((id) => byId.get(Number(id))?.name ?? `Chain ${id}`)

  return (
    <div className="field">
      <span>{label}</span>
      <details className="chains-picker">
        <summary aria-invalid={Boolean(error)}>
          {value.length === 0 ? 'Any chain' : names.length <= 2 ? names.join(', ') : `${names.length} chains`}
        </summary>
        <fieldset className="chains-picker-list">
          <legend className="muted small">Only these chains</legend>
          {options.length === 0 ? <p className="muted small">The chain list is not loaded yet.</p> : null}
          {options.map((c) => (
            <Checkbox key={c.id} label={c.name} checked={value.includes(c.id)} onChange={(on) => toggle(c.id, on)} />
          ))}
          {value.length ? (
            <button type="button" onClick={() => onChange([])}>
              Clear chains
            </button>
          ) : null}
        </fieldset>
      </details>
      {error ? <span className="field-error">{error}</span> : null}
    </div>
  )
}
