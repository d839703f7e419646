import type { InputHTMLAttributes, ReactNode } from 'react'

/** A checkbox with its label around it; `className` and `title` are the label's (class "row small" unless told). */
export function Checkbox({
  label,
  checked,
  onChange,
  className = 'row small',
  title,
  ...input
}: { label: ReactNode; checked: boolean; onChange(on: boolean): void; className?: string; title?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'checked' | 'onChange' | 'type'>) {
  return (
    <label className={className || undefined} title={title}>
      <input {...input} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  )
}
