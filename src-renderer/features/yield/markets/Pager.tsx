import { PAGE_SIZES } from './marketFilters'
import { hasNextPage, hasPreviousPage, nextOffset, pageSummary, previousOffset, type PageWindow } from './paging'

/** Page size picker, previous / next, and "Showing 21–40 of 153". */
export function Pager({
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
  const sizes = (PAGE_SIZES as readonly number[]).includes(page.limit) ? PAGE_SIZES : [...PAGE_SIZES, page.limit].sort((a, b) => a - b)
  return (
    <div className="row yield-pager" role="navigation" aria-label="Pages">
      <span role="status" data-testid="page-summary">
        {pageSummary(page)}
      </span>
      <label className="row small">
        Per page
        <select value={page.limit} onChange={(e) => onLimit(Number(e.target.value))}>
          {sizes.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <button type="button" disabled={busy || !hasPreviousPage(page)} onClick={() => onOffset(previousOffset(page))}>
        ← Previous
      </button>
      <button type="button" disabled={busy || !hasNextPage(page)} onClick={() => onOffset(nextOffset(page))}>
        Next →
      </button>
    </div>
  )
}
