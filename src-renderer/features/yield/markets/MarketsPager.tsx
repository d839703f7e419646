import { Pager } from '../../../components/Pager'
import { hasNextPage, hasPreviousPage, nextOffset, pageSummary, previousOffset, type PageWindow } from '../../../lib/offsetPaging'
import { PAGE_SIZES } from './marketFilters'

/** Page size, previous / next and "Showing 21–40 of 153" over the markets list. */
export function MarketsPager({
  page,
  busy,
  onOffset,
  onLimit,
}: {
  page: PageWindow
  busy: boolean
  onOffset(offset: number): void
  onLimit(limit: number): void
}) {
  return (
    <Pager
      label="Pages"
      className="yield-pager"
      busy={busy}
      hasPrevious={hasPreviousPage(page)}
      hasNext={hasNextPage(page)}
      onPrevious={() => onOffset(previousOffset(page))}
      onNext={() => onOffset(nextOffset(page))}
      pageSize={{ value: page.limit, sizes: PAGE_SIZES, onChange: onLimit }}
      summary={
        <span role="status" data-testid="page-summary">
          {pageSummary(page, 'markets')}
        </span>
      }
    />
  )
}
