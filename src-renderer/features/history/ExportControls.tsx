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
  const group = (which: 'loaded' | 'selected', entries: readonly IntentHistoryEntry[]) => (
    <>
      <span className="muted small">{which === 'loaded' ? 'Export ' : ''}{entries.length.toLocaleString('en-US')} {which}:</span>
      {(['csv', 'json'] as const).map((format) => (
        <button key={format} type="button" aria-label={`Export ${which} as ${format.toUpperCase()}`} disabled={!entries.length} onClick={() => save(entries, format, which, query, source)}>
          {format.toUpperCase()}
        </button>
      ))}
    </>
  )
  return (
    <div className="row history-export" role="group" aria-label="Export">
      {group('loaded', loaded)}
      {selected.length ? (
        <>
          {group('selected', selected)}
          <button type="button" onClick={onClearSelection}>
            Clear selection
          </button>
        </>
      ) : null}
    </div>
  )
}
