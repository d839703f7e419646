import { useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { toCsv } from '@contract/csv'
import { datedFilename, downloadText } from '../../../lib/download'
import { useOfflineMode } from '../../../stores/cache'
import { namesById, useCachedMarkets, vocabularyOf } from '../cachedMarkets'
import { POSITION_CSV_COLUMNS, positionCsvRows } from './positionsCsv'
import { groupByMarket } from './positionsModel'
import { isRefreshChoice } from './refreshChoices'
import { useLearnMarketNames } from './useLearnMarketNames'
import { useBalanceSnapshots, usePositions } from './usePositions'
import { readWallets, toQueries, writeWallets, type WalletRow } from './wallets'

const REFRESH_PARAM = 'refresh'

/** The auto-refresh period from the URL, and a setter that writes it back. */
function useRefreshParam() {
  const [params, setParams] = useSearchParams()
  const seconds = Number(params.get(REFRESH_PARAM) ?? 0)
  const setRefresh = (next: number) =>
    setParams(
      (p) => {
        if (next) p.set(REFRESH_PARAM, String(next))
        else p.delete(REFRESH_PARAM)
        return p
      },
      { replace: true },
    )
  return { refreshEvery: isRefreshChoice(seconds) ? seconds : 0, setRefresh }
}

/**
 * The positions view's model: wallets read from the URL, their positions grouped per
 * market (named from the cached markets, learning missing names once), snapshots for
 * the value chart, auto-refresh and the CSV export.
 */
export function usePositionsView() {
  const [params, setParams] = useSearchParams()
  const wallets = useMemo(() => readWallets(params), [params])
  // The service's networks, from the markets it listed (read once per profile): the picker's options and what "all networks" means.
  const known = useCachedMarkets()
  const networks = useMemo(() => vocabularyOf(known).networks, [known])
  const queries = useMemo(() => toQueries(wallets, networks), [wallets, networks])
  const { refreshEvery, setRefresh } = useRefreshParam()
  const offline = useOfflineMode()

  // Auto-refresh is the query's own interval; offline there is nothing new to fetch, and it resumes when the service is back.
  const query = usePositions(queries, refreshEvery > 0 && !offline ? refreshEvery * 1000 : undefined)
  const shown = query.shown
  // Both follow the cache: a new snapshot, or market names learnt, show without asking.
  const snapshots = useBalanceSnapshots(queries)
  const names = useMemo(() => namesById(known), [known])
  const groups = useMemo(() => (shown ? groupByMarket(shown.data.items, (id) => names.get(id)) : []), [shown, names])
  const unnamed = groups.some((g) => g.yieldId && !names.has(g.yieldId))
  useLearnMarketNames(unnamed, Boolean(shown && !shown.fromCache && !offline))

  const exportCsv = () => {
    if (!shown) return
    const csv = toCsv(positionCsvRows(groups, shown.data.errors), POSITION_CSV_COLUMNS)
    downloadText(csv, datedFilename('yield-positions', 'csv'), 'text/csv')
  }
  // Asking again about the same wallets is a refresh: the URL would not change.
  const lookUp = (next: WalletRow[]) =>
    JSON.stringify(toQueries(next, networks)) === JSON.stringify(queries) ? query.reload() : setParams((p) => writeWallets(p, next))

  const nameOf = (id: string) => names.get(id)
  return { wallets, queries, query, groups, snapshots, networks, nameOf, refreshEvery, setRefresh, exportCsv, lookUp }
}

export type PositionsViewModel = ReturnType<typeof usePositionsView>
