import Dexie, { type Collection, type IndexableType, type Table } from 'dexie'
import type { IntentHistoryEntry } from '@contract/service'
import type { BalanceSnapshot } from './balances'
import type { FileRecord, FileStore } from './fileFormat'
import type { FetchMeta, IntentRowRecord, RouteFactRecord } from './records'
import { DB_NAME, declareVersions, type StoreName } from './schema'

/** Records are stored as the export file carries them (`fileFormat.ts`), a fetched one from an imported file marked `imported`. */
type Stored<S extends FileStore> = FileRecord<S> & Pick<FetchMeta, 'imported'>
/** Intent objects are stored with the lookup keys they reveal (`records.ts`, multiEntry index). */
type Keyed<S extends FileStore> = Stored<S> & { keys: string[] }
export type HistoryEntryRecord = Keyed<'historyEntries'>
/** A history page as fetched, waiting to be filed (`historyJournal.ts`). */
export interface JournalRecord extends FetchMeta {
  stagedAt: number
  /** Orders pages staged in the same millisecond. */
  seq: number
  size: number
  entries: IntentHistoryEntry[]
}
export type TransitionRecord = FileRecord<'transitions'>
/** The renderer's copy of a watch, so the Watch view can list watches offline. */
export type WatchRecord = FileRecord<'watches'>
export type NoteRecord = FileRecord<'notes'>
export type SavedSearchRecord = FileRecord<'savedSearches'>
export type SavedSearchView = SavedSearchRecord['view']

type ProfileKey = [string, string]

export type ExplorerDb = Dexie & {
  intents: Table<Keyed<'intents'>, ProfileKey>
  historyEntries: Table<HistoryEntryRecord, ProfileKey>
  receipts: Table<Keyed<'receipts'>, ProfileKey>
  transitions: Table<TransitionRecord, [string, string, number, string]>
  intentRows: Table<IntentRowRecord, ProfileKey>
  routeFacts: Table<RouteFactRecord, ProfileKey>
  historyJournal: Table<JournalRecord, [string, number, number, number]>
  chains: Table<Stored<'chains'>, [string, number]>
  markets: Table<Stored<'markets'>, ProfileKey>
  balanceSnapshots: Table<BalanceSnapshot, [string, string, number]>
  earnPools: Table<Stored<'earnPools'>, ProfileKey>
  watches: Table<WatchRecord, ProfileKey>
  notes: Table<NoteRecord, string>
  bookmarks: Table<FileRecord<'bookmarks'>, ProfileKey>
  savedSearches: Table<SavedSearchRecord, string>
}

/** A fresh handle on the cache database (tests pass their own name for isolation). */
export function openExplorerDb(name: string = DB_NAME): ExplorerDb {
  const db = new Dexie(name) as ExplorerDb
  declareVersions(db)
  return db
}

let current: ExplorerDb | undefined

/** The database every repository function uses; opened on first use. */
export const explorerDb = (): ExplorerDb => (current ??= openExplorerDb())

/** Points the repositories at another database (tests, or after deleting this one). */
export function setExplorerDb(db: ExplorerDb): void {
  current = db
}

export const storeTable = (db: ExplorerDb, name: StoreName): Table => db.table(name)

/** Intent ids from primary keys of the stores keyed `[profileId+intentId]`. */
export const intentIdsOf = (keys: readonly IndexableType[]): string[] => keys.map((k) => (k as [string, string])[1])

/** Every key of `index` that starts with `prefix` (the profile, then e.g. an intent id). */
export function prefixRange(table: Table, index: string, ...prefix: IndexableType[]): Collection {
  return table.where(index).between([...prefix, Dexie.minKey], [...prefix, Dexie.maxKey], true, true)
}
