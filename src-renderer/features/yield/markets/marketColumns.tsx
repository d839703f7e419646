import { splitRate, type MarketSummary } from '@contract/marketHistory'
import type { ChainInfo, YieldMarket } from '@contract/service'
import type { Column } from '../../../components/DataTable'
import { Logo } from '../../../components/Logo'
import { formatUsd } from '../../../lib/format'
import { changeLabel, rateLabel } from '../history/historyRows'
import { wireNumber } from '@contract/amount'
import { marketName, riskLabel, statusLabel } from './marketText'
import { RewardRate } from './RewardRate'

/** "Ethereum" from the chain list when the chain is known, else the market's network name. */
export function networkLabel(m: Pick<YieldMarket, 'chainId' | 'network'>, chains: ReadonlyMap<number, ChainInfo>): string {
  const chain = m.chainId === undefined ? undefined : chains.get(m.chainId)
  return chain?.name ?? m.network ?? (m.chainId !== undefined ? `Chain ${m.chainId}` : '—')
}

const flag = (label: string, on: boolean | undefined) =>
  on === undefined ? null : (
    <span className={`badge ${on ? 'tone-ok' : 'tone-bad'}`} title={`${label} ${on ? 'open' : 'closed'}`}>
      {label} {on ? '✓' : '✗'}
    </span>
  )

/** Whether deposits (enter) and withdrawals (exit) are open, as two small badges. */
export function MarketStatus({ status }: { status: YieldMarket['status'] }) {
  if (!status || (status.enter === undefined && status.exit === undefined)) return <span className="muted">—</span>
  return (
    <span className="yield-status" title={statusLabel(status)}>
      {flag('enter', status.enter)} {flag('exit', status.exit)}
    </span>
  )
}

/**
 * Market table columns, each sortable over the page shown (the sort picker orders the whole
 * list at the service). The type is the Type filter's and the market page's: the table
 * leaves it out to fit 1280 px with the base rate's 7-day change and 30-day mean.
 */
export function marketColumns(chains: ReadonlyMap<number, ChainInfo>, summaries: Readonly<Record<string, MarketSummary>> = {}): Column<YieldMarket>[] {
  const of = (m: YieldMarket) => summaries[m.id]
  return [
    {
      id: 'name',
      header: 'Market',
      cell: (m) => (
        <span className="chain-name">
          <Logo name={marketName(m)} uri={m.metadata?.logoURI} />
          <span>
            {marketName(m)}
            {m.metadata?.deprecated ? <span className="badge tone-warn yield-flag">deprecated</span> : null}
            {m.metadata?.underMaintenance ? <span className="badge tone-warn yield-flag">maintenance</span> : null}
          </span>
        </span>
      ),
      wrap: true,
      sortValue: (m) => marketName(m).toLowerCase(),
    },
    { id: 'provider', header: 'Provider', cell: (m) => m.providerId ?? '—', sortValue: (m) => m.providerId },
    {
      id: 'network',
      header: 'Network',
      cell: (m) => <span title={m.network ? `network: ${m.network}` : undefined}>{networkLabel(m, chains)}</span>,
      wrap: true,
      sortValue: (m) => networkLabel(m, chains),
    },
    // The base rate, sorted on; the rewards rate (its own unit) under it, never added in.
    { id: 'rate', header: 'Base + rewards', align: 'right', cell: (m) => <RewardRate market={m} />, sortValue: (m) => splitRate(m).base },
    // From the recorded history (main's record): "—" until the app has recorded a market that long.
    { id: 'change7d', header: '7 d change', align: 'right', cell: (m) => changeLabel(of(m)?.change7d ?? null), sortValue: (m) => of(m)?.change7d ?? undefined },
    {
      id: 'mean30d',
      header: '30 d mean',
      align: 'right',
      cell: (m) => rateLabel(of(m)?.mean30d ?? null, splitRate(m).baseUnit ?? null),
      sortValue: (m) => of(m)?.mean30d ?? undefined,
    },
    { id: 'tvl', header: 'TVL (USD)', align: 'right', cell: (m) => formatUsd(m.statistics?.tvlUsd), sortValue: (m) => wireNumber(m.statistics?.tvlUsd) },
    {
      id: 'users',
      header: 'Users',
      align: 'right',
      cell: (m) => (m.statistics?.uniqueUsers === undefined ? '—' : m.statistics.uniqueUsers.toLocaleString('en-US')),
      sortValue: (m) => m.statistics?.uniqueUsers,
    },
    { id: 'status', header: 'Status', cell: (m) => <MarketStatus status={m.status} />, wrap: true, sortValue: (m) => statusLabel(m.status) },
    {
      id: 'tags',
      header: 'Tags',
      cell: (m) =>
        m.tags?.length ? (
          <span className="yield-tags">
            {m.tags.map((t) => (
              <span key={t} className="yield-tag">
                {t}
              </span>
            ))}
          </span>
        ) : (
          '—'
        ),
      wrap: true,
      sortValue: (m) => m.tags?.join(', '),
    },
    { id: 'risk', header: 'Risk', cell: (m) => riskLabel(m.risk), wrap: true, sortValue: (m) => riskLabel(m.risk) },
  ]
}
