import { useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { CachedNotice } from '../../../components/CachedNotice'
import { EmptyState } from '../../../components/EmptyState'
import { ErrorNotice } from '../../../components/ErrorNotice'
import { toCsv } from '../../../lib/csv'
import { datedFilename, downloadText } from '../../../lib/download'
import { countOf } from '../../../lib/format'
import { useOfflineMode } from '../../../stores/cache'
import { namesById, useCachedMarkets, vocabularyOf } from '../cachedMarkets'
import { BreakdownChart } from '../charts/BreakdownChart'
import { ValueOverTimeChart } from '../charts/ValueOverTimeChart'
import { YieldTabs } from '../YieldTabs'
import { PositionsResults, YieldErrors } from './PositionsResults'
import { POSITION_CSV_COLUMNS, positionCsvRows } from './positionsCsv'
import { allocationByMarket, allocationByToken, groupByMarket, valueSeries } from './positionsModel'
import { isRefreshChoice, REFRESH_CHOICES, useAutoRefresh } from './useAutoRefresh'
import { useLearnMarketNames } from './useLearnMarketNames'
import { useBalanceSnapshots, usePositions } from './usePositions'
import { WalletEditor } from './WalletEditor'
import { readWallets, toQueries, writeWallets } from './wallets'

const REFRESH_PARAM = 'refresh'

export function PositionsView() {
  const [params, setParams] = useSearchParams()
  const wallets = useMemo(() => readWallets(params), [params])
  const queries = useMemo(() => toQueries(wallets), [wallets])
  const refreshSeconds = Number(params.get(REFRESH_PARAM) ?? 0)
  const refreshEvery = isRefreshChoice(refreshSeconds) ? refreshSeconds : 0
  const offline = useOfflineMode()

  const query = usePositions(queries)
  const shown = query.shown
  const snapshots = useBalanceSnapshots(queries, shown?.fetchedAt)
  const [namesVersion, setNamesVersion] = useState(0)
  const cachedMarkets = useCachedMarkets(`${shown?.fetchedAt}-${namesVersion}`)
  const names = useMemo(() => namesById(cachedMarkets), [cachedMarkets])
  const networks = useMemo(() => vocabularyOf(cachedMarkets).networks, [cachedMarkets])
  const nameOf = (id: string) => names.get(id)
  const groups = useMemo(() => (shown ? groupByMarket(shown.data.items, (id) => names.get(id)) : []), [shown, names])
  const busy = query.status === 'loading'
  const unnamed = groups.some((g) => g.yieldId && !names.has(g.yieldId))
  useLearnMarketNames(unnamed, Boolean(shown && !shown.fromCache && !offline), () => setNamesVersion((v) => v + 1))

  // Offline there is nothing new to fetch; the timer resumes when the service is back.
  useAutoRefresh(refreshEvery, queries.length > 0 && !offline, query.reload)

  const setRefresh = (seconds: number) =>
    setParams(
      (p) => {
        if (seconds) p.set(REFRESH_PARAM, String(seconds))
        else p.delete(REFRESH_PARAM)
        return p
      },
      { replace: true },
    )

  const exportCsv = () => {
    if (!shown) return
    const csv = toCsv(positionCsvRows(groups, shown.data.errors), POSITION_CSV_COLUMNS)
    downloadText(csv, datedFilename('yield-positions', 'csv'), 'text/csv')
  }

  return (
    <section className="view" aria-labelledby="positions-title">
      <header className="view-header">
        <h1 id="positions-title">Yield positions</h1>
        <YieldTabs />
        <div className="row">
          <button type="button" onClick={query.reload} disabled={busy || !queries.length}>
            {busy ? 'Refreshing…' : 'Refresh'}
          </button>
          <label className="row small">
            Auto-refresh
            <select value={refreshEvery} onChange={(e) => setRefresh(Number(e.target.value))}>
              {REFRESH_CHOICES.map((c) => (
                <option key={c.seconds} value={c.seconds}>
                  {c.label}
                </option>
              ))}
            </select>
          </label>
          <button type="button" onClick={exportCsv} disabled={!shown}>
            Export CSV
          </button>
        </div>
      </header>
      <WalletEditor
        initial={wallets}
        networks={networks}
        busy={busy}
        onSubmit={(next) =>
          // Asking again about the same wallets is a refresh: the URL would not change.
          JSON.stringify(toQueries(next)) === JSON.stringify(queries) ? query.reload() : setParams((p) => writeWallets(p, next))
        }
      />
      {shown?.fromCache ? <CachedNotice fetchedAt={shown.fetchedAt} /> : null}
      {query.status === 'error' ? <ErrorNotice error={query.error} onRetry={query.reload} /> : null}
      {query.status === 'uncached' ? (
        <EmptyState title="No cached positions">
          The app is offline and these wallets were never looked up for this profile.
        </EmptyState>
      ) : null}
      {query.status === 'idle' ? (
        <EmptyState title="No wallets yet">Add a wallet address and its network, then look up its positions.</EmptyState>
      ) : null}
      {busy && !shown ? <p className="muted">Looking up {countOf(queries.length, 'wallet')}…</p> : null}
      {shown ? (
        <div className="yield-positions-layout">
          <div className="yield-positions-main">
            {groups.length ? (
              <PositionsResults groups={groups} />
            ) : (
              <EmptyState title="No positions">
                The service reports no balances for {queries.length === 1 ? 'this wallet' : `these ${queries.length} wallets`}
                {shown.data.errors.length ? ' apart from the failed lookups' : ''}.
              </EmptyState>
            )}
          </div>
          <div className="yield-positions-side">
            <YieldErrors errors={shown.data.errors} nameOf={nameOf} />
            <section className="card" aria-label="Charts">
              <h2>Charts</h2>
              <BreakdownChart title="Allocation by market" slices={allocationByMarket(groups)} unit="usd" />
              <BreakdownChart title="Allocation by token" slices={allocationByToken(groups)} unit="usd" />
              <ValueOverTimeChart points={valueSeries(snapshots)} />
            </section>
          </div>
        </div>
      ) : null}
    </section>
  )
}
