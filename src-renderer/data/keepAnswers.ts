import type { Fetched } from '@contract/app'
import { orElse } from '@contract/errors'
import type { BridgeArgs, BridgeResult } from '@contract/bridge'
import type { BridgeMethodName } from '@contract/channels'
import { cacheModule, type CacheModule } from '../db/lazy'
import type { Intent, IntentHistoryEntry } from '@contract/service'
import { balancePrices, quotePrices, type PriceKind } from '../lib/priceSource'
import { tokenLabel } from '../lib/displaySources'
import { usePriceBookStore } from '../stores/priceBook'
import { tokenLabelsOf } from './reference/tokens'

export type DataOf<M extends BridgeMethodName> = BridgeResult<M> extends Fetched<infer T> ? T : never
type Writer<M extends BridgeMethodName> = (db: CacheModule, fetched: Fetched<DataOf<M>>, args: BridgeArgs<M>) => Promise<void>

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

/**
 * The prices an answer states, for the profile's one price source (`lib/priceSource.ts`).
 * Every bridge answer written through comes here (`bridgeCall`), whichever view asked.
 */
function learnPrices<M extends BridgeMethodName>(method: M, fetched: Fetched<DataOf<M>>): void {
  const labels = tokenLabelsOf(fetched.source.profileId)
  const decimalsOf = (chainId: number | undefined, token: string | undefined) => tokenLabel(labels, chainId, token)?.decimals
  const data = fetched.data as Record<string, unknown>
  const intents: Intent[] =
    method === 'getIntent' ? [data as Intent] : method === 'searchIntents' ? ((data.intents as Intent[]) ?? []) : method === 'quoteIntent' ? [data.intent as Intent] : []
  const prices: Array<readonly [string, { usd: number; from: PriceKind; intentId?: string }]> = intents.flatMap((i) =>
    quotePrices(i, decimalsOf).map(([k, usd]) => [k, { usd, from: 'quote' as const, ...(typeof i.intentId === 'string' && { intentId: i.intentId }) }] as const),
  )
  if (method === 'getIntentHistory') for (const [k, usd] of balancePrices((data.intents as IntentHistoryEntry[]) ?? [])) prices.push([k, { usd, from: 'balance' }])
  usePriceBookStore.getState().learn(fetched.source.profileId, prices, fetched.source.fetchedAt)
}

/** Stores a service answer in the cache (a no-op for methods whose answers are not kept), and learns the prices it states. */
export function writeThrough<M extends BridgeMethodName>(method: M, fetched: Fetched<DataOf<M>>, args: BridgeArgs<M>): Promise<void> {
  // A malformed answer teaches no price; its cache writer reports its own problems.
  orElse(() => learnPrices(method, fetched), undefined)
  const writer = WRITERS[method] as Writer<M> | undefined
  return writer ? cacheModule().then((db) => writer(db, fetched, args)) : Promise.resolve()
}
