import { useMemo, useState, type KeyboardEvent, type ReactNode } from 'react'

export interface Column<T> {
  id: string
  header: string
  cell: (row: T) => ReactNode
  /** Present when the column can be sorted. */
  sortValue?: (row: T) => string | number | bigint | undefined
  align?: 'left' | 'right'
  /** Lets long content (routes, lists) wrap onto more lines instead of widening the table. */
  wrap?: boolean
}

const cellClass = (c: Column<unknown>) => [c.align === 'right' ? 'num' : '', c.wrap ? 'wrap' : ''].filter(Boolean).join(' ') || undefined

export type SortState = { column: string; dir: 'asc' | 'desc' } | null

/** Buttons, links and inputs inside a row do their own thing; only the row itself opens it. */
const fromControl = (target: EventTarget, row: Element) => {
  const control = (target as Element).closest?.('a, button, input, select, textarea, label')
  return Boolean(control && control !== row && row.contains(control))
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0
  if (a === undefined) return 1
  if (b === undefined) return -1
  if (typeof a === 'string' && typeof b === 'string') return a.localeCompare(b)
  return (a as number) < (b as number) ? -1 : 1
}

/** Arrow keys and j/k move the focus between rows that open, as in History's table. */
function moveRowFocus(e: KeyboardEvent<HTMLTableSectionElement>) {
  const step = ({ ArrowDown: 1, j: 1, ArrowUp: -1, k: -1 } as Record<string, number>)[e.key]
  const row = e.target as HTMLElement
  if (!step || row.tagName !== 'TR' || e.ctrlKey || e.metaKey || e.altKey) return
  const next = step > 0 ? row.nextElementSibling : row.previousElementSibling
  if (next instanceof HTMLElement && next.tabIndex >= 0) {
    e.preventDefault()
    next.focus()
  }
}

/**
 * A sortable table for lists of modest size (a few thousand rows at most); the
 * history view, which holds tens of thousands, has its own virtualized table.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  onOpen,
  initialSort = null,
  label,
}: {
  columns: Column<T>[]
  rows: T[]
  rowKey: (row: T) => string
  onOpen?: (row: T) => void
  initialSort?: SortState
  label: string
}) {
  const [sort, setSort] = useState<SortState>(initialSort)
  const sorted = useMemo(() => {
    if (!sort) return rows
    const col = columns.find((c) => c.id === sort.column)
    if (!col?.sortValue) return rows
    const key = col.sortValue
    const out = [...rows].sort((x, y) => compare(key(x), key(y)))
    return sort.dir === 'desc' ? out.reverse() : out
  }, [rows, sort, columns])

  const toggle = (id: string) =>
    setSort((s) => (s?.column === id ? { column: id, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { column: id, dir: 'asc' }))

  return (
    <table className="data" aria-label={label}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th
              key={c.id}
              scope="col"
              className={c.align === 'right' ? 'num' : undefined}
              aria-sort={sort?.column === c.id ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}
            >
              {c.sortValue ? (
                <button type="button" className="sort" onClick={() => toggle(c.id)}>
                  {c.header}
                  <span aria-hidden="true">{sort?.column === c.id ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ''}</span>
                </button>
              ) : (
                c.header
              )}
            </th>
          ))}
        </tr>
      </thead>
      <tbody onKeyDown={onOpen ? moveRowFocus : undefined}>
        {sorted.map((row) => (
          <tr
            key={rowKey(row)}
            className={onOpen ? 'clickable' : undefined}
            tabIndex={onOpen ? 0 : undefined}
            onClick={onOpen ? (e) => !fromControl(e.target, e.currentTarget) && onOpen(row) : undefined}
            onKeyDown={
              onOpen ? (e) => e.key === 'Enter' && !fromControl(e.target, e.currentTarget) && onOpen(row) : undefined
            }
          >
            {columns.map((c) => (
              <td key={c.id} className={cellClass(c as Column<unknown>)}>
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
