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
} from './records'
import type { StoreName } from './schema'
import { inWorkerOr } from './workerClient'
import { yieldToUi } from './yieldToUi'
import type { IngestKind } from './workerProtocol'

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

const STORE_OF: Record<IngestKind, StoreName> = { intent: 'intents', receipt: 'receipts' }

/** Writes intent objects through in this thread (the cache worker's, or the page's when it has none). */
export function ingestHere(kind: IngestKind, meta: FetchMeta, objects: readonly unknown[]): Promise<void> {
  return writeThrough(STORE_OF[kind], (db) =>
    kind === 'intent'
      ? storeIntentObjects(db, kind, meta, objects as Intent[], summaryFromIntent, (intent, intentId) => ({ ...meta, intentId, intent }))
      : storeIntentObjects(db, kind, meta, objects as IntentReceipt[], (r) => summaryFromReceipt(r), (receipt, intentId) => ({ ...meta, intentId, receipt })),
  )
}

/**
 * Objects posted to the cache worker per message. Posting copies them on the window's
 * thread: a wallet search's 500 full intents (about 4 MB) in one message were one task of
 * 25–60 ms; in slices, with a yield between, each is a few milliseconds.
 */
const POST_SLICE = 50

/** In the cache worker when the window has one: the page only posts the objects, a slice at a time, in order. */
function ingest(kind: IngestKind, source: DataSource, objects: readonly unknown[]): Promise<void> {
  const meta = metaOf(source)
  return writeThrough(STORE_OF[kind], async () => {
    const posted: Promise<void>[] = []
    for (let at = 0; at < objects.length; at += POST_SLICE) {
      if (at) await yieldToUi()
      const slice = objects.slice(at, at + POST_SLICE)
      posted.push(inWorkerOr({ op: 'ingest', kind, meta, objects: slice }, () => ingestHere(kind, meta, slice)))
    }
    await Promise.all(posted)
  })
}

/** GetIntent / SearchIntents results. */
export const cacheIntents = (source: DataSource, intents: Intent[]): Promise<void> => ingest('intent', source, intents)

/**
 * One GetIntentHistory page (entries with receipts and balances), staged whole in one
 * transaction and filed for offline search behind it (`historyJournal.ts`), both in the
 * cache worker when the window has one.
 */
export const cacheHistoryPage = (source: DataSource, entries: IntentHistoryEntry[]): Promise<void> =>
  writeThrough('historyEntries', () => stageHistoryPage(metaOf(source), entries))

/** A WaitIntentReceipt / GetIntentReceipt answer; a new status is recorded as a transition. */
export const cacheReceipt = (source: DataSource, receipt: IntentReceipt): Promise<void> => ingest('receipt', source, [receipt])

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
