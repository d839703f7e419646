import { IntentSchema, type Intent } from '@contract/service'
import { JsonView } from '../../../components/JsonView'
import { Card } from './parts'

const KNOWN = new Set(Object.keys(IntentSchema.shape))

/** Top-level fields this app does not know, as the service sent them. */
function unknownFields(intent: Intent): [string, unknown][] {
  return Object.entries(intent).filter(([k, v]) => !KNOWN.has(k) && v !== undefined)
}

/** Fields the service sent that no other card shows; nothing the service says is hidden. */
export function OtherFieldsCard({ intent }: { intent: Intent }) {
  const extra = unknownFields(intent)
  if (!extra.length) return null
  return (
    <Card id="other" title="Other fields">
      <p className="muted small">The service sent these fields, which this version of the app does not describe.</p>
      <dl className="kv" aria-label="Other fields">
        {extra.map(([k, v]) => (
          <div className="intent-kv-row" key={k}>
            <dt className="mono">{k}</dt>
            <dd>{v !== null && typeof v === 'object' ? <JsonView value={v} label={k} openDepth={0} /> : <span className="mono">{JSON.stringify(v)}</span>}</dd>
          </div>
        ))}
      </dl>
    </Card>
  )
}
