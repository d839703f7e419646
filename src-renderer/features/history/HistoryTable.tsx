import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode, type RefObject } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { ErrorBoundary, RecordProblem } from '../../components/ErrorBoundary'
import { StatusBadge } from '../../components/StatusBadge'
import { drawn, useRowWindow, SCROLL_ROOT_ATTR } from '../../components/useRowWindow'
import { shortHex, zoneName } from '../../lib/format'
import type { AmountCell, HistoryRow } from './rows'
import { balanceLines } from './balances'
import { BalancesValue } from './BalancesValue'

/**
 * The loaded entries as a virtualized grid: a fixed row height, a sticky header and only
 * the rows in view (plus a few either side) in the DOM, so ten thousand entries scroll
 * as smoothly as twenty. Rows are memoised, get precomputed strings and a position that
 * depends only on their index, so a scroll re-renders just the rows coming into view;
 * rows are never measured (the height is fixed), so scrolling forces no layout reads.
 * By default the columns fit a 1280-px window (status, intent, times, owner, route, the
 * amounts, details); the rest are picked in the column chooser. Picked columns can make
 * the table wider than the window, and a scrolling frame's cost is the cells it lays
 * out, so rows also hold only the columns in view (see `shownColumns`).
 */

export const ROW_HEIGHT = 36

type ColumnId =
  | 'select'
  | 'status'
  | 'intent'
  | 'created'
  | 'expires'
  | 'owner'
  | 'route'
  | 'sent'
  | 'received'
  | 'providers'
  | 'started'
  | 'finished'
  | 'duration'
  | 'hasBalance'
  | 'detail'

interface Column {
  id: ColumnId
  header: string
  /** px: fixed widths let the browser lay out a new row without measuring its text. */
  width: number
  align?: 'right'
  /** Shown only when picked in the column chooser. */
  optional?: true
  /** Takes the width the other columns leave (at least `width`). */
  grow?: true
}

// At 1280 px the table has about 1,030 px: the default columns with balances fit it, so
// times, routes, amounts and balances take two lines each (the row is 36 px) rather than
// a width that cuts them.
const COLUMNS: Column[] = [
  { id: 'select', header: '', width: 30 },
  { id: 'status', header: 'Status', width: 110 },
  { id: 'intent', header: 'Intent', width: 130 },
  { id: 'created', header: 'Created', width: 84 },
  { id: 'expires', header: 'Expires', width: 84, optional: true },
  { id: 'owner', header: 'Owner', width: 130 },
  { id: 'route', header: 'Route', width: 192, grow: true },
  { id: 'sent', header: 'Sent', width: 100, align: 'right' },
  { id: 'received', header: 'Received', width: 100, align: 'right' },
  { id: 'providers', header: 'Providers', width: 140, optional: true },
  { id: 'started', header: 'Started', width: 84, optional: true },
  { id: 'finished', header: 'Finished', width: 84, optional: true },
  { id: 'duration', header: 'Duration', width: 90, align: 'right', optional: true },
]
/** With balances: whether the intent's addresses hold anything, and its USD value beneath. */
const BALANCE_COLUMNS: Column[] = [{ id: 'hasBalance', header: 'Has balance', width: 84, align: 'right' }]
/** Time columns: their cells leave the zone out, the header names it. */
const ZONED_COLUMNS: ReadonlySet<ColumnId> = new Set<ColumnId>(['created', 'expires', 'started', 'finished'])

const DETAIL_COLUMN: Column = { id: 'detail', header: '', width: 66 }

/** The columns the chooser offers, in table order. */
/** Columns either side of the view kept in the DOM, so a sideways scroll shows no gap. */
const COLUMN_OVERSCAN = 1

export const OPTIONAL_COLUMNS = COLUMNS.filter((c) => c.optional).map((c) => ({ id: c.id, header: c.header }))

const columnsFor = (withBalances: boolean, picked: ReadonlySet<string>) => [
  ...COLUMNS.filter((c) => !c.optional || picked.has(c.id)),
  ...(withBalances ? BALANCE_COLUMNS : []),
  DETAIL_COLUMN,
]

/** A run of columns a row leaves out: one empty grid item spanning them keeps the rest in place. */
interface ColumnGap {
  gap: number
  span: number
}

/**
 * The columns a row renders, in order, with the runs left out between them: those from
 * `first` to `last` (the ones in view), and always the first (the selection checkbox) and
 * the last (Details), so a keyboard user can reach both however the table is scrolled.
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

interface RowActions {
  onOpen(row: HistoryRow): void
  onToggle(row: HistoryRow): void
  onDetail(row: HistoryRow): void
}

const stop = (e: MouseEvent | KeyboardEvent) => e.stopPropagation()

/**
 * A copy button for rows: copying must not also open the intent, and rows mount by the
 * dozen while scrolling, so it keeps no React state (its "Copied" shows in the DOM).
 */
function RowCopy({ text }: { text: string }) {
  return (
    <button
      type="button"
      className="copy"
      aria-label={`Copy: ${text.length > 24 ? `${text.slice(0, 10)}…` : text}`}
      title={`Copy ${text}`}
      onKeyDown={stop}
      onClick={(e) => {
        e.stopPropagation()
        const button = e.currentTarget
        const show = (label: string) => {
          button.textContent = label
          setTimeout(() => (button.textContent = 'Copy'), 1500)
        }
        // No clipboard (an insecure origin) counts as a failed copy, not an error.
        Promise.resolve()
          .then(() => navigator.clipboard.writeText(text))
          .then(
            () => show('Copied'),
            () => show('Copy failed'),
          )
      }}
    >
      Copy
    </button>
  )
}

interface CellProps {
  row: HistoryRow
  selected: boolean
  active: boolean
  actions: RowActions
}

/** A cell's two lines; the space between them keeps the words apart when the row is read or copied as text. */
const twoLines = (first: ReactNode, second: ReactNode) => (
  <>
    <span className="history-line">{first}</span>{' '}
    <span className="history-line history-line-minor">{second}</span>
  </>
)

/** One cell of a body row; `aria-colindex` says where it is, since rows leave columns out. */
function Cell({ column, colIndex, row, selected, active, actions }: CellProps & { column: Column; colIndex: number }) {
  const cell = (content: ReactNode, extra?: { className?: string; title?: string; onClick?: (e: MouseEvent) => void }) => (
    <div
      role="cell"
      aria-colindex={colIndex + 1}
      className={`history-cell${extra?.className ? ` ${extra.className}` : ''}`}
      title={extra?.title}
      onClick={extra?.onClick}
    >
      {content}
    </div>
  )
  switch (column.id) {
    case 'select':
      return cell(
        <input type="checkbox" checked={selected} aria-label={`Select intent ${row.intentId ?? row.key}`} onChange={() => actions.onToggle(row)} />,
        { onClick: stop },
      )
    case 'status':
      return cell(<StatusBadge status={row.status} />)
    case 'intent':
      return cell(
        row.intentId ? (
          <>
            <span className="history-clip">{shortHex(row.intentId)}</span>
            <RowCopy text={row.intentId} />
          </>
        ) : (
          '—'
        ),
        { className: 'mono history-with-copy', title: row.intentId },
      )
    case 'owner':
      return cell(
        <>
          <span className="history-clip">{row.ownerShort}</span>
          {row.owner ? <RowCopy text={row.owner} /> : null}
        </>,
        { className: 'mono history-with-copy', title: row.owner },
      )
    case 'route':
      return row.routeLegs.length ? cell(twoLines(row.routeLegs[0], row.routeLegs[1]), { className: 'history-two', title: row.route }) : cell('Receipt missing', { title: row.route })
    case 'providers':
      return cell(row.providers, { title: row.providers })
    case 'sent':
    case 'received': {
      const amount: AmountCell = row[column.id]
      // The digits a narrow column has room for (exact in the tooltip), over the token, never cut.
      const unit = `${amount.quoted ? 'quoted ' : ''}${amount.unit}`
      return cell(twoLines(amount.short, unit), { className: 'history-num history-amount history-two', title: amount.exact })
    }
    case 'created':
    case 'expires':
    case 'started':
    case 'finished': {
      const [date, time] = row[column.id].split(' ')
      return cell(time ? twoLines(date, time) : date, { className: 'history-two' })
    }
    case 'duration':
      return cell(row.duration, { className: 'history-num' })
    case 'hasBalance':
      return cell(
        row.hasBalance === undefined ? '—' : twoLines(row.hasBalance ? <strong className="tone-warn">Yes</strong> : 'No', row.entry.balances?.length ? <BalancesValue lines={balanceLines(row.entry)} compact label="USD value of the balances" /> : ''),
        { className: 'history-num history-two' },
      )
    case 'detail':
      return cell(<DetailButton row={row} active={active} onDetail={actions.onDetail} />)
  }
}

/** Opens the entry's detail panel without opening the intent (the row's own click). */
function DetailButton({ row, active, onDetail }: { row: HistoryRow; active: boolean; onDetail(row: HistoryRow): void }) {
  return (
    <button
      type="button"
      className="history-detail-button"
      aria-label={`Details of intent ${row.intentId ?? row.key}`}
      aria-pressed={active}
      onClick={(e) => {
        e.stopPropagation()
        onDetail(row)
      }}
      onKeyDown={stop}
    >
      Details
    </button>
  )
}

const Row = memo(function Row({
  row,
  index,
  selected,
  active,
  columns,
  shown,
  actions,
  top,
}: CellProps & {
  index: number
  columns: readonly Column[]
  /** From `shownColumns`: the same array for every row until the view moves sideways. */
  shown: ReadonlyArray<number | ColumnGap>
  top: number
}) {
  return (
    <div
      role="row"
      data-index={index}
      data-testid="history-row"
      data-intent-id={row.intentId}
      aria-rowindex={index + 2}
      aria-selected={selected}
      tabIndex={0}
      className={`history-row${selected ? ' history-row-selected' : ''}${active ? ' history-row-active' : ''}`}
      style={{ transform: `translateY(${top}px)` }}
      onClick={() => actions.onOpen(row)}
      onKeyDown={(e) => {
        if (e.target !== e.currentTarget) return
        if (e.key === 'Enter') actions.onOpen(row)
        else if (e.key === ' ') {
          e.preventDefault()
          actions.onToggle(row)
        }
      }}
    >
      {/* A row that cannot be drawn says so in its place, with its raw JSON; the other rows stay. */}
      <ErrorBoundary what="row" record={row.entry} resetKey={row} compact>
        {row.problem !== undefined ? (
          <RecordProblem what="row" error={row.problem} record={row.entry} compact />
        ) : (
          <Cells row={row} columns={columns} shown={shown} selected={selected} active={active} actions={actions} />
        )}
      </ErrorBoundary>
    </div>
  )
})

function Cells({ row, columns, shown, selected, active, actions }: CellProps & { columns: readonly Column[]; shown: ReadonlyArray<number | ColumnGap> }) {
  return shown.map((part) =>
    typeof part === 'number' ? (
      <Cell key={columns[part].id} column={columns[part]} colIndex={part} row={row} selected={selected} active={active} actions={actions} />
    ) : (
      <div key={`gap-${part.gap}`} aria-hidden="true" style={{ gridColumn: `span ${part.span}` }} />
    ),
  )
}

/** The scroll box, which starts where the list was left and reports where it goes. */
function useScrollMemory(initialScrollTop: number, onScrollTop: (top: number) => void) {
  const scrollRef = useRef<HTMLDivElement>(null)
  // Only the offset at mount counts: later changes of the stored offset come from this very box.
  const [startAt] = useState(initialScrollTop)
  // Back from an intent: the list is where it was left.
  useLayoutEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = startAt
  }, [startAt])

  const onScrollTopRef = useRef(onScrollTop)
  useEffect(() => {
    onScrollTopRef.current = onScrollTop
  })
  useEffect(() => {
    const el = scrollRef.current
    if (!el) return
    const remember = () => onScrollTopRef.current(el.scrollTop)
    el.addEventListener('scroll', remember, { passive: true })
    return () => el.removeEventListener('scroll', remember)
  }, [])
  return scrollRef
}

/** One stable object for every row, so memoised rows ignore new callbacks of the parent. */
function useRowActions(current: RowActions): RowActions {
  const latest = useRef(current)
  useEffect(() => {
    latest.current = current
  })
  return useRef<RowActions>({
    onOpen: (row) => latest.current.onOpen(row),
    onToggle: (row) => latest.current.onToggle(row),
    onDetail: (row) => latest.current.onDetail(row),
  }).current
}

/** The columns in view (plus one either side) and the grid layout of all of them. */
function useColumnWindow(columns: readonly Column[], scrollRef: RefObject<HTMLDivElement | null>) {
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: columns.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => columns[i].width,
    overscan: COLUMN_OVERSCAN,
  })
  const inView = columnVirtualizer.getVirtualItems()
  const firstInView = inView[0]?.index ?? 0
  const lastInView = inView[inView.length - 1]?.index ?? columns.length - 1
  const shown = useMemo(() => shownColumns(columns.length, firstInView, lastInView), [columns.length, firstInView, lastInView])
  const layout = useMemo(
    () => ({
      ['--history-columns' as string]: columns.map((c) => (c.grow ? `minmax(${c.width}px, 1fr)` : `${c.width}px`)).join(' '),
      // As wide as the box when the columns fit, so the route takes the room left over.
      ['--history-width' as string]: `max(100%, ${columns.reduce((w, c) => w + c.width, 0)}px)`,
    }),
    [columns],
  )
  return { shown, layout }
}

/** The header row, with the checkbox that selects every loaded row. */
function HeaderRow({ columns, rows, selected, onToggleAll }: { columns: readonly Column[]; rows: readonly HistoryRow[]; selected: ReadonlyMap<string, unknown>; onToggleAll(select: boolean): void }) {
  // Scrolling re-renders the table; the selection summary only changes with its inputs.
  const [allSelected, someSelected] = useMemo(() => {
    const picked = selected.size ? rows.reduce((n, r) => n + (selected.has(r.key) ? 1 : 0), 0) : 0
    return [rows.length > 0 && picked === rows.length, picked > 0 && picked < rows.length]
  }, [rows, selected])
  return (
    <div role="row" className="history-row history-header" aria-rowindex={1}>
      {columns.map((c, i) =>
        c.id === 'select' ? (
          <div role="columnheader" key={c.id} aria-colindex={1} className="history-cell">
            <input
              type="checkbox"
              aria-label="Select all loaded intents"
              checked={allSelected}
              ref={(el) => {
                if (el) el.indeterminate = someSelected
              }}
              onChange={() => onToggleAll(!allSelected)}
              disabled={rows.length === 0}
            />
          </div>
        ) : (
          <div role="columnheader" key={c.id} aria-colindex={i + 1} className={`history-cell${c.align === 'right' ? ' history-num' : ''}`}>
            {ZONED_COLUMNS.has(c.id) ? `${c.header} (${zoneName()})` : c.header}
          </div>
        ),
      )}
    </div>
  )
}

export function HistoryTable({
  rows,
  selected,
  activeKey,
  withBalances,
  pickedColumns,
  initialScrollTop,
  onScrollTop,
  onOpen,
  onToggle,
  onToggleAll,
  onDetail,
}: {
  rows: readonly HistoryRow[]
  selected: ReadonlyMap<string, unknown>
  activeKey: string | null
  withBalances: boolean
  /** Optional columns picked in the chooser (see OPTIONAL_COLUMNS). */
  pickedColumns: ReadonlySet<string>
  initialScrollTop: number
  onScrollTop(top: number): void
  onOpen(row: HistoryRow): void
  onToggle(row: HistoryRow): void
  onToggleAll(select: boolean): void
  onDetail(row: HistoryRow): void
}) {
  const scrollRef = useScrollMemory(initialScrollTop, onScrollTop)
  const { bodyRef, rowWindow, onKeyDown } = useRowWindow<HTMLDivElement>(rows.length, (i) => rows[i].key, { rowHeight: ROW_HEIGHT })
  const actions = useRowActions({ onOpen, onToggle, onDetail })
  const columns = useMemo(() => columnsFor(withBalances, pickedColumns), [withBalances, pickedColumns])
  const { shown, layout } = useColumnWindow(columns, scrollRef)
  return (
    <div
      ref={scrollRef}
      className="history-scroll"
      data-testid="history-scroll"
      role="table"
      aria-label="Intent history"
      aria-rowcount={rows.length + 1}
      aria-colcount={columns.length}
      style={layout}
      {...{ [SCROLL_ROOT_ATTR]: '' }}
    >
      <div role="rowgroup" className="history-head">
        <HeaderRow columns={columns} rows={rows} selected={selected} onToggleAll={onToggleAll} />
      </div>
      <div role="rowgroup" ref={bodyRef} className="history-body" style={{ height: rows.length * ROW_HEIGHT }} onKeyDown={onKeyDown}>
        {drawn(rows, rowWindow).map(({ row, index, top }) => (
          <Row
            key={row.key}
            row={row}
            index={index}
            selected={selected.has(row.key)}
            active={activeKey === row.key}
            columns={columns}
            shown={shown}
            actions={actions}
            top={top ?? index * ROW_HEIGHT}
          />
        ))}
      </div>
    </div>
  )
}
