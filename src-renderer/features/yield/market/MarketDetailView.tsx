import { Link, useParams } from 'react-router'
import type { RewardComponent, YieldMarket } from '@contract/service'
import { Amount } from '../../../components/Amount'
import { ShownAge } from '../../../components/CachedNotice'
import { CopyButton } from '../../../components/CopyButton'
import { EmptyState } from '../../../components/EmptyState'
import { ErrorNotice } from '../../../components/ErrorNotice'
import { ExternalLink } from '../../../components/ExternalLink'
import { JsonView } from '../../../components/JsonView'
import { Logo } from '../../../components/Logo'
import { ViewHeader } from '../../../components/ViewHeader'
import { RefreshButton } from '../../../components/RefreshButton'
import { formatPercent, formatUsd, yesNo } from '../../../lib/format'
import { useChainsById } from '../../../lib/displaySources'
import { MarketStatus, networkLabel } from '../markets/marketColumns'
import { ErrorBoundary } from '../../../components/ErrorBoundary'
import { MarketHistoryCard } from '../history/MarketHistoryCard'
import { marketName, rewardRateLabel, splitRateLabels, tokenLabel, totalApyLabel, untypedText } from '../markets/marketText'
import { DataTable, type Column } from '../../../components/DataTable'
import { FieldList } from '../../../components/FieldList'
import { Card } from './Fields'
import { MechanicsCard } from './MechanicsCard'
import { StateCard } from './StateCard'
import { marketTokenRows, TokenTable } from './TokenTable'
import { useMarket } from './useMarket'

function Overview({ market: m }: { market: YieldMarket }) {
  const chains = useChainsById()
  const md = m.metadata
  return (
    <Card
      title="Overview"
      fields={[
        [
          'Market id',
          <span className="mono" key="id">
            {m.id}
            <CopyButton text={m.id} />
          </span>,
        ],
        ['Provider', m.providerId],
        ['Network', `${networkLabel(m, chains)}${m.network ? ` (${m.network})` : ''}`],
        ['Chain id', m.chainId],
        ['Status', <MarketStatus key="s" status={m.status} />],
        ['Tags', m.tags?.join(', ')],
        ['Description', md?.description],
        ['Documentation', md?.documentation ? <ExternalLink key="d" href={md.documentation} /> : undefined],
        ['Supported standards', md?.supportedStandards?.join(', ')],
        ['Under maintenance', yesNo(md?.underMaintenance)],
        ['Deprecated', yesNo(md?.deprecated)],
        ['Supports beneficiary', yesNo(m.supportsBeneficiary)],
      ]}
    />
  )
}

/** Base rate and rewards rate, each in its unit; a total only as a labelled estimate when units differ. */
function RateFigures({ market: m }: { market: YieldMarket }) {
  const { base, rewards } = splitRateLabels(m)
  return (
    <FieldList
      label="Rates"
      fields={[
        ['Base rate', <strong key="b">{base}</strong>],
        ['Rewards rate', rewards ?? 'None'],
        ['Total', totalApyLabel(m)],
        [
          'As the service sent it',
          <span key="s" className="muted">
            {rewardRateLabel(m.rewardRate)}
            {m.rewardRate?.total !== undefined ? ` (${m.rewardRate.total} as a fraction, its parts added whatever their units)` : ''}
          </span>,
        ],
      ]}
    />
  )
}

const REWARD_COLUMNS: Column<RewardComponent>[] = [
  { id: 'rate', header: 'Rate', align: 'right', cell: (c) => formatPercent(c.rate) },
  { id: 'type', header: 'Rate type', cell: (c) => c.rateType ?? '—' },
  { id: 'token', header: 'Token', cell: (c) => (c.token ? tokenLabel(c.token) : '—') },
  { id: 'source', header: 'Source', cell: (c) => c.yieldSource ?? '—' },
  { id: 'description', header: 'Description', wrap: true, cell: (c) => <span className="yield-wrap">{c.description ?? '—'}</span> },
]

function RewardCard({ market: m }: { market: YieldMarket }) {
  const components = m.rewardRate?.components ?? []
  return (
    <Card title="Reward rate">
      <RateFigures market={m} />
      {components.length ? (
        <DataTable columns={REWARD_COLUMNS} rows={components} rowKey={(c) => String(components.indexOf(c))} label="Reward components" />
      ) : (
        <p className="muted">No reward components listed.</p>
      )}
    </Card>
  )
}

function MarketBody({ market: m }: { market: YieldMarket }) {
  const s = m.statistics
  const decimals = m.token?.decimals
  return (
    <div className="yield-detail">
      <Overview market={m} />
      <RewardCard market={m} />
      <Card title="Tokens">
        <TokenTable label="Market tokens" rows={marketTokenRows(m)} chainId={m.chainId} />
      </Card>
      <MechanicsCard mechanics={m.mechanics} />
      <Card
        title="Statistics"
        fields={[
          ['TVL (USD)', s?.tvlUsd !== undefined ? formatUsd(s.tvlUsd) : undefined],
          ['TVL (token units)', s?.tvl !== undefined ? <Amount raw={s.tvl} symbol={m.token?.symbol} copyable /> : undefined],
          ['TVL (token units, from the raw amount)', s?.tvlRaw !== undefined ? <Amount raw={s.tvlRaw} decimals={decimals} symbol={m.token?.symbol} copyable /> : undefined],
          ['Unique users', s?.uniqueUsers?.toLocaleString('en-US')],
          ['Average position (USD)', s?.averagePositionSizeUsd !== undefined ? formatUsd(s.averagePositionSizeUsd) : undefined],
          ['Average position', s?.averagePositionSize !== undefined ? <Amount raw={s.averagePositionSize} symbol={m.token?.symbol} copyable /> : undefined],
        ]}
      />
      <Card title="Risk">
        {m.risk?.ratings?.length ? (
          <FieldList fields={m.risk.ratings.map((r) => [r.source ?? 'Unnamed source', r.rating])} />
        ) : (
          <p className="muted">No risk ratings.</p>
        )}
      </Card>
      <Card title="Curator">
        {m.curator ? (
          <div className="row">
            {typeof m.curator.logoURI === 'string' ? <Logo name={untypedText(m.curator.name)} uri={m.curator.logoURI} /> : null}
            <FieldList
              fields={[
                ['Name', untypedText(m.curator.name)],
                ['Description', untypedText(m.curator.description)],
                ['Logo', untypedText(m.curator.logoURI)],
              ]}
            />
          </div>
        ) : (
          <p className="muted">No curator.</p>
        )}
      </Card>
      <StateCard market={m} />
      <section className="card" aria-label="Raw market">
        <h2>Everything the service sent</h2>
        <JsonView value={m} label="Raw market" openDepth={0} />
      </section>
    </div>
  )
}

export function MarketDetailView() {
  const { id = '' } = useParams()
  const query = useMarket(id)
  const shown = query.shown
  const market = shown?.data

  return (
    <section className="view" aria-labelledby="market-title">
      <p className="small">
        <Link to="/yield">← Yield markets</Link>
      </p>
      <ViewHeader
        title={market ? marketName(market) : 'Yield market'}
        titleId="market-title"
        logo={market ? <Logo name={marketName(market)} uri={market.metadata?.logoURI} /> : null}
      >
        <RefreshButton query={query} />
      </ViewHeader>
      <ShownAge shown={shown} onRetry={query.reload} />
      {query.status === 'error' ? (
        query.error.kind === 'NotFound' && !market ? (
          <EmptyState title="Market not found">
            {query.error.message} It may have been removed. <Link to="/yield">Browse the markets</Link>.
          </EmptyState>
        ) : (
          <ErrorNotice error={query.error} onRetry={query.reload} />
        )
      ) : null}
      {query.status === 'uncached' ? (
        <EmptyState title="Market not cached">
          The app is offline and this market was never loaded for this profile. <Link to="/yield">See the cached markets</Link>.
        </EmptyState>
      ) : null}
      {query.status === 'loading' && !market ? <p className="muted">Loading market…</p> : null}
      {id ? (
        <ErrorBoundary what="market history card" resetKey={id}>
          <MarketHistoryCard marketId={id} />
        </ErrorBoundary>
      ) : null}
      {market ? (
        <ErrorBoundary what="market's details" record={market} resetKey={market}>
          <MarketBody market={market} />
        </ErrorBoundary>
      ) : null}
    </section>
  )
}
