import { useMemo, useState, type ReactNode } from 'react'
import { ErrorBoundary } from './ErrorBoundary'
import { drawn, useRowWindow } from './useRowWindow'

export interface Column<T> {
  id: string
  header: ReactNode
  cell: (row: T) => ReactNode
  /** Present when the column can be sorted. */
  sortValue?: (row: T) => string | number | bigint | undefined
  align?: 'left' | 'right'
  /** Lets long content (routes, lists) wrap onto more lines instead of widening the table. */
  wrap?: boolean
  /** The row's name, drawn as its header cell (`<th scope="row">`) so a screen reader names the row with each cell. */
  rowHeader?: boolean
  /** More classes for the column's cells and its header (a width, a highlight, monospace). */
  className?: string
}

const classes = (...names: Array<string | false | undefined>) => names.filter(Boolean).join(' ') || undefined
const cellClass = (c: Column<unknown>) => classes(c.align === 'right' && 'num', c.wrap && 'wrap', c.className)

/** A row's own class and data attributes (a highlight, a value for tests and styles). */
export type RowProps = { className?: string } & { [data: `data-${string}`]: string | undefined }

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

/**
 * The one sortable table of the views. A long list draws only the rows near the screen
 * (`useRowWindow`), so a 500-row answer costs what a screenful costs; `drawAll` keeps every
 * row drawn for a table read whole (find-in-page). The history view, which holds tens of
 * thousands with column windows too, has its own grid.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  onOpen,
  initialSort = null,
  label,
  className,
  rowProps,
  drawAll = false,
}: {
  columns: Column<T>[]
  rows: readonly T[]
  rowKey: (row: T, index: number) => string
  onOpen?: (row: T) => void
  initialSort?: SortState
  label: string
  className?: string
  rowProps?: (row: T) => RowProps
  drawAll?: boolean
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

  const { bodyRef, rowWindow, onKeyDown } = useRowWindow(sorted.length, (i) => rowKey(sorted[i], i), { windowed: !drawAll })

  return (
    <table className={classes('data', className)} aria-label={label} aria-rowcount={sorted.length + 1}>
      <thead>
        <tr aria-rowindex={1}>
          {columns.map((c) => (
            <th
              key={c.id}
              scope="col"
              className={classes(c.align === 'right' && 'num', c.className)}
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
      <tbody ref={bodyRef} onKeyDown={onOpen ? onKeyDown : undefined}>
        <Spacer height={rowWindow.kind === 'window' ? rowWindow.before : 0} span={columns.length} />
        {drawn(sorted, rowWindow).map(({ row, index }) => (
          // A row that cannot be drawn shows its error and raw JSON in its place; the other rows stay.
          <ErrorBoundary key={rowKey(row, index)} what="row" record={row} resetKey={row} rowColumns={columns.length}>
            <DataRow row={row} index={index} columns={columns} onOpen={onOpen} extra={rowProps?.(row)} measure={rowWindow.kind === 'window' ? rowWindow.measure : undefined} />
          </ErrorBoundary>
        ))}
        <Spacer height={rowWindow.kind === 'window' ? rowWindow.after : 0} span={columns.length} />
      </tbody>
    </table>
  )
}

/**
 * One row, a component of its own so that a cell that throws while it is drawn (a
 * hostile value in a cached record) is caught by the row's boundary, not the table's.
 */
function DataRow<T>({
  row,
  index,
  columns,
  onOpen,
  extra,
  measure,
}: {
  row: T
  index: number
  columns: Column<T>[]
  onOpen?: (row: T) => void
  extra?: RowProps
  measure?: (el: Element | null) => void
}) {
  return (
    <tr
      {...extra}
      data-index={index}
      aria-rowindex={index + 2}
      ref={measure}
      className={classes(onOpen && 'clickable', extra?.className)}
      tabIndex={onOpen ? 0 : undefined}
      onClick={onOpen ? (e) => !fromControl(e.target, e.currentTarget) && onOpen(row) : undefined}
      onKeyDown={onOpen ? (e) => e.key === 'Enter' && !fromControl(e.target, e.currentTarget) && onOpen(row) : undefined}
    >
      {columns.map((c) =>
        c.rowHeader ? (
          <th key={c.id} scope="row" className={cellClass(c as Column<unknown>)}>
            {c.cell(row)}
          </th>
        ) : (
          <td key={c.id} className={cellClass(c as Column<unknown>)}>
            {c.cell(row)}
          </td>
        ),
      )}
    </tr>
  )
}

/** Holds the height of the rows not drawn, so the scrollbar and the rows on screen stay where they belong. */
function Spacer({ height, span }: { height: number; span: number }) {
  if (height <= 0) return null
  return (
    <tr aria-hidden="true" className="data-spacer">
      <td colSpan={span} style={{ height, padding: 0, border: 0 }} />
    </tr>
  )
}
