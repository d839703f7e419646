import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, type KeyboardEvent, type MouseEvent } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { StatusBadge } from '../../components/StatusBadge'
import { shortHex } from '../../lib/format'
import type { AmountCell, HistoryRow } from './rows'

/**
 * The loaded entries as a virtualized grid: a fixed row height, a sticky header and only
 * the rows in view (plus a few either side) in the DOM, so ten thousand entries scroll
 * as smoothly as twenty. Rows are memoised, get precomputed strings and a position that
 * depends only on their index, so a scroll re-renders just the rows coming into view;
 * rows are never measured (the height is fixed), so scrolling forces no layout reads.
 */

export const ROW_HEIGHT = 36
const OVERSCAN = 8

interface Column {
  id: string
  header: string
  /** px: fixed widths let the browser lay out a new row without measuring its text. */
  width: number
  align?: 'right'
}

const COLUMNS: Column[] = [
  { id: 'select', header: '', width: 34 },
  { id: 'status', header: 'Status', width: 112 },
  { id: 'intent', header: 'Intent', width: 176 },
  { id: 'created', header: 'Created', width: 158 },
  { id: 'expires', header: 'Expires', width: 158 },
  { id: 'owner', header: 'Owner', width: 170 },
  { id: 'route', header: 'Route', width: 300 },
  { id: 'sent', header: 'Sent', width: 230, align: 'right' },
  { id: 'received', header: 'Received', width: 230, align: 'right' },
  { id: 'providers', header: 'Providers', width: 140 },
  { id: 'started', header: 'Started', width: 158 },
  { id: 'finished', header: 'Finished', width: 158 },
  { id: 'duration', header: 'Duration', width: 90, align: 'right' },
]
const BALANCE_COLUMNS: Column[] = [
  { id: 'hasBalance', header: 'Has balance', width: 96 },
  { id: 'balanceUsd', header: 'Balance USD', width: 110, align: 'right' },
]
const DETAIL_COLUMN: Column = { id: 'detail', header: '', width: 76 }

const columnsFor = (withBalances: boolean) => [...COLUMNS, ...(withBalances ? BALANCE_COLUMNS : []), DETAIL_COLUMN]

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

function AmountCellView({ amount }: { amount: AmountCell }) {
  return (
    <div role="cell" className="history-cell history-num" title={amount.exact}>
      {amount.quoted ? <span className="history-quoted">quoted </span> : null}
      {amount.text}
    </div>
  )
}

const Row = memo(function Row({
  row,
  index,
  selected,
  active,
  withBalances,
  actions,
  top,
}: {
  row: HistoryRow
  index: number
  selected: boolean
  active: boolean
  withBalances: boolean
  actions: RowActions
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
      <div role="cell" className="history-cell" onClick={stop}>
        <input
          type="checkbox"
          checked={selected}
          aria-label={`Select intent ${row.intentId ?? row.key}`}
          onChange={() => actions.onToggle(row)}
        />
      </div>
      <div role="cell" className="history-cell">
        <StatusBadge status={row.status} />
      </div>
      <div role="cell" className="history-cell mono" title={row.intentId}>
        {row.intentId ? (
          <>
            {shortHex(row.intentId, 8, 6)}
            <RowCopy text={row.intentId} />
          </>
        ) : (
          '—'
        )}
      </div>
      <div role="cell" className="history-cell">
        {row.created}
      </div>
      <div role="cell" className="history-cell">
        {row.expires}
      </div>
      <div role="cell" className="history-cell mono" title={row.owner}>
        {row.ownerShort}
        {row.owner ? <RowCopy text={row.owner} /> : null}
      </div>
      <div role="cell" className="history-cell" title={row.route}>
        {row.route}
      </div>
      <AmountCellView amount={row.sent} />
      <AmountCellView amount={row.received} />
      <div role="cell" className="history-cell" title={row.providers}>
        {row.providers}
      </div>
      <div role="cell" className="history-cell">
        {row.started}
      </div>
      <div role="cell" className="history-cell">
        {row.finished}
      </div>
      <div role="cell" className="history-cell history-num">
        {row.duration}
      </div>
      {withBalances ? (
        <>
          <div role="cell" className="history-cell">
            {row.hasBalance === undefined ? '—' : row.hasBalance ? <strong className="tone-warn">Yes</strong> : 'No'}
          </div>
          <div role="cell" className="history-cell history-num">
            {row.balanceUsd}
          </div>
        </>
      ) : null}
      <div role="cell" className="history-cell">
        <button
          type="button"
          className="history-detail-button"
          aria-label={`Details of intent ${row.intentId ?? row.key}`}
          aria-pressed={active}
          onClick={(e) => {
            e.stopPropagation()
            actions.onDetail(row)
          }}
          onKeyDown={stop}
        >
          Details
        </button>
      </div>
    </div>
  )
})

export function HistoryTable({
  rows,
  selected,
  activeKey,
  withBalances,
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
  initialScrollTop: number
  onScrollTop(top: number): void
  onOpen(row: HistoryRow): void
  onToggle(row: HistoryRow): void
  onToggleAll(select: boolean): void
  onDetail(row: HistoryRow): void
}) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    getItemKey: (i) => rows[i].key,
    // The sticky header sits inside the scroll box, above the first row.
    scrollMargin: ROW_HEIGHT,
    scrollPaddingStart: ROW_HEIGHT,
    initialOffset: initialScrollTop,
  })

  // Back from an intent: the list is where it was left.
  useLayoutEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = initialScrollTop
    // Only on mount: later changes of the stored offset come from this very box.
  }, [])

  const onScrollTopRef = useRef(onScrollTop)
  onScrollTopRef.current = onScrollTop
  useEffect(() => {
    const el = scrollRef.current
    if (!el) return
    const remember = () => onScrollTopRef.current(el.scrollTop)
    el.addEventListener('scroll', remember, { passive: true })
    return () => el.removeEventListener('scroll', remember)
  }, [])

  const actionsRef = useRef<RowActions>({ onOpen, onToggle, onDetail })
  actionsRef.current = { onOpen, onToggle, onDetail }
  // One stable object for every row, so memoised rows ignore new callbacks of the parent.
  const actions = useRef<RowActions>({
    onOpen: (row) => actionsRef.current.onOpen(row),
    onToggle: (row) => actionsRef.current.onToggle(row),
    onDetail: (row) => actionsRef.current.onDetail(row),
  }).current

  const focusRow = useCallback(
    (index: number) => {
      const target = Math.max(0, Math.min(rows.length - 1, index))
      virtualizer.scrollToIndex(target)
      const find = () => scrollRef.current?.querySelector<HTMLElement>(`[data-index="${target}"]`)
      // At once when the row exists, so quick repeated keys each move one row; a row
      // beyond the rendered ones is focused once the scroll has rendered it.
      const row = find()
      if (row) row.focus({ preventScroll: true })
      else requestAnimationFrame(() => find()?.focus({ preventScroll: true }))
    },
    [rows.length, virtualizer],
  )

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const from = (e.target as HTMLElement).closest<HTMLElement>('[data-index]')
    if (!from || e.target !== from) return
    const index = Number(from.dataset.index)
    const step = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10 }[e.key]
    if (step !== undefined) {
      e.preventDefault()
      focusRow(index + step)
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault()
      focusRow(e.key === 'Home' ? 0 : rows.length - 1)
    }
  }

  const columns = useMemo(() => columnsFor(withBalances), [withBalances])
  const layout = useMemo(
    () => ({
      ['--history-columns' as string]: columns.map((c) => `${c.width}px`).join(' '),
      ['--history-width' as string]: `${columns.reduce((w, c) => w + c.width, 0)}px`,
    }),
    [columns],
  )
  // Scrolling re-renders this component; the selection summary only changes with its inputs.
  const [allSelected, someSelected] = useMemo(() => {
    const picked = selected.size ? rows.reduce((n, r) => n + (selected.has(r.key) ? 1 : 0), 0) : 0
    return [rows.length > 0 && picked === rows.length, picked > 0 && picked < rows.length]
  }, [rows, selected])

  return (
    <div
      ref={scrollRef}
      className="history-scroll"
      data-testid="history-scroll"
      role="table"
      aria-label="Intent history"
      aria-rowcount={rows.length + 1}
      style={layout}
      onKeyDown={onKeyDown}
    >
      <div role="rowgroup" className="history-head">
        <div role="row" className="history-row history-header" aria-rowindex={1}>
          {columns.map((c) =>
            c.id === 'select' ? (
              <div role="columnheader" key={c.id} className="history-cell">
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
              <div role="columnheader" key={c.id} className={`history-cell${c.align === 'right' ? ' history-num' : ''}`}>
                {c.header}
              </div>
            ),
          )}
        </div>
      </div>
      <div role="rowgroup" className="history-body" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]
          return (
            <Row
              key={item.key}
              row={row}
              index={item.index}
              selected={selected.has(row.key)}
              active={activeKey === row.key}
              withBalances={withBalances}
              actions={actions}
              top={item.start - ROW_HEIGHT}
            />
          )
        })}
      </div>
    </div>
  )
}
