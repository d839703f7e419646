import type { ReactNode } from 'react'

export type Field = [label: string, value: ReactNode]

const isBlank = (v: ReactNode) => v === undefined || v === null || v === ''

/**
 * A card of labelled values. Every field the spec lists is shown, with "—" where the
 * service sent nothing, so a reader can tell "absent" from "not displayed".
 */
export function FieldsCard({ title, fields, children }: { title: string; fields: Field[]; children?: ReactNode }) {
  return (
    <section className="card" aria-label={title}>
      <h2>{title}</h2>
      <dl className="kv">
        {fields.map(([label, value]) => (
          <div key={label} className="yield-kv-row">
            <dt>{label}</dt>
            <dd>{isBlank(value) ? <span className="muted">—</span> : value}</dd>
          </div>
        ))}
      </dl>
      {children}
    </section>
  )
}
