import { memo, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { ErrorBoundary, RecordProblem } from './ErrorBoundary'
import { drawn, measuredAfterLayout, SCROLL_ROOT_ATTR, useRowWindow } from './useRowWindow'

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
  /** The cell's tooltip. */
  title?: (row: T) => string | undefined
  /** In a grid, px: fixed widths let the browser lay out a new row without measuring its text. */
  width?: number
  /** In a grid: takes the width the other columns leave (at least `width`). */
  grow?: boolean
}

/** Rows picked with a checkbox each (Space on a focused row too), and one in the header for every row. */
export interface RowSelection<T> {
  isSelected(row: T): boolean
  onToggle(row: T): void
  onToggleAll(select: boolean): void
  /** The checkbox's name for a row, and for the header's. */
  label(row: T): string
  allLabel: string
}

/**
 * A table that scrolls in its own box, for lists of tens of thousands: every row is
 * `rowHeight` tall and placed, never measured, and only the rows and columns in view
 * (the columns have widths) are in the DOM, so a scrolling frame lays out only what comes
 * into view. The box starts where it was left (`initialScrollTop`) and reports where it goes.
 */
export interface Grid {
  rowHeight: number
  initialScrollTop: number
  onScrollTop(top: number): void
  testId?: string
}

const classes = (...names: Array<string | false | undefined>) => names.filter(Boolean).join(' ') || undefined
const cellClass = (c: Column<never>, grid?: boolean) => classes(grid && 'grid-cell', c.align === 'right' && 'num', c.wrap && 'wrap', c.className)

/** A row's own class and data attributes (a highlight, a value for tests and styles). */
export type RowProps = { className?: string } & { [data: `data-${string}`]: string | undefined }

export type SortState = { column: string; dir: 'asc' | 'desc' } | null

/** Columns either side of the view a grid keeps in the DOM, so a sideways scroll shows no gap. */
const COLUMN_OVERSCAN = 1

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

function useSorted<T>(rows: readonly T[], columns: Column<T>[], sort: SortState): readonly T[] {
  return useMemo(() => {
    const key = sort && columns.find((c) => c.id === sort.column)?.sortValue
    if (!sort || !key) return rows
    const out = [...rows].sort((x, y) => compare(key(x), key(y)))
    return sort.dir === 'desc' ? out.reverse() : out
  }, [rows, sort, columns])
}

/** The checkbox column of a selection: its header selects every row, or none when all are. */
function useSelectColumn<T>(rows: readonly T[], selection: RowSelection<T> | undefined): Column<T> | undefined {
  // Scrolling re-renders the table; the selection summary only changes with its inputs.
  const [all, some] = useMemo(() => {
    const picked = selection ? rows.reduce((n, r) => n + (selection.isSelected(r) ? 1 : 0), 0) : 0
    return [rows.length > 0 && picked === rows.length, picked > 0 && picked < rows.length]
  }, [rows, selection])
  return useMemo(() => {
    if (!selection) return undefined
    const header = (
      <input
        type="checkbox"
        aria-label={selection.allLabel}
        checked={all}
        ref={(el) => {
          if (el) el.indeterminate = some
        }}
        onChange={() => selection.onToggleAll(!all)}
        disabled={rows.length === 0}
      />
    )
    // The label fills the cell, so a click beside the box toggles it rather than opening the row.
    const cell = (row: T) => (
      <label className="grid-select">
        <input type="checkbox" checked={selection.isSelected(row)} aria-label={selection.label(row)} onChange={() => selection.onToggle(row)} />
      </label>
    )
    return { id: 'select', header, cell, width: 30 }
  }, [selection, all, some, rows.length])
}

/** What a `DataTable` is given. */
interface DataTableProps<T> {
  columns: Column<T>[]
  rows: readonly T[]
  rowKey: (row: T, index: number) => string
  onOpen?: (row: T) => void
  initialSort?: SortState
  label: string
  className?: string
  rowProps?: (row: T) => RowProps
  drawAll?: boolean
  selection?: RowSelection<T>
  grid?: Grid
  /** A row whose record could not be read: the problem shows in its place, with the raw record. */
  problem?: (row: T) => unknown
  /**
   * The cells read only their row and the columns (no clock, nothing from outside but through
   * a component of their own): a table's rows are then memoised as a grid's are, so the window
   * moving or its rows being measured draws only the rows that came into it.
   */
  pureCells?: boolean
}

/**
 * The one table of the views: sortable columns, a row opened by a click or Enter, arrows
 * to move between rows, an optional selection. A long list draws only the rows near the
 * screen (`useRowWindow`), so a 500-row answer costs what a screenful costs; `drawAll`
 * keeps every row drawn for a table read whole (find-in-page). With `grid` it scrolls in
 * its own box and windows its columns too (see `Grid`).
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { rows, rowKey, onOpen, selection, grid } = props
  const [sort, setSort] = useState<SortState>(props.initialSort ?? null)
  const sorted = useSorted(rows, props.columns, sort)
  const select = useSelectColumn(rows, selection)
  const columns = useMemo(() => (select ? [select, ...props.columns] : props.columns), [select, props.columns])
  const { bodyRef, rowWindow, onKeyDown } = useRowWindow<HTMLTableSectionElement & HTMLDivElement>(sorted.length, (i) => rowKey(sorted[i], i), {
    windowed: !props.drawAll,
    rowHeight: grid?.rowHeight,
    startAt: grid?.initialScrollTop,
  })
  const scrollRef = useScrollMemory(grid?.initialScrollTop)
  const { shown, layout } = useColumnWindow(columns, grid && scrollRef)
  const toggle = (id: string) =>
    setSort((s) => (s?.column === id ? { column: id, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { column: id, dir: 'asc' }))
  const head = <HeaderRow columns={columns} sort={sort} onSort={toggle} grid={Boolean(grid)} />
  const body = drawn(sorted, rowWindow).map(({ row, index, top }) => (
    <Row
      key={rowKey(row, index)}
      row={row}
      index={index}
      columns={columns}
      shown={shown}
      onOpen={onOpen}
      selection={selection}
      problem={props.problem?.(row)}
      extra={props.rowProps?.(row)}
      measure={rowWindow.kind === 'window' && !grid ? rowWindow.measure : undefined}
      top={grid ? (top ?? index * grid.rowHeight) : undefined}
      pure={props.pureCells}
    />
  ))
  const keys = onOpen || selection ? onKeyDown : undefined
  if (grid)
    return (
      <div
        ref={scrollRef}
        className={classes('grid', props.className)}
        data-testid={grid.testId}
        role="table"
        aria-label={props.label}
        aria-rowcount={sorted.length + 1}
        aria-colcount={columns.length}
        style={layout}
        onScroll={(e) => grid.onScrollTop(e.currentTarget.scrollTop)}
        {...{ [SCROLL_ROOT_ATTR]: '' }}
      >
        <div role="rowgroup" className="grid-head">
          {head}
        </div>
        <div role="rowgroup" ref={bodyRef} className="grid-body" style={{ height: sorted.length * grid.rowHeight }} onKeyDown={keys}>
          {body}
        </div>
      </div>
    )
  return (
    <table className={classes('data', props.className)} aria-label={props.label} aria-rowcount={sorted.length + 1}>
      <thead>{head}</thead>
      <tbody ref={bodyRef} onKeyDown={keys}>
        <Spacer height={rowWindow.kind === 'window' ? rowWindow.before : 0} span={columns.length} />
        {body}
        <Spacer height={rowWindow.kind === 'window' ? rowWindow.after : 0} span={columns.length} />
      </tbody>
    </table>
  )
}

/** The grid's scroll box, which starts where the list was left (it reports where it goes as it scrolls). */
function useScrollMemory(initialScrollTop = 0) {
  const scrollRef = useRef<HTMLDivElement>(null)
  // Only the offset at mount counts: later changes of the stored offset come from this very box.
  const [startAt] = useState(initialScrollTop)
  // Back from an intent: the list is where it was left. A new box is at the top already
  // (a write would force the layout of the view being committed).
  useLayoutEffect(() => {
    if (scrollRef.current && startAt) scrollRef.current.scrollTop = startAt
  }, [startAt])
  return scrollRef
}

/** A run of columns a grid row leaves out: one empty grid item spanning them keeps the rest in place. */
interface ColumnGap {
  gap: number
  span: number
}

/**
 * The columns a grid row renders, in order, with the runs left out between them: those
 * from `first` to `last` (the ones in view), and always the first (a selection checkbox)
 * and the last (a row's actions), so a keyboard user can reach both however it is scrolled.
 */
export function shownColumns(count: number, first: number, last: number): Array<number | ColumnGap> {
  const wanted = new Set([0, count - 1])
  for (let i = Math.max(0, first); i <= Math.min(count - 1, last); i++) wanted.add(i)
  const out: Array<number | ColumnGap> = []
  let previous = -1
  for (const i of [...wanted].sort((a, b) => a - b)) {
    if (i > previous + 1) out.push({ gap: previous + 1, span: i - previous - 1 })
    out.push(i)
    previous = i
  }
  return out
}

/** A grid's columns in view (plus one either side) and the layout of all of them; a table shows them all. */
function useColumnWindow<T>(columns: readonly Column<T>[], scrollRef: { current: HTMLDivElement | null } | undefined) {
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: scrollRef ? columns.length : 0,
    getScrollElement: () => scrollRef?.current ?? null,
    estimateSize: (i) => columns[i].width ?? 0,
    overscan: COLUMN_OVERSCAN,
    ...measuredAfterLayout(),
  })
  const inView = columnVirtualizer.getVirtualItems()
  const first = inView[0]?.index ?? 0
  const last = inView[inView.length - 1]?.index ?? columns.length - 1
  const shown = useMemo(() => shownColumns(columns.length, first, last), [columns.length, first, last])
  const layout = useMemo(
    () => ({
      ['--grid-columns' as string]: columns.map((c) => (c.grow ? `minmax(${c.width}px, 1fr)` : `${c.width}px`)).join(' '),
      // As wide as the box when the columns fit, so a growing column takes the room left over.
      ['--grid-width' as string]: `max(100%, ${columns.reduce((w, c) => w + (c.width ?? 0), 0)}px)`,
    }),
    [columns],
  )
  return { shown, layout }
}

function HeaderRow<T>({ columns, sort, onSort, grid }: { columns: Column<T>[]; sort: SortState; onSort(id: string): void; grid: boolean }) {
  const Row = grid ? 'div' : 'tr'
  const Header = grid ? 'div' : 'th'
  return (
    <Row role={grid ? 'row' : undefined} className={classes(grid && 'grid-row grid-header')} aria-rowindex={1}>
      {columns.map((c, i) => (
        <Header
          key={c.id}
          role={grid ? 'columnheader' : undefined}
          scope={grid ? undefined : 'col'}
          aria-colindex={grid ? i + 1 : undefined}
          className={classes(grid && 'grid-cell', c.align === 'right' && 'num', c.className)}
          aria-sort={sort?.column === c.id ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}
        >
          {c.sortValue ? (
            <button type="button" className="sort" onClick={() => onSort(c.id)}>
              {c.header}
              <span aria-hidden="true">{sort?.column === c.id ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ''}</span>
            </button>
          ) : (
            c.header
          )}
        </Header>
      ))}
    </Row>
  )
}

interface RowInput<T> {
  row: T
  index: number
  columns: Column<T>[]
  /** From `shownColumns`: the same array for every row until the view moves sideways. */
  shown: ReadonlyArray<number | ColumnGap>
  onOpen?: (row: T) => void
  selection?: RowSelection<T>
  problem?: unknown
  extra?: RowProps
  measure?: (el: Element | null) => void
  /** A grid row's place in the body; a table row has none. */
  top?: number
  /** The table's `pureCells`. */
  pure?: boolean
}

/**
 * A grid re-renders on every scroll, so its rows are memoised: one draws again only when
 * what it is given changes. A table's rows always draw again, as its columns may read more,
 * unless the table says they do not (`pureCells`).
 */
const sameRow = <T,>(a: RowInput<T>, b: RowInput<T>) =>
  (a.top !== undefined || a.pure === true) &&
  (Object.keys(a) as Array<keyof RowInput<T>>).every((k) => k === 'extra' || Object.is(a[k], b[k])) &&
  Object.keys(a.extra ?? {}).length === Object.keys(b.extra ?? {}).length &&
  Object.entries(a.extra ?? {}).every(([k, v]) => Object.is(v, (b.extra as Record<string, unknown> | undefined)?.[k]))

/**
 * One row. A cell that throws while it is drawn (a hostile value in a cached record) is
 * caught by the row's boundary, not the table's: the row shows its error and raw JSON in
 * its place, and the other rows stay.
 */
const Row = memo(function Row<T>(p: RowInput<T>) {
  const grid = p.top !== undefined
  const { row, onOpen, selection } = p
  const selected = selection?.isSelected(row)
  const rowProps = {
    ...p.extra,
    'data-index': p.index,
    'aria-rowindex': p.index + 2,
    'aria-selected': selected,
    className: classes(grid && 'grid-row', onOpen && 'clickable', p.extra?.className),
    tabIndex: onOpen || selection ? 0 : undefined,
    onClick: onOpen ? (e: MouseEvent) => !fromControl(e.target, e.currentTarget) && onOpen(row) : undefined,
    onKeyDown: (e: KeyboardEvent) => {
      if (fromControl(e.target, e.currentTarget)) return
      if (e.key === 'Enter') onOpen?.(row)
      else if (e.key === ' ' && selection) {
        e.preventDefault()
        selection.onToggle(row)
      }
    },
  }
  const boundary = { what: 'row', record: row, resetKey: row }
  if (!grid)
    return (
      <ErrorBoundary {...boundary} rowColumns={p.columns.length}>
        <tr {...rowProps} ref={p.measure}>
          <Cells {...p} grid={false} />
        </tr>
      </ErrorBoundary>
    )
  return (
    <div {...rowProps} role="row" style={{ transform: `translateY(${p.top}px)` }}>
      <ErrorBoundary {...boundary} compact>
        {p.problem !== undefined ? <RecordProblem what="row" error={p.problem} record={row} compact /> : <Cells {...p} grid />}
      </ErrorBoundary>
    </div>
  )
}, sameRow) as <T>(p: RowInput<T>) => ReactNode

/** A row's cells: a table's all of them, a grid's those in view, with `aria-colindex` since it leaves columns out. */
function Cells<T>({ row, columns, shown, grid }: RowInput<T> & { grid: boolean }) {
  const cell = (c: Column<T>, i: number) => {
    const Cell = c.rowHeader && !grid ? 'th' : grid ? 'div' : 'td'
    return (
      <Cell
        key={c.id}
        role={grid ? 'cell' : undefined}
        scope={c.rowHeader && !grid ? 'row' : undefined}
        aria-colindex={grid ? i + 1 : undefined}
        className={cellClass(c as Column<never>, grid)}
        title={c.title?.(row)}
      >
        {c.cell(row)}
      </Cell>
    )
  }
  if (!grid) return columns.map(cell)
  return shown.map((part) =>
    typeof part === 'number' ? cell(columns[part], part) : <div key={`gap-${part.gap}`} aria-hidden="true" style={{ gridColumn: `span ${part.span}` }} />,
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
