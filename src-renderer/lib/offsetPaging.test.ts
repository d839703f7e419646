import { describe, expect, it } from 'vitest'
import { hasNextPage, hasPreviousPage, nextOffset, pageSummary, previousOffset } from './offsetPaging'

describe('offset paging', () => {
  it('says which markets are shown, of how many', () => {
    expect(pageSummary({ offset: 20, limit: 20, count: 20, total: 153 }, 'markets')).toBe('Showing 21–40 of 153')
    expect(pageSummary({ offset: 140, limit: 20, count: 13, total: 153 }, 'markets')).toBe('Showing 141–153 of 153')
    expect(pageSummary({ offset: 0, limit: 20, count: 0, total: 0 }, 'markets')).toBe('No markets')
    expect(pageSummary({ offset: 200, limit: 20, count: 0, total: 153 }, 'markets')).toMatch(/past 153/)
  })

  it('moves by the page size and stops at the total', () => {
    expect(hasNextPage({ offset: 140, limit: 20, count: 13, total: 153 })).toBe(false)
    expect(hasNextPage({ offset: 120, limit: 20, count: 20, total: 153 })).toBe(true)
    expect(nextOffset({ offset: 20, limit: 20 })).toBe(40)
    expect(previousOffset({ offset: 10, limit: 20 })).toBe(0)
    expect(hasPreviousPage({ offset: 0 })).toBe(false)
  })

  it('pages on without a total (the payload form) while pages come back full', () => {
    expect(pageSummary({ offset: 20, limit: 20, count: 20 }, 'markets')).toBe('Showing 21–40')
    expect(hasNextPage({ offset: 20, limit: 20, count: 20 })).toBe(true)
    expect(hasNextPage({ offset: 40, limit: 20, count: 7 })).toBe(false)
  })
})
