import { DataTable, type Column } from '../../components/DataTable'
import { MIN_SAMPLES } from '../../lib/routeStats'
import type { AttentionItem } from './queue'

/**
 * Executing intents on routes whose baseline rests on fewer than MIN_SAMPLES timed intents:
 * listed apart from the queue, with no verdict ("baseline incomplete (N intents)"), so an
 * agent sees them without reading them as slow.
 */
export function BaselineIncomplete({ items, columns, reading, onOpen }: { items: AttentionItem[]; columns: Column<AttentionItem>[]; reading: boolean; onOpen(item: AttentionItem): void }) {
  const shown = columns.filter((c) => c.id !== 'held' && c.id !== 'reason')
  return (
    <section className="attention-unjudged" aria-labelledby="attention-unjudged-title">
      <h3 id="attention-unjudged-title">Executing, baseline incomplete ({items.length.toLocaleString('en-US')})</h3>
      <p className="muted small">
        {reading
          ? 'The routes’ baselines are being read from the service; until then no executing intent is judged.'
          : `These routes have fewer than ${MIN_SAMPLES} timed intents in the last 30 days, too few for a p95: no verdict is given, and none of these is counted as slow.`}
      </p>
      <DataTable label="Executing, baseline incomplete" columns={shown} rows={items} rowKey={(i) => i.candidate.intentId} onOpen={onOpen} />
    </section>
  )
}
