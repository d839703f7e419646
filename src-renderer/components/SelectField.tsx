import { FormField } from './FormField'

export interface SelectOption<T extends string | number> {
  value: T
  label: string
}

/**
 * A labelled picker (`inline`: the label beside it, for toolbars). A value not among the
 * options (an old link, a hand-edited URL) stays selected as is: nothing is silently replaced.
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
  const known = options.some((o) => o.value === value)
  const shown = known ? options : [{ value, label: String(value) }, ...options]
  return (
    <FormField label={label} error={error} inline={layout === 'inline'}>
      <select
        value={String(value)}
        disabled={disabled}
        // Options hold the typed values; the DOM only knows their text.
        onChange={(e) => onChange(shown.find((o) => String(o.value) === e.target.value)?.value ?? value)}
      >
        {shown.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    </FormField>
  )
}

/** Options whose label is the value itself (page sizes, plain names). */
export const plainOptions = <T extends string | number>(values: readonly T[]): Array<SelectOption<T>> =>
  values.map((value) => ({ value, label: String(value) }))
