import { useId } from 'react'

export interface SelectOption<T extends string | number> {
  value: T
  label: string
}

/**
 * A labelled picker. `field` lays the label above the control (forms and filter bars),
 * `inline` beside it (toolbars and pagers). A value that is not among the options (an
 * old link, a hand-edited URL) stays selected and is shown as is, so nothing is silently
 * replaced. The label is tied to the control, so it names it for screen readers and
 * tests.
 */
export function SelectField<T extends string | number>({
  label,
  value,
  options,
  onChange,
  disabled,
  error,
  layout = 'field',
}: {
  label: string
  value: T
  options: ReadonlyArray<SelectOption<T>>
  onChange(value: T): void
  disabled?: boolean
  error?: string
  layout?: 'field' | 'inline'
}) {
  const id = useId()
  const errorId = error ? `${id}-error` : undefined
  const known = options.some((o) => o.value === value)
  const shown = known ? options : [{ value, label: String(value) }, ...options]
  const select = (
    <select
      id={id}
      value={String(value)}
      disabled={disabled}
      aria-invalid={Boolean(error)}
      aria-describedby={errorId}
      // Options hold the typed values; the DOM only knows their text.
      onChange={(e) => onChange(shown.find((o) => String(o.value) === e.target.value)?.value ?? value)}
    >
      {shown.map((o) => (
        <option key={String(o.value)} value={String(o.value)}>
          {o.label}
        </option>
      ))}
    </select>
  )
  const problem = error ? (
    <span id={errorId} className="field-error">
      {error}
    </span>
  ) : null
  return (
    <div className={layout === 'field' ? 'field' : 'row small'}>
      <label htmlFor={id}>{label}</label>
      {select}
      {problem}
    </div>
  )
}

/** Options whose label is the value itself (page sizes, plain names). */
export const plainOptions = <T extends string | number>(values: readonly T[]): Array<SelectOption<T>> =>
  values.map((value) => ({ value, label: String(value) }))
