import { useId, type ReactNode } from 'react'
import { EDGE_MODES, INTENT_PROTOCOLS, INTENT_STATUSES } from '@contract/service/constants'
import { ChainSelect } from '../../components/ChainSelect'
import { Checkbox } from '../../components/Checkbox'
import { FormField } from '../../components/FormField'
import { SelectField, type SelectOption } from '../../components/SelectField'
import { STATUS_MEANING } from '../../components/StatusBadge'
import { Suggestions } from '../../components/Suggestions'
import type { FilterField, HistoryFilterDraft } from './filters'
import { useHistoryFilters, type HistoryFiltersModel } from './useHistoryFilters'
import { WatchFilterButton } from './WatchFilterButton'
import { isShowingUtc, zoneName } from '../../lib/format'

const anyOr = <T extends string>(values: readonly T[]): Array<SelectOption<'' | T>> => [{ value: '', label: 'Any' }, ...values.map((v) => ({ value: v, label: v }))]
const PROTOCOL_OPTIONS = anyOr(INTENT_PROTOCOLS)
const EDGE_MODE_OPTIONS = anyOr(EDGE_MODES)

type TextProps = { placeholder?: string; help?: string; list?: string; mono?: boolean }

/** A text field of the form, with its message when invalid. */
function textField(f: HistoryFiltersModel, field: FilterField, label: string, props: TextProps = {}): ReactNode {
  return (
    <FormField label={label} error={f.errors[field]} help={props.help}>
      <input
        value={f.draft[field] as string}
        placeholder={props.placeholder}
        list={props.list}
        className={props.mono ? 'mono' : undefined}
        spellCheck={false}
        autoComplete="off"
        onChange={(e) => f.set(field, e.target.value as never)}
      />
    </FormField>
  )
}

/** Owner, chains and time range: the filters always in view. */
function MainFilters({ f }: { f: HistoryFiltersModel }) {
  return (
    <div className="grid-form">
      {textField(f, 'owner', 'Owner address', { placeholder: '0x…', mono: true })}
      <FormField label="Origin chain" error={f.errors.originChainId}>
        <ChainSelect value={f.draft.originChainId} onChange={(v) => f.set('originChainId', v)} />
      </FormField>
      <FormField label="Destination chain" error={f.errors.destinationChainId}>
        <ChainSelect value={f.draft.destinationChainId} onChange={(v) => f.set('destinationChainId', v)} />
      </FormField>
      <FormField label="Created from" error={f.errors.from} help={isShowingUtc() ? 'In UTC (Settings: Show times in UTC)' : `Your local time (${zoneName()})`}>
        <input type="datetime-local" step={1} value={f.draft.from} onChange={(e) => f.set('from', e.target.value)} />
      </FormField>
      <FormField label="Created to" error={f.errors.to} help="Inclusive">
        <input type="datetime-local" step={1} value={f.draft.to} onChange={(e) => f.set('to', e.target.value)} />
      </FormField>
    </div>
  )
}

function StatusFilters({ f }: { f: HistoryFiltersModel }) {
  const { draft, set } = f
  return (
    <fieldset className="history-statuses">
      <legend>Statuses {draft.statuses.length ? `(${draft.statuses.length})` : '(any)'}</legend>
      {INTENT_STATUSES.map((s) => (
        <Checkbox
          key={s}
          className=""
          title={STATUS_MEANING[s]}
          label={s}
          checked={draft.statuses.includes(s)}
          onChange={(on) => set('statuses', on ? [...draft.statuses, s] : draft.statuses.filter((x) => x !== s))}
        />
      ))}
    </fieldset>
  )
}

/** The fields folded under "More filters". */
function AdvancedFilters({ f, providerListId, railListId }: { f: HistoryFiltersModel; providerListId: string; railListId: string }) {
  const { draft, errors, set } = f
  return (
    <details open={f.advancedOpen} onToggle={(e) => f.setAdvancedOpen((e.target as HTMLDetailsElement).open)}>
      <summary>
        More filters
        {f.advancedSet ? ` (${f.advancedSet} set)` : ''}
      </summary>
      <div className="grid-form">
        {textField(f, 'projectId', 'Project id', { placeholder: 'Any' })}
        <SelectField label="Intent protocol" value={draft.protocol} options={PROTOCOL_OPTIONS} onChange={(v) => set('protocol', v)} error={errors.protocol} />
        {textField(f, 'swapProvider', 'Swap provider', { placeholder: 'Any', list: providerListId, help: 'AUTO or any provider code' })}
        {textField(f, 'bridgeProvider', 'Bridge provider', { placeholder: 'Any', list: providerListId, help: 'AUTO or any provider code' })}
        {textField(f, 'participants', 'Participant addresses', {
          placeholder: '0x…, 0x…',
          mono: true,
          help: 'Several, separated by commas or spaces',
        })}
        {textField(f, 'originToken', 'Origin token address', { placeholder: '0x…', mono: true })}
        {textField(f, 'destinationToken', 'Destination token address', { placeholder: '0x…', mono: true })}
        {textField(f, 'edgeAddress', 'Edge address', { placeholder: '0x… or a rail account', mono: true })}
        {textField(f, 'edgeRail', 'Edge rail', { placeholder: 'Any', list: railListId, help: 'Non-EVM network, in capitals' })}
        <SelectField label="Edge mode" value={draft.edgeMode} options={EDGE_MODE_OPTIONS} onChange={(v) => set('edgeMode', v)} error={errors.edgeMode} />
      </div>
    </details>
  )
}

/** Balances switches, watching the applied filters, the preset and the form's buttons. */
function FilterActions({ f, applied }: { f: HistoryFiltersModel; applied: HistoryFilterDraft }) {
  return (
    <div className="row history-filter-actions">
      <Checkbox label="Include balances" checked={f.draft.includeBalances} onChange={(on) => f.set('includeBalances', on)} />
      <Checkbox label="Only recoverable" checked={f.draft.onlyRecoverable} onChange={(on) => f.set('onlyRecoverable', on)} />
      <span className="history-spacer" />
      <WatchFilterButton applied={applied} />
      <button type="button" title="Intents whose funds are stuck at an intent address, with their balances" onClick={f.applyRecoverable}>
        Recoverable funds
      </button>
      <button type="button" onClick={f.clear}>
        Clear filters
      </button>
      <button type="submit" className="primary">
        Apply
      </button>
    </div>
  )
}

/** Every GetIntentHistory filter; edits stay in the form (`useHistoryFilters`) until applied, and nothing invalid is sent. */
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
  const f = useHistoryFilters(applied, onApply)
  const providerListId = useId()
  const railListId = useId()
  return (
    <form className="card history-filters" aria-label="History filters" onSubmit={f.submit} noValidate>
      <MainFilters f={f} />
      <StatusFilters f={f} />
      <AdvancedFilters f={f} providerListId={providerListId} railListId={railListId} />
      <Suggestions id={providerListId} values={providerSuggestions} />
      <Suggestions id={railListId} values={railSuggestions} />
      <FilterActions f={f} applied={applied} />
    </form>
  )
}
