import Dexie, { type Table } from 'dexie'
import type { IntentStatus } from '@contract/service'
import { explorerDb, prefixRange, storeTable, type ExplorerDb } from './db'
import {
  CACHE_FILE_FORMAT,
  isFileStore,
  RECORD_TIMES,
  type CacheFile,
  type FileProfile,
  type FileRecord,
  type FileStore,
} from './fileFormat'
import { flushHistoryJournal } from './historyJournal'
import { rebuildIntentIndex, rebuildTables } from './intentIndex'
import { listCachedProfiles } from './maintenance'
import { INTENT_OBJECT_STORES, storedKeys } from './records'
import { EXPORTABLE_STORES, SCHEMA_VERSION, STORE_NAMES, storeInfo, type StoreName } from './schema'
import { yieldToUi } from './yieldToUi'

export interface TransferProgress {
  done: number
  total: number
  phase: 'reading' | 'writing' | 'indexing'
}

const EXPORT_BATCH = 1000
const IMPORT_CHUNK = 500

/** Reads a File or Blob as text (FileReader works wherever Blob.text may be missing). */
export function readBlobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'))
    reader.readAsText(blob)
  })
}

interface ExportSelection {
  /** Stores to export; every exportable store when absent. The derived search index is never exported. */
  stores?: readonly StoreName[]
  /** Profile ids to export; every cached profile when absent. */
  profiles?: readonly string[]
}

interface ExportResult {
  blob: Blob
  fileName: string
  counts: Partial<Record<FileStore, number>>
}

const primaryKeyOf = (table: Table, record: unknown) => Dexie.getByKeyPath(record as object, table.schema.primKey.keyPath!)

/**
 * Reads one profile's records of a store in key order, a batch per read transaction, so
 * an export never holds a transaction open long enough to stall write-through.
 */
async function eachBatch(table: Table, profileIndex: string, profileId: string, onBatch: (rows: unknown[]) => void): Promise<void> {
  if (profileIndex !== ':id') {
    // Stores keyed apart from the profile (notes, saved searches) are small: one read.
    const rows = await prefixRange(table, profileIndex, profileId).toArray()
    if (rows.length) onBatch(rows)
    return
  }
  let lower: unknown = [profileId, Dexie.minKey]
  let inclusive = true
  for (;;) {
    const rows = await table
      .where(':id')
      .between(lower as never, [profileId, Dexie.maxKey], inclusive, true)
      .limit(EXPORT_BATCH)
      .toArray()
    if (rows.length) onBatch(rows)
    if (rows.length < EXPORT_BATCH) return
    lower = primaryKeyOf(table, rows[rows.length - 1])
    inclusive = false
    await yieldToUi()
  }
}

/** `2024-05-01-1432`, local time: sorts by name and reads at a glance. */
function stamp(ms: number): string {
  const d = new Date(ms)
  const two = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}-${two(d.getHours())}${two(d.getMinutes())}`
}

/**
 * Builds the export file piece by piece (the pieces become one Blob), yielding between
 * batches so the window stays responsive and the progress bar moves.
 */
export async function exportCache(
  selection: ExportSelection = {},
  onProgress?: (p: TransferProgress) => void,
): Promise<ExportResult> {
  // The file holds filed entries only: file what was fetched moments ago first.
  await flushHistoryJournal()
  const db = explorerDb()
  const stores = (selection.stores ?? EXPORTABLE_STORES).filter(isFileStore)
  const profiles = selection.profiles ?? (await listCachedProfiles(db)).map((p) => p.profileId)
  let total = 0
  for (const s of stores)
    for (const p of profiles) total += await prefixRange(storeTable(db, s), storeInfo(s).profileIndex, p).count()

  const exportedAt = Date.now()
  const parts: string[] = [`{"format":${JSON.stringify(CACHE_FILE_FORMAT)},"version":${SCHEMA_VERSION},"exportedAt":${exportedAt},"stores":{`]
  const counts: Partial<Record<FileStore, number>> = {}
  const baseUrls = new Map<string, Set<string>>(profiles.map((p) => [p, new Set()]))
  let done = 0
  onProgress?.({ done, total, phase: 'reading' })
  for (const [n, s] of stores.entries()) {
    parts.push(`${n ? ',' : ''}${JSON.stringify(s)}:[`)
    // Lookup keys are derived from the objects: files leave them out and the import derives them again.
    const strip = INTENT_OBJECT_STORES.some((o) => o.store === s)
    let first = true
    for (const p of profiles) {
      await eachBatch(storeTable(db, s), storeInfo(s).profileIndex, p, (rows) => {
        for (const r of rows as Array<{ baseUrl?: string }>) if (r.baseUrl) baseUrls.get(p)!.add(r.baseUrl)
        parts.push(`${first ? '' : ','}${rows.map((r) => JSON.stringify(strip ? { ...(r as object), keys: undefined } : r)).join(',')}`)
        first = false
        done += rows.length
        counts[s] = (counts[s] ?? 0) + rows.length
        onProgress?.({ done, total, phase: 'reading' })
      })
    }
    parts.push(']')
  }
  const header: FileProfile[] = profiles.map((p) => ({ profileId: p, baseUrls: [...baseUrls.get(p)!] }))
  parts.push(`},"profiles":${JSON.stringify(header)}}`)
  return {
    blob: new Blob(parts, { type: 'application/json' }),
    fileName: `intent-explorer-cache-${stamp(exportedAt)}.json`,
    counts,
  }
}

export interface ImportOptions {
  /** The file's profiles to import; all of them when absent. */
  profiles?: readonly string[]
  /** Store every chosen record under this profile id instead of its own (e.g. the active profile). */
  into?: string
}

export interface ImportResult {
  /** Records written per store. */
  written: Partial<Record<FileStore, number>>
  /** Records the cache did not hold before. */
  added: number
  /** Records that took the place of an older copy. */
  replaced: number
  /** Records left out because the cache already had a newer copy. */
  skipped: number
  /** Times in the file later than its export time or the import, brought back to the earlier of the two. */
  clampedTimes: number
}

type AnyRecord = Record<string, unknown> & { profileId: string }

/**
 * Records that carry a fetch time: the newer of the file's and the cache's copy wins,
 * and the file's copy is marked `imported`, so the next live answer replaces it whatever
 * the times say.
 */
const FETCHED_STORES = new Set<FileStore>(['intents', 'historyEntries', 'receipts', 'chains', 'markets', 'earnPools'])

/** The record with every time later than `bound` brought back to it, and how many were. */
function clampTimes(store: FileStore, record: AnyRecord, bound: number): { record: AnyRecord; clamped: number } {
  const late = RECORD_TIMES[store].filter((field) => typeof record[field] === 'number' && (record[field] as number) > bound)
  return { record: { ...record, ...Object.fromEntries(late.map((field) => [field, bound])) }, clamped: late.length }
}

/**
 * Notes and saved searches have random ids. The same note (same intent, time and text)
 * keeps the id it has here, so importing a file twice does not duplicate it; a note
 * copied into another profile gets a new id, so the original stays where it is.
 */
function withLocalIds(db: ExplorerDb, store: 'notes' | 'savedSearches', records: AnyRecord[], remapped: boolean): Promise<AnyRecord[]> {
  const localOf = async (r: AnyRecord): Promise<{ id: string } | undefined> =>
    store === 'notes'
      ? (await db.notes.where('[profileId+intentId+createdAt]').equals([r.profileId, r.intentId as string, r.createdAt as number]).toArray()).find(
          (n) => n.text === r.text,
        )
      : (await prefixRange(db.savedSearches, '[profileId+view+createdAt]', r.profileId, r.view as string).toArray()).find(
          (s) => s.name === r.name,
        )
  return Promise.all(records.map(async (r) => ({ ...r, id: (await localOf(r))?.id ?? (remapped ? crypto.randomUUID() : r.id) })))
}

/** The file's chosen records of each store, under the profile they go to, with future times clamped to `bound`. */
function chosenRecords(file: CacheFile, options: ImportOptions, bound: number): { entries: Array<[FileStore, AnyRecord[]]>; clampedTimes: number } {
  const chosen = new Set(options.profiles ?? file.profiles.map((p) => p.profileId))
  let clampedTimes = 0
  const entries = (Object.entries(file.stores) as [FileStore, Array<FileRecord<FileStore>>][]).map(([store, records]): [FileStore, AnyRecord[]] => [
    store,
    (records as AnyRecord[])
      .filter((r) => chosen.has(r.profileId))
      .map((r) => {
        const { record, clamped } = clampTimes(store, options.into ? { ...r, profileId: options.into } : r, bound)
        clampedTimes += clamped
        return record
      }),
  ])
  return { entries, clampedTimes }
}

type Touched = Map<string, { ids: Set<string>; lastTransitions: Map<string, { status: IntentStatus; seenAt: number }> }>

/**
 * Per profile: the intents whose rows the import must rebuild, and the newest status
 * among each one's imported transitions (so a later change does not record it twice).
 */
function touchedIntents(entries: ReadonlyArray<[FileStore, AnyRecord[]]>): Touched {
  const touched: Touched = new Map()
  const touch = (profileId: string) => {
    const t = touched.get(profileId) ?? { ids: new Set<string>(), lastTransitions: new Map() }
    touched.set(profileId, t)
    return t
  }
  for (const [store, records] of entries) {
    if (INTENT_OBJECT_STORES.some((s) => s.store === store)) for (const r of records) touch(r.profileId).ids.add(r.intentId as string)
    if (store === 'transitions')
      for (const r of records as Array<AnyRecord & { intentId: string; status: IntentStatus; seenAt: number }>) {
        const last = touch(r.profileId).lastTransitions
        if ((last.get(r.intentId)?.seenAt ?? -Infinity) <= r.seenAt) last.set(r.intentId, r)
      }
  }
  return touched
}

/**
 * Writes one chunk of a store: a copy older than the cache's is left out (a live copy
 * also wins a tie), fetched records are marked `imported`, intent objects get their
 * lookup keys. Says how many were written, new, and in place of an older copy.
 */
async function writeChunk(db: ExplorerDb, store: FileStore, records: AnyRecord[], remapped: boolean) {
  const table = storeTable(db, store)
  const chunk = store === 'notes' || store === 'savedSearches' ? await withLocalIds(db, store, records, remapped) : records
  const existing = (await table.bulkGet(chunk.map((r) => primaryKeyOf(table, r)))) as Array<{ fetchedAt: number; imported?: true } | undefined>
  const fetched = FETCHED_STORES.has(store)
  const fileCopyWins = (r: AnyRecord, e: { fetchedAt: number; imported?: true }) =>
    e.imported ? (r.fetchedAt as number) >= e.fetchedAt : (r.fetchedAt as number) > e.fetchedAt
  const kept = chunk.flatMap((r, n) => (!fetched || !existing[n] || fileCopyWins(r, existing[n]!) ? [{ r, known: Boolean(existing[n]) }] : []))
  const objects = INTENT_OBJECT_STORES.find((s) => s.store === store)
  const rows = kept.map(({ r }) => {
    const marked = fetched ? { ...r, imported: true } : r
    return objects ? { ...marked, keys: storedKeys(r.profileId, objects.summarise(marked as AnyRecord & { intentId: string })?.keys ?? []) } : marked
  })
  await table.bulkPut(rows)
  const replaced = kept.filter((k) => k.known).length
  return { written: rows.length, added: rows.length - replaced, replaced }
}

/**
 * Writes a validated file in ONE transaction: if anything fails part-way (or the window
 * closes), IndexedDB rolls the whole import back and the cache is as it was before.
 * The search index is rebuilt for every imported intent inside the same transaction.
 * Times later than the file's export or the import are clamped to the earlier of the two.
 */
export async function importCache(
  file: CacheFile,
  options: ImportOptions = {},
  onProgress?: (p: TransferProgress) => void,
): Promise<ImportResult> {
  const db = explorerDb()
  const { entries, clampedTimes } = chosenRecords(file, options, Math.min(file.exportedAt, Date.now()))
  const touched = touchedIntents(entries)
  const indexTotal = [...touched.values()].reduce((n, t) => n + t.ids.size, 0)
  const total = entries.reduce((n, [, records]) => n + records.length, 0) + indexTotal
  const result: ImportResult = { written: {}, added: 0, replaced: 0, skipped: 0, clampedTimes }
  let done = 0

  const tables = [...new Set([...STORE_NAMES.map((s) => storeTable(db, s)), ...rebuildTables(db)])]
  await db.transaction('rw', tables, async () => {
    for (const [store, records] of entries) {
      for (let at = 0; at < records.length; at += IMPORT_CHUNK) {
        const size = Math.min(IMPORT_CHUNK, records.length - at)
        const chunk = await writeChunk(db, store, records.slice(at, at + IMPORT_CHUNK), Boolean(options.into))
        result.written[store] = (result.written[store] ?? 0) + chunk.written
        result.added += chunk.added
        result.replaced += chunk.replaced
        result.skipped += size - chunk.written
        done += size
        onProgress?.({ done, total, phase: 'writing' })
      }
    }
    for (const [profileId, { ids, lastTransitions }] of touched) {
      const list = [...ids]
      const statuses = new Map([...lastTransitions].map(([id, t]) => [id, t.status]))
      for (let at = 0; at < list.length; at += IMPORT_CHUNK) {
        await rebuildIntentIndex(db, profileId, list.slice(at, at + IMPORT_CHUNK), statuses)
        done += Math.min(IMPORT_CHUNK, list.length - at)
        onProgress?.({ done, total, phase: 'indexing' })
      }
    }
  })
  return result
}
