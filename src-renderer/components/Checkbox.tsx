import type { InputHTMLAttributes, ReactNode } from 'react'

/** A checkbox with its label around it; `className` is the label's ("row small" unless told). */
export function Checkbox({
  label,
  checked,
  onChange,
  className = 'row small',
  ...input
}: { label: ReactNode; checked: boolean; onChange(on: boolean): void; className?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'checked' | 'onChange' | 'type'>) {
  return (
    <label className={className}>
      <input {...input} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  )
}
