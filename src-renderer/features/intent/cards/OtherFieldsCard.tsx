import { IntentSchema, type Intent } from '@contract/service'
import { FieldList } from '../../../components/FieldList'
import { JsonView } from '../../../components/JsonView'
import { Card } from './parts'

const KNOWN = new Set(Object.keys(IntentSchema.shape))

/** Fields the service sent that no other card shows; nothing the service says is hidden. */
export function OtherFieldsCard({ intent }: { intent: Intent }) {
  // Top-level fields this app does not know, as the service sent them.
  const extra = Object.entries(intent).filter(([k, v]) => !KNOWN.has(k) && v !== undefined)
  if (!extra.length) return null
  return (
    <Card id="other" title="Other fields">
      <p className="muted small">The service sent these fields, which this version of the app does not describe.</p>
      <FieldList
        label="Other fields"
        fields={extra.map(([k, v]) => [
          <span key={k} className="mono">{k}</span>,
          v !== null && typeof v === 'object' ? <JsonView value={v} label={k} openDepth={0} /> : <span className="mono">{JSON.stringify(v)}</span>,
        ])}
      />
    </Card>
  )
}
