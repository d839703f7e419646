import type { YieldError } from '@contract/service'
import { EmptyState } from '../../../components/EmptyState'
import { SelectField } from '../../../components/SelectField'
import { ViewHeader } from '../../../components/ViewHeader'
import { QueryNotices } from '../../../components/QueryNotices'
import { countOf, shortHex } from '../../../lib/format'
import { BreakdownChart } from '../charts/BreakdownChart'
import { HistoryChart } from '../history/HistoryChart'
import { RecordedValue } from './RecordedValue'
import { YieldTabs } from '../YieldTabs'
import { PositionsResults, YieldErrors } from './PositionsResults'
import { allocationByMarket, allocationByToken, valueSeries } from './positionsModel'
import { REFRESH_OPTIONS, usePositionsView, type PositionsViewModel } from './usePositionsView'
import { WalletEditor } from './WalletEditor'

function PositionsActions({ vm }: { vm: PositionsViewModel }) {
  const busy = vm.query.status === 'loading'
  return (
    <div className="row">
      <button type="button" onClick={vm.query.reload} disabled={busy || !vm.queries.length}>
        {busy ? 'Refreshing…' : 'Refresh'}
      </button>
      <SelectField label="Auto-refresh" layout="inline" value={vm.refreshEvery} options={REFRESH_OPTIONS} onChange={vm.setRefresh} />
      <button type="button" onClick={vm.exportCsv} disabled={!vm.query.shown}>
        Export CSV
      </button>
    </div>
  )
}

/** "0x12…ab on base and 2 more": a set's name when it is saved for recording. */
const recordedName = (queries: readonly { address: string; network: string }[]): string => {
  const first = queries[0]
  if (!first) return ''
  return `${shortHex(first.address)} on ${first.network}${queries.length > 1 ? ` and ${queries.length - 1} more` : ''}`
}

function PositionsSide({ vm, errors }: { vm: PositionsViewModel; errors: readonly YieldError[] }) {
  const { groups } = vm
  const values = valueSeries(vm.snapshots)
  return (
    <div className="yield-positions-side">
      <YieldErrors errors={errors} nameOf={vm.nameOf} />
      <section className="card" aria-label="Charts">
        <h2>Charts</h2>
        <BreakdownChart title="Allocation by market" slices={allocationByMarket(groups)} unit="usd" />
        <BreakdownChart title="Allocation by token" slices={allocationByToken(groups)} unit="usd" />
        <HistoryChart
          title="Value over time"
          rows={values}
          format="usd"
          note={`${countOf(values.length, 'fetch', 'fetches')} with a USD value, of exactly these wallets`}
          series={[{ key: 'usd', name: 'Value', color: 'var(--accent)' }]}
          empty={values.length === 1 ? 'One fetch so far. Refresh (or turn on auto-refresh) to draw the value over time.' : values.length ? undefined : 'No fetch of these wallets reported a USD value yet.'}
        />
        <RecordedValue queries={vm.queries} name={recordedName(vm.queries)} />
      </section>
    </div>
  )
}

export function PositionsView() {
  const vm = usePositionsView()
  const { query, queries } = vm
  const shown = query.shown
  const busy = query.status === 'loading'
  return (
    <section className="view" aria-labelledby="positions-title">
      <ViewHeader title="Yield positions" titleId="positions-title">
        <YieldTabs />
        <PositionsActions vm={vm} />
      </ViewHeader>
      <WalletEditor initial={vm.wallets} networks={vm.networks} busy={busy} onSubmit={vm.lookUp} />
      <QueryNotices
        query={query}
        loading={`Looking up ${countOf(queries.length, 'wallet')}…`}
        uncached={<EmptyState title="No cached positions">The app is offline and these wallets were never looked up for this profile.</EmptyState>}
      />
      {query.status === 'idle' ? (
        <EmptyState title="No wallets yet">Add a wallet address and its network, then look up its positions.</EmptyState>
      ) : null}
      {shown ? (
        <div className="yield-positions-layout">
          <div className="yield-positions-main">
            {vm.groups.length ? (
              <PositionsResults groups={vm.groups} />
            ) : (
              <EmptyState title="No positions">
                The service reports no balances for {queries.length === 1 ? 'this wallet' : `these ${queries.length} wallets`}
                {shown.data.errors.length ? ' apart from the failed lookups' : ''}.
              </EmptyState>
            )}
          </div>
          <PositionsSide vm={vm} errors={shown.data.errors} />
        </div>
      ) : null}
    </section>
  )
}
