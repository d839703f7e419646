/**
 * Offset paging (limit + offset), as YieldGetMarkets offers it. The payload form of the answer carries no
 * total, so every helper works with `total` unknown: the next page is then assumed to
 * exist while the current one came back full.
 */

export interface PageWindow {
  offset: number
  limit: number
  /** Items on the current page. */
  count: number
  total?: number
}

/** "Showing 21–40 of 153", or "Showing 21–40" when the total is unknown. */
export function pageSummary({ offset, count, total }: PageWindow, noun: string): string {
  if (count === 0) {
    if (total !== undefined && total > 0 && offset >= total) return `No ${noun} past ${total}; go back a page`
    return `No ${noun}`
  }
  const range = `${offset + 1}–${offset + count}`
  return total === undefined ? `Showing ${range}` : `Showing ${range} of ${total}`
}

export const hasNextPage = ({ offset, limit, count, total }: PageWindow): boolean => (total !== undefined ? offset + count < total : count >= limit)

export const hasPreviousPage = ({ offset }: Pick<PageWindow, 'offset'>): boolean => offset > 0

export const nextOffset = ({ offset, limit }: Pick<PageWindow, 'offset' | 'limit'>): number => offset + limit

export const previousOffset = ({ offset, limit }: Pick<PageWindow, 'offset' | 'limit'>): number =>
  Math.max(0, offset - limit)
