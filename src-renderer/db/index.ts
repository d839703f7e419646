/** The offline cache (see its README); export and import are in `./transfer`. */
export {
  cacheBalanceSnapshot,
  cacheChains,
  cacheEarnPools,
  cacheHistoryPage,
  cacheIntents,
  cacheMarkets,
  cacheReceipt,
} from './writeThrough'
export { flushHistoryJournal, scheduleIndexing } from './historyJournal'
export { takeFirstPageEarly, type EarlyRow } from './earlyFirstPage'
export { readChains, readEarnPools, readHistoryEntries, readHistoryEntry, readIntent, readQuotedIntents, readReceipt, readTransitions, type QuoteFields } from './reads'
export {
  countCachedIntents,
  PROJECT_FILTER_CAVEAT,
  searchCachedIntents,
  type OfflineCursor,
  type OfflineIntentFilter,
} from './intentsQuery'
export { queryMarkets, readMarket } from './markets'
export { listBalanceSnapshots, readLatestBalanceSnapshot, type BalanceSnapshot } from './balances'
export { addNote, deleteNote, isBookmarked, listNotes, listNotesOf, setBookmarked, type Note } from './userData'
export { deleteSavedSearch, listSavedSearches, listWatchMirror, putWatchMirror, removeWatchMirror, saveSearch, type WatchMirror } from './userData'
export { cacheInventory, clearCache, type CachedProfile, type StoreInventory } from './maintenance'
export { estimateStorage, requestPersistentStorage, type StorageEstimate } from './storage'
export { storageErrorMessage } from './errors'
export { onCacheActivity, type CacheActivity } from './activity'
export { readRouteFactBatches } from './rowBatches'
export { hash } from './fingerprint'
export { explorerDb, openExplorerDb, setExplorerDb, type ExplorerDb, type SavedSearchView } from './db'
export { DB_NAME, SCHEMA_VERSION, STORES, type StoreName } from './schema'
export { rowOfHistoryEntry, walletKey, type CachedIntentRow } from './records'
