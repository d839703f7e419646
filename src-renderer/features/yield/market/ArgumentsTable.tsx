import type { ArgumentSchema } from '@contract/service'
import { untypedText, yesNo } from '../markets/marketText'

/** An argument schema (enter, exit, balance) as a table of its fields, with its notes. */
export function ArgumentsTable({ title, schema }: { title: string; schema: ArgumentSchema | undefined }) {
  if (!schema) {
    return (
      <p className="muted">
        {title}: <span>not given</span>
      </p>
    )
  }
  const fields = schema.fields ?? []
  return (
    <div className="yield-args">
      <h3>{title}</h3>
      {fields.length ? (
        <table className="data" aria-label={`${title} arguments`}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Type</th>
              <th scope="col">Label</th>
              <th scope="col">Required</th>
              <th scope="col">Options</th>
              <th scope="col">Min</th>
              <th scope="col">Max</th>
              <th scope="col">Default</th>
              <th scope="col">Array</th>
              <th scope="col">Placeholder</th>
              <th scope="col">Description</th>
            </tr>
          </thead>
          <tbody>
            {fields.map((f, i) => (
              <tr key={`${f.name ?? ''}-${i}`}>
                <td className="mono">{f.name ?? '—'}</td>
                <td>{f.type ?? '—'}</td>
                <td>{f.label ?? '—'}</td>
                <td>{yesNo(f.required)}</td>
                <td>
                  {f.options?.length ? f.options.join(', ') : f.optionsRef ? <span title="Options come from this reference">{`→ ${f.optionsRef}`}</span> : '—'}
                </td>
                <td>{f.minimum ?? '—'}</td>
                <td>{f.maximum ?? '—'}</td>
                <td className="mono">{untypedText(f.default)}</td>
                <td>{yesNo(f.isArray)}</td>
                <td>{f.placeholder ?? '—'}</td>
                <td className="yield-wrap">{f.description ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">No fields.</p>
      )}
      {schema.notes ? <p className="small">{schema.notes}</p> : null}
    </div>
  )
}
