import { useEffect, useMemo, useRef, type ReactNode } from 'react'
import { CopyButton } from '../../components/CopyButton'
import { DataTable, type Column, type RowSelection } from '../../components/DataTable'
import { StatusBadge } from '../../components/StatusBadge'
import { shortHex, zoneName } from '../../lib/format'
import type { AmountCell, HistoryRow } from './rows'
import { BalancesValue } from './BalancesValue'

/** The loaded entries in `DataTable`'s grid form (only the rows and columns in view in the DOM), so ten thousand scroll as twenty. */

export const ROW_HEIGHT = 36

type HistoryColumn = Column<HistoryRow> & {
  /** Shown only when picked in the column chooser. */
  optional?: true
  /** Its name in the column chooser, when the header says more. */
  name?: string
}

/** A cell's two lines; the space between them keeps the words apart when the row is read or copied as text. */
const twoLines = (first: ReactNode, second: ReactNode) => (
  <>
    <span className="history-line">{first}</span>{' '}
    <span className="history-line history-line-minor">{second}</span>
  </>
)

/** An id with its copy button beside the clipped text. */
const withCopy = (shown: ReactNode, text: string | undefined) => (
  <>
    <span className="history-clip">{shown}</span>
    {text ? <CopyButton text={text} /> : null}
  </>
)

/** A time column's header names the zone (read as it is drawn: it follows the setting). */
function Zoned({ name }: { name: string }) {
  return `${name} (${zoneName()})`
}

/** Time columns: their cells leave the zone out, the header names it. */
const timeColumn = (id: 'created' | 'expires' | 'started' | 'finished', name: string, optional?: true): HistoryColumn => ({
  id,
  name,
  header: <Zoned name={name} />,
  width: 84,
  optional,
  className: 'history-two',
  cell: (row) => {
    const [date, time] = row[id].split(' ')
    return time ? twoLines(date, time) : date
  },
})

/** The digits a narrow column has room for (exact in the tooltip), over the token, never cut. */
const amountColumn = (id: 'sent' | 'received', header: string): HistoryColumn => ({
  id,
  header,
  width: 100,
  align: 'right',
  className: 'history-amount history-two',
  title: (row) => row[id].exact,
  cell: (row) => {
    const amount: AmountCell = row[id]
    return twoLines(amount.short, `${amount.quoted ? 'quoted ' : ''}${amount.unit}`)
  },
})

// At 1280 px the table has about 1,030 px: the default columns with balances fit it, so
// times, routes, amounts and balances take two lines each (the row is 36 px) rather than
// a width that cuts them. The selection's checkbox column (30 px) comes first.
const COLUMNS: HistoryColumn[] = [
  { id: 'status', header: 'Status', width: 110, cell: (row) => <StatusBadge status={row.status} /> },
  {
    id: 'intent',
    header: 'Intent',
    width: 130,
    className: 'mono history-with-copy',
    title: (row) => row.intentId,
    cell: (row) => (row.intentId ? withCopy(shortHex(row.intentId), row.intentId) : '—'),
  },
  timeColumn('created', 'Created'),
  timeColumn('expires', 'Expires', true),
  { id: 'owner', header: 'Owner', width: 130, className: 'mono history-with-copy', title: (row) => row.owner, cell: (row) => withCopy(row.ownerShort, row.owner) },
  {
    id: 'route',
    header: 'Route',
    width: 192,
    grow: true,
    className: 'history-two',
    title: (row) => row.route,
    cell: (row) => (row.routeLegs.length ? twoLines(row.routeLegs[0], row.routeLegs[1]) : 'Receipt missing'),
  },
  amountColumn('sent', 'Sent'),
  amountColumn('received', 'Received'),
  { id: 'providers', header: 'Providers', width: 140, optional: true, title: (row) => row.providers, cell: (row) => row.providers },
  timeColumn('started', 'Started', true),
  timeColumn('finished', 'Finished', true),
  { id: 'duration', header: 'Duration', width: 90, align: 'right', optional: true, cell: (row) => row.duration },
]

/** With balances: whether the intent's addresses hold anything, and its USD value beneath. */
const BALANCE_COLUMN: HistoryColumn = {
  id: 'hasBalance',
  header: 'Has balance',
  width: 84,
  align: 'right',
  className: 'history-two',
  cell: (row) =>
    row.hasBalance === undefined
      ? '—'
      : twoLines(
          row.hasBalance ? <strong className="tone-warn">Yes</strong> : 'No',
          row.balances.length ? <BalancesValue lines={row.balances} compact label="USD value of the balances" /> : '',
        ),
}

/** The columns the chooser offers, in table order. */
export const OPTIONAL_COLUMNS = COLUMNS.filter((c) => c.optional).map((c) => ({ id: c.id, header: c.name ?? String(c.header) }))

/** The last column: opens the entry's detail panel, not the intent (the row's own click). */
const detailColumn = (activeKey: string | null, onDetail: (row: HistoryRow) => void): HistoryColumn => ({
  id: 'detail',
  header: '',
  width: 66,
  cell: (row) => (
    <button
      type="button"
      className="history-detail-button"
      aria-label={`Details of intent ${row.intentId ?? row.key}`}
      aria-pressed={activeKey === row.key}
      onClick={() => onDetail(row)}
    >
      Details
    </button>
  ),
})

interface RowActions {
  onOpen(row: HistoryRow): void
  onToggle(row: HistoryRow): void
  onToggleAll(select: boolean): void
  onDetail(row: HistoryRow): void
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
    onToggleAll: (select) => latest.current.onToggleAll(select),
    onDetail: (row) => latest.current.onDetail(row),
  }).current
}

export function HistoryTable({
  rows,
  selected,
  activeKey,
  withBalances,
  pickedColumns,
  initialScrollTop,
  onScrollTop,
  ...callbacks
}: RowActions & {
  rows: readonly HistoryRow[]
  selected: ReadonlyMap<string, unknown>
  activeKey: string | null
  withBalances: boolean
  /** Optional columns picked in the chooser (see OPTIONAL_COLUMNS). */
  pickedColumns: ReadonlySet<string>
  initialScrollTop: number
  onScrollTop(top: number): void
}) {
  const actions = useRowActions(callbacks)
  const columns = useMemo(
    () => [...COLUMNS.filter((c) => !c.optional || pickedColumns.has(c.id)), ...(withBalances ? [BALANCE_COLUMN] : []), detailColumn(activeKey, actions.onDetail)],
    [withBalances, pickedColumns, activeKey, actions],
  )
  const selection = useMemo<RowSelection<HistoryRow>>(
    () => ({
      isSelected: (row) => selected.has(row.key),
      onToggle: actions.onToggle,
      onToggleAll: actions.onToggleAll,
      label: (row) => `Select intent ${row.intentId ?? row.key}`,
      allLabel: 'Select all loaded intents',
    }),
    [selected, actions],
  )
  return (
    <DataTable
      label="Intent history"
      className="history-scroll"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.key}
      onOpen={actions.onOpen}
      selection={selection}
      grid={{ rowHeight: ROW_HEIGHT, initialScrollTop, onScrollTop, testId: 'history-scroll' }}
      problem={(row) => row.problem}
      rowProps={(row) => ({ className: activeKey === row.key ? 'history-row-active' : undefined, 'data-testid': 'history-row', 'data-intent-id': row.intentId })}
    />
  )
}
