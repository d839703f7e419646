import { useState, type FormEvent } from 'react'
import { EMPTY_DRAFT, validate, type FilterErrors, type FilterField, type HistoryFilterDraft } from './filters'

/** Fields folded under "More filters"; the fold opens by itself when one is set or wrong. */
const ADVANCED: readonly FilterField[] = ['projectId', 'protocol', 'swapProvider', 'bridgeProvider', 'participants', 'originToken', 'destinationToken', 'edgeAddress', 'edgeRail', 'edgeMode']

const isSet = (draft: HistoryFilterDraft, f: FilterField): boolean => {
  const v = draft[f]
  return Array.isArray(v) ? v.length > 0 : Boolean(v)
}

const errorsOf = (draft: HistoryFilterDraft): FilterErrors => {
  const v = validate(draft)
  return v.ok ? {} : v.errors
}

interface FormState {
  /** The applied filters this state was made for. */
  appliedKey: string
  draft: HistoryFilterDraft
  errors: FilterErrors
  advancedOpen: boolean
}

/** The form for newly applied filters: they become the draft, and the fold opens if one of its fields is set or wrong. */
function formFor(applied: HistoryFilterDraft, wasOpen: boolean): FormState {
  const errors = errorsOf(applied)
  const advancedOpen = wasOpen || ADVANCED.some((f) => isSet(applied, f) || errors[f])
  return { appliedKey: JSON.stringify(applied), draft: applied, errors, advancedOpen }
}

/** The filter form's draft (kept until applied, so nothing typed is lost while invalid); filters applied from outside replace it. */
export function useHistoryFilters(applied: HistoryFilterDraft, onApply: (draft: HistoryFilterDraft) => void) {
  const [state, setState] = useState(() => formFor(applied, false))
  const appliedKey = JSON.stringify(applied)
  let form = state
  if (state.appliedKey !== appliedKey) {
    // The applied filters changed from outside: show them (React's pattern for state derived from props).
    form = formFor(applied, state.advancedOpen)
    setState(form)
  }

  const set = <K extends FilterField>(field: K, value: HistoryFilterDraft[K]) =>
    setState((s) => ({ ...s, draft: { ...s.draft, [field]: value }, errors: s.errors[field] ? { ...s.errors, [field]: undefined } : s.errors }))

  const apply = (next: HistoryFilterDraft) => {
    const errors = errorsOf(next)
    if (Object.keys(errors).length) {
      setState((s) => ({ ...s, draft: next, errors, advancedOpen: s.advancedOpen || ADVANCED.some((f) => errors[f]) }))
      return
    }
    setState((s) => ({ ...s, draft: next, errors: {} }))
    onApply(next)
  }

  return {
    draft: form.draft,
    errors: form.errors,
    advancedOpen: form.advancedOpen,
    /** How many folded fields the draft sets. */
    advancedSet: ADVANCED.filter((f) => isSet(form.draft, f)).length,
    set,
    setAdvancedOpen: (open: boolean) => setState((s) => ({ ...s, advancedOpen: open })),
    submit: (e: FormEvent) => {
      e.preventDefault()
      apply(form.draft)
    },
    /** "Recoverable funds": entries holding funds, with their balances. */
    applyRecoverable: () => apply({ ...form.draft, onlyRecoverable: true, includeBalances: true }),
    clear: () => apply(EMPTY_DRAFT),
  }
}

export type HistoryFiltersModel = ReturnType<typeof useHistoryFilters>
