import type { ReactNode } from 'react'
import { FieldList, type Field } from '../../../components/FieldList'

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
