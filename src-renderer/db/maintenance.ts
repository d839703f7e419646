import Dexie from 'dexie'
import { explorerDb, intentIdsOf, prefixRange, storeTable, type ExplorerDb } from './db'
import type { FileProfile } from './fileFormat'
import { dropStaged, flushHistoryJournal, withIndexingPaused } from './historyJournal'
import { rebuildIntentIndex, rebuildTables } from './intentIndex'
import { INTENT_OBJECT_STORES } from './records'
import { DERIVED_STORES, STORES, storeInfo, type StoreInfo, type StoreName } from './schema'

/** A profile with cached data, and the service URLs its data came from (a profile's URL may change over time). */
export type CachedProfile = FileProfile

export interface StoreInventory {
  store: StoreInfo
  /** records per profile id */
  counts: Record<string, number>
  total: number
  /** Rough size of the records as JSON, from a sample; IndexedDB's own overhead is not included. */
  approxBytes: number
}

const SIZE_SAMPLE = 25

/**
 * Profiles with anything cached. Every key starts with the profile id, so each store is
 * read one record per profile: after a profile's first record, jump past its whole range.
 */
export async function listCachedProfiles(db: ExplorerDb = explorerDb()): Promise<CachedProfile[]> {
  const found = new Map<string, Set<string>>()
  for (const s of STORES) {
    const table = storeTable(db, s.name)
    let record = (await table.orderBy(s.profileIndex).first()) as { profileId: string; baseUrl?: string } | undefined
    while (record) {
      const urls = found.get(record.profileId) ?? new Set<string>()
      if (record.baseUrl) urls.add(record.baseUrl)
      found.set(record.profileId, urls)
      record = await table.where(s.profileIndex).above([record.profileId, Dexie.maxKey]).first()
    }
  }
  return [...found].map(([profileId, urls]) => ({ profileId, baseUrls: [...urls] })).sort((a, b) => a.profileId.localeCompare(b.profileId))
}

/** Records per store and profile, with a rough size per store (history just fetched filed first). */
export async function cacheInventory(): Promise<{ profiles: CachedProfile[]; stores: StoreInventory[] }> {
  await flushHistoryJournal()
  const db = explorerDb()
  const profiles = await listCachedProfiles(db)
  const stores = await Promise.all(
    STORES.map(async (store): Promise<StoreInventory> => {
      const table = storeTable(db, store.name)
      const counts: Record<string, number> = {}
      for (const p of profiles) counts[p.profileId] = await prefixRange(table, store.profileIndex, p.profileId).count()
      const total = Object.values(counts).reduce((a, b) => a + b, 0)
      const sample = total ? await table.limit(SIZE_SAMPLE).toArray() : []
      const sampleBytes = sample.reduce((sum, r) => sum + JSON.stringify(r).length, 0)
      return { store, counts, total, approxBytes: sample.length ? Math.round((sampleBytes / sample.length) * total) : 0 }
    }),
  )
  return { profiles, stores }
}

export interface ClearTarget {
  /** One profile; all profiles when absent. */
  profileId?: string
  /** Stores to clear; every store (user data included) when absent. Derived stores follow their sources. */
  stores?: readonly StoreName[]
}

/**
 * Deletes cached data in one transaction. Clearing only some of the intent sources
 * (intents, history entries, receipts) rebuilds the search index from what remains, so
 * searches never return an intent whose objects are gone.
 */
export const clearCache = (target: ClearTarget): Promise<void> =>
  withIndexingPaused(async () => {
    const db = explorerDb()
    const chosen = new Set<StoreName>(target.stores ?? STORES.map((s) => s.name))
    const allSources = INTENT_OBJECT_STORES.every((s) => chosen.has(s.store))
    const someSources = INTENT_OBJECT_STORES.some((s) => chosen.has(s.store))
    if (allSources) for (const derived of DERIVED_STORES) chosen.add(derived)
    const rebuild = someSources && !allSources
    const profiles = target.profileId ? [target.profileId] : rebuild ? (await listCachedProfiles(db)).map((p) => p.profileId) : []
    // History entries still in the journal go with the filed ones.
    const dropJournal = chosen.has('historyEntries')
    const tables = [...[...chosen].map((name) => storeTable(db, name)), ...(dropJournal ? [db.historyJournal] : [])]
    await db.transaction('rw', rebuild ? [...new Set([...tables, ...rebuildTables(db)])] : tables, async () => {
      if (dropJournal) await dropStaged(db, target.profileId)
      for (const name of chosen) {
        if (target.profileId) await prefixRange(storeTable(db, name), storeInfo(name).profileIndex, target.profileId).delete()
        else await storeTable(db, name).clear()
      }
      // Every intent with a summary row: one whose objects are all gone loses its row.
      if (rebuild) for (const p of profiles) await rebuildIntentIndex(db, p, intentIdsOf(await prefixRange(db.intentRows, ':id', p).primaryKeys()))
    })
  })
