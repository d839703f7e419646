import { useMutation, useQueryClient, type Query } from '@tanstack/react-query'
import { clearCache, storageErrorMessage } from '../db'
import { explorerDb } from '../db/db'
import { flushHistoryJournal } from '../db/historyJournal'
import { listNotes, isBookmarked } from '../db/userData'
import { readChains, readHistoryEntry, readIntent, readReceipt, readTransitions } from '../db/reads'
import { toCachedRow } from '../db/records'
import { importCache, type CacheFile, type ImportOptions, type TransferProgress } from '../db/transfer'
import { isCachedList } from './client'
import { CACHE_READ_SOURCES, OTHER_SOURCES } from './keys'
import { cacheWrite } from './notes'
import { forgetQuotedReads } from './useQuotedIntents'

/**
 * The Cache view's writes (clearing, importing a file) as mutations, and its one-intent
 * read for a case bundle. Only that view imports this module: it brings the file format's
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

/** A cache write whose failure is an `SvcError` in the cache's words, after which every view reads what the cache now holds. */
function useCacheChange<A, T>(write: (args: A) => Promise<T>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: cacheWrite((args: A) => write(args).catch((e: unknown) => Promise.reject(new Error(storageErrorMessage(e))))),
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
