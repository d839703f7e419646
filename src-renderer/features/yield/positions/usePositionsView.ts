import { useEffect, useMemo, useRef } from 'react'
import { useSearchParams } from 'react-router'
import { toCsv } from '@contract/csv'
import type { YieldBalanceQuery } from '@contract/service'
import { listBalanceSnapshots, readLatestBalanceSnapshot, walletKey, type BalanceSnapshot } from '../../../db'
import { bridgeCall } from '../../../data/liveOrCached'
import { useCacheRead } from '../../../data/useCacheRead'
import { useProfileId, useServiceQuery } from '../../../data/useServiceQuery'
import { datedFilename, downloadText } from '../../../lib/download'
import { useUrlParam } from '../../../lib/useUrlParam'
import { useOfflineMode } from '../../../stores/cache'
import { namesById, useCachedMarkets, vocabularyOf } from '../cachedMarkets'
import { groupByMarket, POSITION_CSV_COLUMNS, positionCsvRows } from './positionsModel'
import { collectMarkets, livePages } from '../markets/collectMarkets'
import { readWallets, toQueries, writeWallets, type WalletRow } from './wallets'

/** Auto-refresh choices, in seconds; 0 is off (the positions query's `refetchInterval`). */
export const REFRESH_OPTIONS: ReadonlyArray<{ value: number; label: string }> = [
  { value: 0, label: 'Off' },
  { value: 30, label: 'Every 30 s' },
  { value: 60, label: 'Every minute' },
  { value: 300, label: 'Every 5 minutes' },
]

/**
 * Positions of a set of wallets: YieldGetAggregateBalances (the main process splits it
 * into batches of 25 and merges the answers), kept as a snapshot on every fetch.
 * Offline, the latest snapshot of the same wallets is shown.
 */
function usePositions(queries: readonly YieldBalanceQuery[], refreshEveryMs?: number) {
  const args = queries.length ? { queries: [...queries] } : null
  return useServiceQuery('yieldGetAggregateBalances', args, (profileId, { queries: asked }) => ({
    live: (signal) => bridgeCall('yieldGetAggregateBalances', { queries: asked }, { signal }),
    cached: async () => {
      const hit = await readLatestBalanceSnapshot(profileId, walletKey(asked))
      return hit && { data: { items: hit.items, errors: hit.errors }, fetchedAt: hit.fetchedAt }
    },
  }), { refetchInterval: refreshEveryMs })
}

const NO_SNAPSHOTS: BalanceSnapshot[] = []

/** Every cached snapshot of the wallets, oldest first: a cache read, read again whenever a snapshot is kept. */
function useBalanceSnapshots(queries: readonly YieldBalanceQuery[]): BalanceSnapshot[] {
  const profileId = useProfileId()
  const wallets = queries.length ? walletKey(queries) : undefined
  const read = useCacheRead('balanceSnapshots', wallets ? profileId : undefined, { wallets }, (p) => listBalanceSnapshots(p, wallets!))
  return (wallets && read.data) || NO_SNAPSHOTS
}

/**
 * Positions name their market only by yield id. When some ids have no cached market,
 * the market list is read once (written through to the cache), where the view's cache
 * read of the markets finds the names. Once per view: a yield the list does not have stays an id.
 */
function useLearnMarketNames(missing: boolean, enabled: boolean): void {
  const tried = useRef(false)
  useEffect(() => {
    if (!missing || !enabled || tried.current) return
    tried.current = true
    void collectMarkets({ sort: 'nameAsc' }, livePages())
  }, [missing, enabled])
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
  // The auto-refresh period in the URL (`refresh=` seconds); anything not offered is off.
  const [refresh, setRefreshParam] = useUrlParam('refresh')
  const refreshEvery = REFRESH_OPTIONS.some((c) => c.value === Number(refresh)) ? Number(refresh) : 0
  const setRefresh = (next: number) => setRefreshParam(next ? String(next) : '')
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
