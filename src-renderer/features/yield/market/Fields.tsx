import type { ReactNode } from 'react'

export type Field = [label: string, value: ReactNode]

const isBlank = (v: ReactNode) => v === undefined || v === null || v === ''

/** Labelled values, "—" where the service sent nothing, so a reader can tell "absent" from "not displayed". */
export function FieldList({ fields, label }: { fields: Field[]; label?: string }) {
  return (
    <dl className="kv" aria-label={label}>
      {fields.map(([name, value], i) => (
        <div key={`${name}-${i}`} className="yield-kv-row">
          <dt>{name}</dt>
          <dd>{isBlank(value) ? <span className="muted">—</span> : value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** A card of labelled values: every field the spec lists is shown (`FieldList`). */
export function FieldsCard({ title, fields, children }: { title: string; fields: Field[]; children?: ReactNode }) {
  return (
    <section className="card" aria-label={title}>
      <h2>{title}</h2>
      <FieldList fields={fields} />
      {children}
    </section>
  )
}
