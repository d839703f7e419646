import type { DataSource } from '@contract/app'
import type {
  ChainInfo,
  GetEarnPoolsResponse,
  Intent,
  IntentHistoryEntry,
  IntentReceipt,
  YieldBalanceQuery,
  YieldBalances,
  YieldError,
  YieldMarket,
} from '@contract/service'
import { reportWriteError } from './activity'
import type { BalanceSnapshot } from './balances'
import { explorerDb, type ExplorerDb } from './db'
import { storageErrorMessage } from './errors'
import { stageHistoryPage } from './historyJournal'
import { storeIntentObjects } from './intentIndex'
import {
  snapshotTotalUsd,
  summaryFromIntent,
  summaryFromReceipt,
  walletKey,
  type FetchMeta,
  type IntentSource,
  type SummaryPart,
} from './records'
import type { StoreName } from './schema'

/**
 * Write-through: every service answer a view shows is stored with its fetch time and
 * profile. Each call is one transaction, and none ever rejects: a failed write (quota,
 * corruption) is reported to the cache status store and the view carries on.
 */

const metaOf = (source: DataSource): FetchMeta => ({
  profileId: source.profileId,
  baseUrl: source.baseUrl,
  fetchedAt: source.fetchedAt,
})

async function writeThrough(store: StoreName, write: (db: ExplorerDb) => Promise<unknown>): Promise<void> {
  try {
    await write(explorerDb())
  } catch (error) {
    console.warn(`cache write to ${store} failed`, error)
    reportWriteError(store, storageErrorMessage(error))
  }
}

function ingest<T>(
  kind: IntentSource,
  store: StoreName,
  source: DataSource,
  objects: readonly T[],
  summarise: (o: T) => SummaryPart | undefined,
  record: (o: T, intentId: string, meta: FetchMeta) => object,
): Promise<void> {
  return writeThrough(store, (db) => storeIntentObjects(db, kind, metaOf(source), objects, summarise, record))
}

/** GetIntent / SearchIntents results. */
export const cacheIntents = (source: DataSource, intents: Intent[]): Promise<void> =>
  ingest('intent', 'intents', source, intents, summaryFromIntent, (intent, intentId, meta) => ({ ...meta, intentId, intent }))

/**
 * One GetIntentHistory page (entries with receipts and balances), staged whole in one
 * transaction and filed for offline search behind it (`historyJournal.ts`).
 */
export const cacheHistoryPage = (source: DataSource, entries: IntentHistoryEntry[]): Promise<void> =>
  writeThrough('historyEntries', () => stageHistoryPage(metaOf(source), entries))

/** A WaitIntentReceipt / GetIntentReceipt answer; a new status is recorded as a transition. */
export const cacheReceipt = (source: DataSource, receipt: IntentReceipt): Promise<void> =>
  ingest('receipt', 'receipts', source, [receipt], (r) => summaryFromReceipt(r), (r, intentId, meta) => ({
    ...meta,
    intentId,
    receipt: r,
  }))

/** Chains are merged by id: a provider-filtered list refreshes its chains and keeps the rest. */
export const cacheChains = (source: DataSource, chains: ChainInfo[]): Promise<void> =>
  writeThrough('chains', (db) => db.chains.bulkPut(chains.map((chain) => ({ ...metaOf(source), id: chain.id, chain }))))

export const cacheMarkets = (source: DataSource, markets: YieldMarket[]): Promise<void> =>
  writeThrough('markets', (db) => db.markets.bulkPut(markets.map((market) => ({ ...metaOf(source), id: market.id, market }))))

/** Every positions fetch is kept with its time, so a wallet's value can be charted. */
export const cacheBalanceSnapshot = (
  source: DataSource,
  queries: YieldBalanceQuery[],
  result: { items: YieldBalances[]; errors: YieldError[] },
): Promise<void> =>
  writeThrough('balanceSnapshots', (db) => {
    const snapshot: BalanceSnapshot = {
      ...metaOf(source),
      walletKey: walletKey(queries),
      queries,
      items: result.items,
      errors: result.errors,
      totalUsd: snapshotTotalUsd(result.items),
    }
    return db.balanceSnapshots.put(snapshot)
  })

export const cacheEarnPools = (source: DataSource, response: GetEarnPoolsResponse): Promise<void> =>
  writeThrough('earnPools', (db) =>
    db.earnPools.bulkPut(response.pools.map((pool) => ({ ...metaOf(source), id: pool.id, pool, timestamp: response.timestamp }))),
  )
