import { PAGE_SIZES, SORT_COLUMNS, type HistoryViewSettings, type SortColumn, type SortOrder } from './filters'
import type { HistoryState } from './store'

const SORT_LABEL: Record<SortColumn, string> = { createdAt: 'Created time', id: 'Id' }

/** Sort, page size and cursor paging: Previous re-sends the cursor a page was read with. */
export function PagingControls({
  settings,
  state,
  onSettings,
}: {
  settings: HistoryViewSettings
  state: Pick<HistoryState, 'mode' | 'pageIndex' | 'more' | 'status' | 'entries' | 'nextPage' | 'previousPage'>
  onSettings(next: Partial<HistoryViewSettings>): void
}) {
  const busy = state.status === 'loading'
  const paging = state.mode === 'pages'
  return (
    <div className="row history-paging" role="group" aria-label="Sort and pages">
      <label className="field">
        Sort by
        <select value={settings.sort} onChange={(e) => onSettings({ sort: e.target.value as SortColumn })}>
          {SORT_COLUMNS.map((c) => (
            <option key={c} value={c}>
              {SORT_LABEL[c]}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        Order
        <select value={settings.order} onChange={(e) => onSettings({ order: e.target.value as SortOrder })}>
          <option value="DESC">{settings.sort === 'createdAt' ? 'Newest first' : 'Descending'}</option>
          <option value="ASC">{settings.sort === 'createdAt' ? 'Oldest first' : 'Ascending'}</option>
        </select>
      </label>
      <label className="field">
        Per page
        <select value={settings.pageSize} onChange={(e) => onSettings({ pageSize: Number(e.target.value) })}>
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      {paging ? (
        <>
          <button type="button" onClick={state.previousPage} disabled={busy || state.pageIndex === 0}>
            ← Previous
          </button>
          <span className="history-page-label" data-testid="history-page" aria-live="polite">
            Page {state.pageIndex + 1}
          </span>
          <button type="button" onClick={state.nextPage} disabled={busy || !state.more}>
            Next →
          </button>
          <span className="muted small" data-testid="history-more">
            More pages: {state.more ? 'yes' : 'no'}
          </span>
        </>
      ) : null}
    </div>
  )
}
