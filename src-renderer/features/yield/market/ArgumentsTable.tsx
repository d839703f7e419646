import type { ArgumentSchema } from '@contract/service'
import { DataTable, type Column } from '../../../components/DataTable'
import { untypedText } from '../markets/marketText'
import { yesNo } from '../../../lib/format'

type Field = NonNullable<ArgumentSchema['fields']>[number]

const FIELD_COLUMNS: Column<Field>[] = [
  { id: 'name', header: 'Name', cell: (f) => <span className="mono">{f.name ?? '—'}</span> },
  { id: 'type', header: 'Type', cell: (f) => f.type ?? '—' },
  { id: 'label', header: 'Label', cell: (f) => f.label ?? '—' },
  { id: 'required', header: 'Required', cell: (f) => yesNo(f.required) },
  {
    id: 'options',
    header: 'Options',
    cell: (f) => (f.options?.length ? f.options.join(', ') : f.optionsRef ? <span title="Options come from this reference">{`→ ${f.optionsRef}`}</span> : '—'),
  },
  { id: 'min', header: 'Min', cell: (f) => f.minimum ?? '—' },
  { id: 'max', header: 'Max', cell: (f) => f.maximum ?? '—' },
  { id: 'default', header: 'Default', cell: (f) => <span className="mono">{untypedText(f.default)}</span> },
  { id: 'array', header: 'Array', cell: (f) => yesNo(f.isArray) },
  { id: 'placeholder', header: 'Placeholder', cell: (f) => f.placeholder ?? '—' },
  { id: 'description', header: 'Description', cell: (f) => <span className="yield-wrap">{f.description ?? '—'}</span>, wrap: true },
]

/** An argument schema (enter, exit, balance) as a table of its fields, with its notes. */
export function ArgumentsTable({ title, schema }: { title: string; schema: ArgumentSchema | undefined }) {
  if (!schema) return <p className="muted">{title}: <span>not given</span></p>
  const fields = schema.fields ?? []
  return (
    <div className="yield-args">
      <h3>{title}</h3>
      {fields.length ? (
        <DataTable columns={FIELD_COLUMNS} rows={fields} rowKey={(f) => `${f.name ?? ''}-${fields.indexOf(f)}`} label={`${title} arguments`} />
      ) : (
        <p className="muted">No fields.</p>
      )}
      {schema.notes ? <p className="small">{schema.notes}</p> : null}
    </div>
  )
}
