import type { ChainInfo, YieldMarket } from '@contract/service'
import type { Column } from '../../../components/DataTable'
import { Logo } from '../../../components/Logo'
import { formatUsd } from '../../../lib/format'
import { marketName, marketType, riskLabel } from './marketText'
import { RewardRate } from './RewardRate'
import { MarketStatus } from './MarketStatus'

/** "Ethereum" from the chain list when the chain is known, else the market's network name. */
export function networkLabel(m: Pick<YieldMarket, 'chainId' | 'network'>, chains: ReadonlyMap<number, ChainInfo>): string {
  const chain = m.chainId === undefined ? undefined : chains.get(m.chainId)
  return chain?.name ?? m.network ?? (m.chainId !== undefined ? `Chain ${m.chainId}` : '—')
}

/** Market table columns. The service sorts (see the sort picker), so columns do not. */
export function marketColumns(chains: ReadonlyMap<number, ChainInfo>): Column<YieldMarket>[] {
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
    },
    { id: 'provider', header: 'Provider', cell: (m) => m.providerId ?? '—' },
    {
      id: 'network',
      header: 'Network',
      cell: (m) => <span title={m.network ? `network: ${m.network}` : undefined}>{networkLabel(m, chains)}</span>,
      wrap: true,
    },
    { id: 'type', header: 'Type', cell: (m) => marketType(m) ?? '—' },
    { id: 'rate', header: 'Reward rate', align: 'right', cell: (m) => <RewardRate rate={m.rewardRate} /> },
    { id: 'tvl', header: 'TVL', align: 'right', cell: (m) => formatUsd(m.statistics?.tvlUsd) },
    {
      id: 'users',
      header: 'Users',
      align: 'right',
      cell: (m) => (m.statistics?.uniqueUsers === undefined ? '—' : m.statistics.uniqueUsers.toLocaleString('en-US')),
    },
    { id: 'status', header: 'Status', cell: (m) => <MarketStatus status={m.status} />, wrap: true },
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
    },
    { id: 'risk', header: 'Risk', cell: (m) => riskLabel(m.risk), wrap: true },
  ]
}
