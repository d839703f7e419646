import type { ReactNode } from 'react'

export type Field = readonly [label: ReactNode, value: ReactNode]

export const isBlank = (v: ReactNode): boolean => v === undefined || v === null || v === ''

/** Labelled values as one definition list; "—" where the service sent nothing, so a reader can tell "absent" from "not displayed". */
export function FieldList({ fields, label, className }: { fields: readonly Field[]; label?: string; className?: string }) {
  return (
    <dl className={className ? `kv ${className}` : 'kv'} aria-label={label}>
      {fields.map(([name, value], i) => (
        <div key={i} className="kv-row">
          <dt>{name}</dt>
          <dd>{isBlank(value) ? <span className="muted">—</span> : value}</dd>
        </div>
      ))}
    </dl>
  )
}
