import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react'
import { EDGE_MODES, INTENT_PROTOCOLS, INTENT_STATUSES } from '@contract/service/constants'
import { ChainSelect } from '../../components/ChainSelect'
import { FormField } from '../../components/FormField'
import { STATUS_MEANING } from '../../components/StatusBadge'
import {
  EMPTY_DRAFT,
  validateFilters,
  type FilterErrors,
  type FilterField,
  type HistoryFilterDraft,
} from './filters'
import { WatchFilterButton } from './WatchFilterButton'

/** Fields folded under "More filters"; the fold opens by itself when one is set or wrong. */
const ADVANCED: readonly FilterField[] = [
  'projectId',
  'protocol',
  'swapProvider',
  'bridgeProvider',
  'participants',
  'originToken',
  'destinationToken',
  'edgeAddress',
  'edgeRail',
  'edgeMode',
]

const isSet = (draft: HistoryFilterDraft, f: FilterField) => {
  const v = draft[f]
  return Array.isArray(v) ? v.length > 0 : Boolean(v)
}

/**
 * Every GetIntentHistory filter. Edits stay in the form until applied (Enter or the
 * Apply button); invalid fields get their message beside them and nothing is sent.
 */
export function HistoryFilters({
  applied,
  providerSuggestions,
  railSuggestions,
  onApply,
}: {
  /** The filters in force (from the URL). */
  applied: HistoryFilterDraft
  providerSuggestions: readonly string[]
  railSuggestions: readonly string[]
  onApply(draft: HistoryFilterDraft): void
}) {
  const [draft, setDraft] = useState(applied)
  const [errors, setErrors] = useState<FilterErrors>(() => {
    const v = validateFilters(applied)
    return v.ok ? {} : v.errors
  })
  const [advancedOpen, setAdvancedOpen] = useState(() => ADVANCED.some((f) => isSet(applied, f)))
  const appliedKey = JSON.stringify(applied)
  useEffect(() => {
    // The applied filters changed from outside (link, back button, preset): show them.
    setDraft(applied)
    const v = validateFilters(applied)
    setErrors(v.ok ? {} : v.errors)
    if (ADVANCED.some((f) => isSet(applied, f) || (!v.ok && v.errors[f]))) setAdvancedOpen(true)
  }, [appliedKey])
  const providerListId = useId()
  const railListId = useId()

  const set = <K extends FilterField>(field: K, value: HistoryFilterDraft[K]) => {
    setDraft((d) => ({ ...d, [field]: value }))
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }))
  }

  const apply = (next: HistoryFilterDraft) => {
    const v = validateFilters(next)
    if (!v.ok) {
      setErrors(v.errors)
      if (ADVANCED.some((f) => v.errors[f])) setAdvancedOpen(true)
      return
    }
    setErrors({})
    onApply(next)
  }

  const submit = (e: FormEvent) => {
    e.preventDefault()
    apply(draft)
  }

  const text = (field: FilterField, label: string, props: { placeholder?: string; help?: string; list?: string; mono?: boolean } = {}): ReactNode => (
    <FormField label={label} error={errors[field]} help={props.help}>
      <input
        value={draft[field] as string}
        placeholder={props.placeholder}
        list={props.list}
        className={props.mono ? 'mono' : undefined}
        spellCheck={false}
        autoComplete="off"
        onChange={(e) => set(field, e.target.value as never)}
      />
    </FormField>
  )

  return (
    <form className="card history-filters" aria-label="History filters" onSubmit={submit} noValidate>
      <div className="grid-form">
        {text('owner', 'Owner address', { placeholder: '0x…', mono: true })}
        <FormField label="Origin chain" error={errors.originChainId}>
          <ChainSelect value={draft.originChainId} onChange={(v) => set('originChainId', v)} />
        </FormField>
        <FormField label="Destination chain" error={errors.destinationChainId}>
          <ChainSelect value={draft.destinationChainId} onChange={(v) => set('destinationChainId', v)} />
        </FormField>
        <FormField label="Created from" error={errors.from} help="Your local time">
          <input type="datetime-local" step={1} value={draft.from} onChange={(e) => set('from', e.target.value)} />
        </FormField>
        <FormField label="Created to" error={errors.to} help="Inclusive">
          <input type="datetime-local" step={1} value={draft.to} onChange={(e) => set('to', e.target.value)} />
        </FormField>
      </div>

      <fieldset className="history-statuses">
        <legend>Statuses {draft.statuses.length ? `(${draft.statuses.length})` : '(any)'}</legend>
        {INTENT_STATUSES.map((s) => (
          <label key={s} title={STATUS_MEANING[s]}>
            <input
              type="checkbox"
              checked={draft.statuses.includes(s)}
              onChange={(e) =>
                set('statuses', e.target.checked ? [...draft.statuses, s] : draft.statuses.filter((x) => x !== s))
              }
            />
            {s}
          </label>
        ))}
      </fieldset>

      <details open={advancedOpen} onToggle={(e) => setAdvancedOpen((e.target as HTMLDetailsElement).open)}>
        <summary>
          More filters
          {ADVANCED.filter((f) => isSet(draft, f)).length ? ` (${ADVANCED.filter((f) => isSet(draft, f)).length} set)` : ''}
        </summary>
        <div className="grid-form">
          {text('projectId', 'Project id', { placeholder: 'Any' })}
          <FormField label="Intent protocol" error={errors.protocol}>
            <select value={draft.protocol} onChange={(e) => set('protocol', e.target.value as HistoryFilterDraft['protocol'])}>
              <option value="">Any</option>
              {INTENT_PROTOCOLS.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
          </FormField>
          {text('swapProvider', 'Swap provider', { placeholder: 'Any', list: providerListId, help: 'AUTO or any provider code' })}
          {text('bridgeProvider', 'Bridge provider', { placeholder: 'Any', list: providerListId, help: 'AUTO or any provider code' })}
          {text('participants', 'Participant addresses', {
            placeholder: '0x…, 0x…',
            mono: true,
            help: 'Several, separated by commas or spaces',
          })}
          {text('originToken', 'Origin token address', { placeholder: '0x…', mono: true })}
          {text('destinationToken', 'Destination token address', { placeholder: '0x…', mono: true })}
          {text('edgeAddress', 'Edge address', { placeholder: '0x… or a rail account', mono: true })}
          {text('edgeRail', 'Edge rail', { placeholder: 'Any', list: railListId, help: 'Non-EVM network, in capitals' })}
          <FormField label="Edge mode" error={errors.edgeMode}>
            <select value={draft.edgeMode} onChange={(e) => set('edgeMode', e.target.value as HistoryFilterDraft['edgeMode'])}>
              <option value="">Any</option>
              {EDGE_MODES.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
          </FormField>
        </div>
      </details>
      <datalist id={providerListId}>
        {providerSuggestions.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <datalist id={railListId}>
        {railSuggestions.map((r) => (
          <option key={r} value={r} />
        ))}
      </datalist>

      <div className="row history-filter-actions">
        <label className="row small">
          <input type="checkbox" checked={draft.includeBalances} onChange={(e) => set('includeBalances', e.target.checked)} />
          Include balances
        </label>
        <label className="row small">
          <input type="checkbox" checked={draft.onlyRecoverable} onChange={(e) => set('onlyRecoverable', e.target.checked)} />
          Only recoverable
        </label>
        <span className="history-spacer" />
        <WatchFilterButton applied={applied} />
        <button
          type="button"
          title="Intents whose funds are stuck at an intent address, with their balances"
          onClick={() => {
            const next = { ...draft, onlyRecoverable: true, includeBalances: true }
            setDraft(next)
            apply(next)
          }}
        >
          Recoverable funds
        </button>
        <button
          type="button"
          onClick={() => {
            setDraft(EMPTY_DRAFT)
            setErrors({})
            onApply(EMPTY_DRAFT)
          }}
        >
          Clear filters
        </button>
        <button type="submit" className="primary">
          Apply
        </button>
      </div>
    </form>
  )
}
