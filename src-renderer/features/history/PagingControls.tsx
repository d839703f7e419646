import { Pager } from '../../components/Pager'
import { plainOptions, SelectField } from '../../components/SelectField'
import { PAGE_SIZES, SORT_COLUMNS, type HistoryViewSettings, type SortColumn, type SortOrder } from './filters'
import type { HistoryActions, HistoryList } from './useHistoryView'

const SORT_OPTIONS = SORT_COLUMNS.map((c) => ({ value: c, label: ({ createdAt: 'Created time', id: 'Id' } satisfies Record<SortColumn, string>)[c] }))
const SIZE_OPTIONS = plainOptions(PAGE_SIZES)

const orderOptions = (sort: SortColumn): Array<{ value: SortOrder; label: string }> => [
  { value: 'DESC', label: sort === 'createdAt' ? 'Newest first' : 'Descending' },
  { value: 'ASC', label: sort === 'createdAt' ? 'Oldest first' : 'Ascending' },
]

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
  return (
    <div className="row history-paging" role="group" aria-label="Sort and pages">
      <SelectField label="Sort by" value={settings.sort} options={SORT_OPTIONS} onChange={(sort) => onSettings({ sort })} />
      <SelectField label="Order" value={settings.order} options={orderOptions(settings.sort)} onChange={(order) => onSettings({ order })} />
      <SelectField label="Per page" value={settings.pageSize} options={SIZE_OPTIONS} onChange={(pageSize) => onSettings({ pageSize })} />
      {list.view === 'pages' ? (
        <Pager
          label="Pages"
          busy={list.status === 'loading'}
          hasPrevious={list.pageIndex > 0}
          hasNext={list.more}
          onPrevious={actions.previous}
          onNext={actions.next}
          current={
            <span className="history-page-label" data-testid="history-page" aria-live="polite">
              Page {list.pageIndex + 1}
            </span>
          }
        >
          <span className="muted small" data-testid="history-more">
            More pages: {list.more ? 'yes' : 'no'}
          </span>
        </Pager>
      ) : null}
    </div>
  )
}
