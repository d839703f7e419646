import { useDeferredValue, useMemo } from 'react'
import { useNavigate } from 'react-router'
import type { IntentHistoryEntry } from '@contract/service'
import { Amount } from '../../components/Amount'
import { DataTable, type Column } from '../../components/DataTable'
import { Hex } from '../../components/Hex'
import { StatusBadge } from '../../components/StatusBadge'
import { toCsv } from '@contract/csv'
import { datedFilename, downloadText } from '../../lib/download'
import { formatUsd } from '../../lib/format'
import { useChainsById } from '../../lib/displaySources'
import { chainName } from '../../lib/chains'
import { stuckCsvColumns } from './exportFiles'
import { pricedHowText } from '../../lib/priceSource'
import { useNow } from '../../lib/useNow'
import { usePriceBook } from '../../stores/priceBook'
import { useConnection } from '../../stores/connection'
import { stuckFunds, usdValue, type BalanceLine } from './balances'
import { intentPath } from '../../components/IntentLink'

/** The stuck-funds list is a plain table; past this many lines the export has the rest. */
const SHOWN_LINES = 500

/** Every non-zero balance the loaded intents left at their addresses, largest first, with the USD total. */
export function StuckFundsPanel({ entries }: { entries: readonly IntentHistoryEntry[] }) {
  const deferred = useDeferredValue(entries)
  // Valued at the profile's one price source, as Needs attention and Recoverable value the same balances.
  const book = usePriceBook(useConnection((s) => s.info?.activeProfileId))
  const stuck = useMemo(() => stuckFunds(deferred, book), [deferred, book])
  const now = useNow(30_000)
  const chains = useChainsById()
  const navigate = useNavigate()

  const columns = useMemo((): Column<BalanceLine>[] => [
    { id: 'status', header: 'Status', cell: (l) => <StatusBadge status={l.status} /> },
    { id: 'intent', header: 'Intent', cell: (l) => <Hex value={l.intentId} /> },
    { id: 'chain', header: 'Chain', sortValue: (l) => chainName(chains, l.chainId), cell: (l) => chainName(chains, l.chainId) },
    { id: 'address', header: 'Held at', cell: (l) => <Hex value={l.intentAddress} kind="address" chainId={l.chainId} /> },
    {
      id: 'amount',
      header: 'Amount',
      align: 'right',
      cell: (l) => <Amount raw={l.balance} decimals={l.decimals} symbol={l.symbol} copyable />,
    },
    { id: 'usd', header: 'USD', align: 'right', sortValue: usdValue, cell: (l) => (l.usd === undefined ? <span className="muted" title={l.unpriced}>—</span> : formatUsd(l.usd)) },
    { id: 'owner', header: 'Owner', cell: (l) => <Hex value={l.owner} kind="address" chainId={l.chainId} /> },
  ], [chains])

  return (
    <section className="card history-stuck" aria-label="Recoverable funds">
      <header className="row">
        <h2>Recoverable funds</h2>
        <strong data-testid="history-stuck-total">{formatUsd(stuck.totalUsd)}</strong>
        <span className="muted small">
          in {stuck.lines.length.toLocaleString('en-US')} balances of {stuck.intents.toLocaleString('en-US')} loaded intents
          {stuck.unpriced ? `; ${stuck.unpriced} without a USD value (${stuck.value.unpriced.join(', ')})` : ''}
        </span>
        {stuck.value.priced ? <span className="muted small" data-testid="history-stuck-priced-how">{pricedHowText(stuck.value, now)}</span> : null}
        <span className="history-spacer" />
        <button
          type="button"
          disabled={stuck.lines.length === 0}
          onClick={() => downloadText(toCsv(stuck.lines, stuckCsvColumns(Date.now())), datedFilename('recoverable-funds', 'csv'), 'text/csv')}
        >
          Export stuck balances (CSV)
        </button>
      </header>
      {stuck.lines.length === 0 ? (
        <p className="muted">No loaded intent holds funds at its intent addresses.</p>
      ) : (
        <>
          <DataTable
            label="Stuck balances"
            columns={columns}
            rows={stuck.lines.slice(0, SHOWN_LINES)}
            rowKey={(l) => `${l.intentId}:${l.chainId}:${l.intentAddress}:${l.tokenAddress}`}
            onOpen={(l) => l.intentId && navigate(intentPath(l.intentId))}
          />
          {stuck.lines.length > SHOWN_LINES ? (
            <p className="muted small">
              Showing the {SHOWN_LINES} largest of {stuck.lines.length.toLocaleString('en-US')}; the export has them all.
            </p>
          ) : null}
        </>
      )}
    </section>
  )
}
