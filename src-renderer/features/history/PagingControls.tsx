import { PAGE_SIZES, SORT_COLUMNS, type HistoryViewSettings, type SortColumn, type SortOrder } from './filters'
import type { HistoryActions, HistoryList } from './useHistoryView'

const SORT_LABEL: Record<SortColumn, string> = { createdAt: 'Created time', id: 'Id' }

/** Sort, page size and cursor paging: Next reads the page after by the service's cursor, Previous shows the page before as it was read. */
export function PagingControls({
  settings,
  list,
  actions,
  onSettings,
}: {
  settings: HistoryViewSettings
  list: Pick<HistoryList, 'view' | 'pageIndex' | 'more' | 'status'>
  actions: Pick<HistoryActions, 'next' | 'previous'>
  onSettings(next: Partial<HistoryViewSettings>): void
}) {
  const busy = list.status === 'loading'
  const paging = list.view === 'pages'
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
          <button type="button" onClick={actions.previous} disabled={busy || list.pageIndex === 0}>
            ← Previous
          </button>
          <span className="history-page-label" data-testid="history-page" aria-live="polite">
            Page {list.pageIndex + 1}
          </span>
          <button type="button" onClick={actions.next} disabled={busy || !list.more}>
            Next →
          </button>
          <span className="muted small" data-testid="history-more">
            More pages: {list.more ? 'yes' : 'no'}
          </span>
        </>
      ) : null}
    </div>
  )
}
