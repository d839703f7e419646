import type { Fetched } from '@contract/app'
import type { BridgeArgs, BridgeResult } from '@contract/bridge'
import type { BridgeMethodName } from '@contract/channels'
import { cacheModule } from '../db/lazy'

type DataOf<M extends BridgeMethodName> = BridgeResult<M> extends Fetched<infer T> ? T : never
type Db = Awaited<ReturnType<typeof cacheModule>>
type Writer<M extends BridgeMethodName> = (db: Db, fetched: Fetched<DataOf<M>>, args: BridgeArgs<M>) => Promise<void>

/**
 * How each service answer is kept in the cache: one writer per bridge method, so every
 * query function and every one-off call stores the same answer the same way. Methods
 * absent here (commits, settings) have nothing to keep. Writers never reject. The cache
 * module is loaded on first use, so the shell's start-up does not wait for Dexie.
 */
const WRITERS: { [M in BridgeMethodName]?: Writer<M> } = {
  getIntent: (db, { source, data }) => db.cacheIntents(source, [data]),
  searchIntents: (db, { source, data }) => db.cacheIntents(source, data.intents),
  getIntentHistory: (db, { source, data }) => db.cacheHistoryPage(source, data.intents),
  getIntentReceipt: (db, { source, data }) => db.cacheReceipt(source, data),
  quoteIntent: (db, { source, data }) => db.cacheIntents(source, [data.intent]),
  getChains: (db, { source, data }) => db.cacheChains(source, data.chains),
  yieldGetMarkets: (db, { source, data }) => db.cacheMarkets(source, data.items),
  yieldGetAggregateBalances: (db, { source, data }, args) => db.cacheBalanceSnapshot(source, [...args.queries], data),
  getEarnPools: (db, { source, data }) => db.cacheEarnPools(source, data),
}

/** Stores a service answer in the cache (a no-op for methods whose answers are not kept). */
export function writeThrough<M extends BridgeMethodName>(method: M, fetched: Fetched<DataOf<M>>, args: BridgeArgs<M>): Promise<void> {
  const writer = WRITERS[method] as Writer<M> | undefined
  return writer ? cacheModule().then((db) => writer(db, fetched, args)) : Promise.resolve()
}

export type { DataOf }
