import type { DataSource } from '@contract/app'
import type { IntentHistoryEntry } from '@contract/service'
import { datedFilename, downloadText } from '../../lib/download'
import { historyCsv, historyJson } from './exportFiles'
import { priceBookOf } from '../../stores/priceBook'
import { useConnection } from '../../stores/connection'
import type { HistoryQuery } from './filters'

const STEM = 'intent-history'

function save(entries: readonly IntentHistoryEntry[], format: 'csv' | 'json', which: 'loaded' | 'selected', query: HistoryQuery, source: DataSource | null) {
  const stem = which === 'selected' ? `${STEM}-selected` : STEM
  // Balances valued at the profile's price book, beside the service's own figure.
  if (format === 'csv') downloadText(historyCsv(entries, priceBookOf(source?.profileId ?? useConnection.getState().info?.activeProfileId)), datedFilename(stem, 'csv'), 'text/csv')
  else downloadText(historyJson(entries, query, source), datedFilename(stem, 'json'), 'application/json')
}

/** Export what is loaded, or only the picked rows, as CSV (exact amounts) or JSON (entries as received). */
export function ExportControls({
  loaded,
  selected,
  query,
  source,
  onClearSelection,
}: {
  loaded: readonly IntentHistoryEntry[]
  selected: readonly IntentHistoryEntry[]
  query: HistoryQuery
  source: DataSource | null
  onClearSelection(): void
}) {
  return (
    <div className="row history-export" role="group" aria-label="Export">
      <span className="muted small">Export {loaded.length.toLocaleString('en-US')} loaded:</span>
      <button type="button" aria-label="Export loaded as CSV" disabled={!loaded.length} onClick={() => save(loaded, 'csv', 'loaded', query, source)}>
        CSV
      </button>
      <button type="button" aria-label="Export loaded as JSON" disabled={!loaded.length} onClick={() => save(loaded, 'json', 'loaded', query, source)}>
        JSON
      </button>
      {selected.length ? (
        <>
          <span className="muted small">{selected.length.toLocaleString('en-US')} selected:</span>
          <button type="button" aria-label="Export selected as CSV" onClick={() => save(selected, 'csv', 'selected', query, source)}>
            CSV
          </button>
          <button type="button" aria-label="Export selected as JSON" onClick={() => save(selected, 'json', 'selected', query, source)}>
            JSON
          </button>
          <button type="button" onClick={onClearSelection}>
            Clear selection
          </button>
        </>
      ) : null}
    </div>
  )
}
