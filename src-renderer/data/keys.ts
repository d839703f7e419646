import type { BridgeArgs } from '@contract/bridge'
import type { BridgeMethodName } from '@contract/channels'

/**
 * The one place query keys are made. Every key starts with the profile id, so a profile
 * switch changes every key and nothing loaded for the previous profile can show; the
 * second element names the source (a bridge method, or a cache read that has no bridge
 * call), the third holds its arguments.
 */

/**
 * Sources that are not one bridge call, keyed like service data: reads of the local cache
 * alone, and answers assembled from several calls (a market found by scanning the list).
 */
export const OTHER_SOURCES = ['cacheInventory', 'yieldMarket', 'intentReceipt', 'heldBalances', 'cachedQuotes', 'searchPreview', 'cachedSearch', 'filteredMarkets', 'attentionQueue', 'recoverableWallet', 'reconnectProbe', 'routeBaseline'] as const

/** Reads of what this computer keeps (`useCacheRead`). */
export const CACHE_READ_SOURCES = ['watchMirror', 'notesOf', 'intentNotes', 'transitions', 'bookmark', 'savedSearches', 'cachedIntent', 'cachedMarkets', 'balanceSnapshots'] as const
export type CacheReadSource = (typeof CACHE_READ_SOURCES)[number]
export type OtherSource = (typeof OTHER_SOURCES)[number] | CacheReadSource

export type QuerySource = BridgeMethodName | OtherSource

export type ArgsOf<S extends QuerySource> = S extends BridgeMethodName ? BridgeArgs<S> : unknown

type DataKey<S extends QuerySource = QuerySource> = readonly [profileId: string, source: S, args: ArgsOf<S>]

export const queryKeys = {
  source: <S extends QuerySource>(profileId: string, source: S) => [profileId, source] as const,
  request: <S extends QuerySource>(profileId: string, source: S, args: ArgsOf<S>): DataKey<S> => [profileId, source, args] as const,
}

export const profileOfKey = (key: readonly unknown[] | undefined): string | undefined =>
  typeof key?.[0] === 'string' ? key[0] : undefined
