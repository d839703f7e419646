import type { ReactNode } from 'react'
import { FieldList, type Field } from '../../../components/FieldList'

/** A card of the market page: its title, then labelled values (`FieldList`: every field the spec lists is shown) and anything else. */
export function Card({ title, fields, children }: { title: string; fields?: Field[]; children?: ReactNode }) {
  return (
    <section className="card" aria-label={title}>
      <h2>{title}</h2>
      {fields ? <FieldList fields={fields} /> : null}
      {children}
    </section>
  )
}
