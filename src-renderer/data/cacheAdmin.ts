import { useMutation, useQuery, useQueryClient, type Query } from '@tanstack/react-query'
import { useEffect } from 'react'
import { cacheInventory, clearCache, estimateStorage, onCacheActivity, storageErrorMessage, type CachedProfile, type StorageEstimate, type StoreInventory } from '../db'
import { explorerDb } from '../db/db'
import { flushHistoryJournal } from '../db/historyJournal'
import { listNotes, isBookmarked } from '../db/userData'
import { readChains, readHistoryEntry, readIntent, readReceipt, readTransitions } from '../db/reads'
import { toCachedRow } from '../db/records'
import { importCache, type CacheFile, type ImportOptions, type TransferProgress } from '../db/transfer'
import { isCachedList } from './client'
import { toSvcError } from './errors'
import { CACHE_READ_SOURCES, OTHER_SOURCES, queryKeys } from './keys'
import { forgetQuotedReads } from './useQuotedIntents'
import { useProfileId } from './useServiceQuery'

/**
 * The Cache view's inventory, its writes (clearing, importing a file) as mutations, and
 * its one-intent read for a case bundle. Only that view imports this module: it brings the file format's
 * validation (zod and the service schemas), which start-up does not load.
 */

const CACHE_SOURCES = new Set<string>([...OTHER_SOURCES, ...CACHE_READ_SOURCES])

/**
 * Whether a query's answer may change with the cache's contents: a cache-only source, a
 * service answer or list the cache gave, or a failure (which may have been "nothing cached").
 */
function followsTheCache(q: Query): boolean {
  const cached = (q.state.data as { fromCache?: boolean } | undefined)?.fromCache === true || isCachedList(q.state.data)
  return cached || q.state.status === 'error' || CACHE_SOURCES.has(q.queryKey[1] as string)
}

/** A failure of the cache as an `SvcError` in the cache's words. */
const storageFailure = (e: unknown): Promise<never> => Promise.reject(toSvcError(new Error(storageErrorMessage(e))))

/** A cache write whose failure is a `storageFailure`, after which every view reads what the cache now holds. */
function useCacheChange<A, T>(write: (args: A) => Promise<T>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (args: A) => write(args).catch(storageFailure),
    // Shown queries read again at once, the others when next shown; live answers stay.
    // The pricing reads kept for 30 s are of the cache as it was: forget them first.
    onSuccess: () => {
      forgetQuotedReads()
      return client.invalidateQueries({ predicate: followsTheCache })
    },
  })
}

/** Deletes cached records: some stores, one profile's, or everything. */
export const useClearCache = () => useCacheChange(clearCache)

interface ImportArgs {
  file: CacheFile
  options: ImportOptions
  onProgress(p: TransferProgress): void
}

/** Writes a checked export file into the cache, in one transaction. */
export const useImportCache = () => useCacheChange(({ file, options, onProgress }: ImportArgs) => importCache(file, options, onProgress))

/**
 * Everything the cache holds about one intent, for a case bundle. The entries fetched
 * moments ago are filed first, so the intent's summary row exists.
 */
export async function readCaseRecords(profileId: string, intentId: string) {
  await flushHistoryJournal()
  const [rowRecord, intent, receipt, historyEntry, transitions, notes, bookmarked, chainList] = await Promise.all([
    explorerDb().intentRows.get([profileId, intentId]),
    readIntent(profileId, intentId),
    readReceipt(profileId, intentId),
    readHistoryEntry(profileId, intentId),
    readTransitions(profileId, intentId),
    listNotes(profileId, intentId),
    isBookmarked(profileId, intentId),
    readChains(profileId),
  ])
  const summary = rowRecord && toCachedRow(rowRecord)
  return { summary, baseUrl: rowRecord?.baseUrl, intent, receipt, historyEntry, transitions, notes, bookmarked, chains: chainList?.chains ?? [] }
}

export interface Inventory {
  profiles: CachedProfile[]
  stores: StoreInventory[]
  storage: StorageEstimate
}

const readInventory = (): Promise<Inventory> => Promise.all([cacheInventory(), estimateStorage()]).then(([inv, storage]) => ({ ...inv, storage }), storageFailure)

/**
 * What the cache holds (every profile's records), a cache-only query. Counted afresh when
 * the view opens, after every change the view makes (`reload`), and when the cache
 * reports activity (entries filed, a failed write).
 */
export function useCacheInventory() {
  const client = useQueryClient()
  const profileId = useProfileId() ?? ''
  const query = useQuery({ queryKey: queryKeys.request(profileId, 'cacheInventory', {}), queryFn: readInventory })

  useEffect(() => {
    // Entries filed or a write failed: the counts moved. Reading the inventory reports the
    // waiting count again, unchanged, which must not start another reading.
    // What it is told on subscribing (the count, an earlier failure) is how things stand.
    let waiting: number | undefined
    let subscribed = false
    const stop = onCacheActivity((activity) => {
      const moved = activity.kind === 'unindexed' ? waiting !== undefined && activity.count !== waiting : subscribed
      if (activity.kind === 'unindexed') waiting = activity.count
      if (moved) void client.invalidateQueries({ queryKey: queryKeys.source(profileId, 'cacheInventory') })
    })
    subscribed = true
    return stop
  }, [client, profileId])

  return {
    /** The last count, kept on screen while the next runs or after it failed. */
    inventory: query.data,
    loading: query.isFetching,
    /** Why the cache could not be counted. */
    error: query.isError ? query.error.message : undefined,
    reload: () => void query.refetch(),
  }
}
