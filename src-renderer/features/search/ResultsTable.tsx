import { useCallback, useDeferredValue, useMemo } from 'react'
import { useNavigate } from 'react-router'
import { DataTable, type Column } from '../../components/DataTable'
import { Hex } from '../../components/Hex'
import { intentPath } from '../../components/IntentLink'
import { Route } from '../../components/Route'
import { StatusBadge } from '../../components/StatusBadge'
import { formatAge, formatDateTime, formatUsd } from '../../lib/format'
import { useChainsById } from '../../lib/displaySources'
import { routeName } from '../../lib/chains'
import { WatchButton } from '../watch'
import { nounsOf } from './filters'
import type { SearchHit } from './hits'
import type { ChainInfo } from '@contract/service'

/** The results' columns; long cells wrap so the table fits a 1280-px window. Copy buttons and explorer links in a cell do not open the row (DataTable). */
function resultColumns(chains: ReadonlyMap<number, ChainInfo>, showMatchedAs: boolean): Column<SearchHit>[] {
  const cols: Column<SearchHit>[] = [
    {
      id: 'status',
      header: 'Status',
      sortValue: (h) => h.status,
      cell: (h) => <StatusBadge status={h.status} />,
    },
    {
      id: 'created',
      header: 'Created',
      sortValue: (h) => h.createdAt,
      cell: (h) => <span title={h.createdAt === undefined ? undefined : formatAge(h.createdAt)}>{formatDateTime(h.createdAt)}</span>,
      wrap: true,
    },
    {
      id: 'intent',
      header: 'Intent id',
      sortValue: (h) => h.key,
      cell: (h) => (
        <span data-intent={h.intentId}>
          <Hex value={h.intentId} />
        </span>
      ),
    },
    {
      id: 'owner',
      header: 'Owner',
      sortValue: (h) => h.owner?.toLowerCase(),
      cell: (h) => <Hex value={h.owner} kind="address" chainId={h.from.chainId} />,
    },
    {
      id: 'route',
      header: 'Route',
      sortValue: (h) => routeName(chains, h.from.chainId, h.to.chainId),
      cell: (h) => <Route from={h.from} to={h.to} />,
      wrap: true,
    },
    {
      id: 'usd',
      header: 'Value',
      align: 'right',
      sortValue: (h) => h.usd,
      cell: (h) => formatUsd(h.usd),
    },
    {
      id: 'providers',
      header: 'Providers',
      sortValue: (h) => h.providers.join(', '),
      cell: (h) => h.providers.join(', ') || <span className="muted">—</span>,
      wrap: true,
    },
  ]
  if (showMatchedAs)
    cols.push({ id: 'matched', header: 'Matched as', sortValue: (h) => nounsOf(h.matchedAs), cell: (h) => nounsOf(h.matchedAs), wrap: true })
  cols.push({
    id: 'watch',
    header: 'Watch',
    cell: (h) => (h.intentId ? <WatchButton intentId={h.intentId} /> : null),
  })
  return cols
}

const NO_HITS: SearchHit[] = []
const hitKey = (h: SearchHit) => h.key
const NEWEST_FIRST = { column: 'created', dir: 'desc' } as const

/**
 * The rows are drawn in a transition (`useDeferredValue`): an answer of 500 intents, or the
 * preview growing into one, is drawn in slices the window can interrupt, not in one task
 * after the answer is in. The table mounts empty, so it knows its scroll box before the
 * rows come. Its cells read only the hit and the columns, so its rows are memoised.
 */
export function ResultsTable({ hits, showMatchedAs }: { hits: SearchHit[]; showMatchedAs: boolean }) {
  const navigate = useNavigate()
  const chains = useChainsById()
  const columns = useMemo(() => resultColumns(chains, showMatchedAs), [chains, showMatchedAs])
  const rows = useDeferredValue(hits, NO_HITS)
  const open = useCallback((h: SearchHit) => h.intentId && navigate(intentPath(h.intentId)), [navigate])

  return <DataTable label="Search results" columns={columns} rows={rows} rowKey={hitKey} initialSort={NEWEST_FIRST} onOpen={open} pureCells />
}
