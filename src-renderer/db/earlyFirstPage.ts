import type { IntentHistoryEntry } from '@contract/service'
import type { HistoryEntryRecord } from './db'
import type { IntentRowRecord } from './records'

/**
 * The History view's first page, read from the cache while the page's code still loads:
 * the early script index.html loads before the entry (`app/openCacheScript.ts`), or the
 * entry's first module (`app/earlyStart.ts`) where there is none (the development server),
 * reads the profile's newest summary rows and their stored history entries with plain
 * IndexedDB as soon as the database is open, while the page's thread still waits for the
 * entry. The two bundles share the read through one slot on the page's global object; the
 * cache module's first read of that page (`takeFirstPageEarly`) takes these rows instead.
 *
 * Nothing is read early, or handed out, that could differ from what the cache module
 * would read: a database of another schema version, a profile with history pages still
 * staged in the journal (they merge into the list), a profile other than the one asked, a
 * read older than `FRESH_MS`, or one made before anything was staged in this window.
 */

/** History's largest first page ("load all" reads 100 a page), and one row more, which says whether a page follows. */
const ROWS = 101
/** A read older than this is not handed out: the cache may have changed since. */
const FRESH_MS = 10_000
const BY_TIME = '[profileId+createdAt+intentId]'

/** A summary row with the history entry stored for it, if any. */
export interface EarlyRow {
  row: IntentRowRecord
  stored?: { entry: IntentHistoryEntry; fetchedAt: number }
}

interface EarlyRead {
  profileId: string
  version: number
  at: number
  rows: Promise<EarlyRow[] | undefined>
}

/** Where the read is kept: the page's global object, which the early script and the entry share (a registered symbol, so no name is taken). */
const SLOT = Symbol.for('intent-explorer.first-page-early')
const slot = globalThis as { [SLOT]?: EarlyRead }

/**
 * Starts reading the newest rows of `profileId` on `db` (an open connection to the cache's
 * database); settles when read. A read of the same profile already under way (the early
 * script's) is kept rather than started again.
 */
export function readFirstPageEarly(db: IDBDatabase, profileId: string, now = Date.now()): Promise<unknown> {
  const running = slot[SLOT]
  if (running?.profileId === profileId && running.version === db.version && now - running.at < FRESH_MS) return running.rows
  const rows = readNewest(db, profileId).catch(() => undefined)
  const read = { profileId, version: db.version, at: now, rows }
  slot[SLOT] = read
  // Not asked for in time (the person went elsewhere): the rows are not kept.
  setTimeout(() => {
    if (slot[SLOT] === read) slot[SLOT] = undefined
  }, FRESH_MS)
  return rows
}

/**
 * The rows read early for the first page of `profileId`'s newest-first list of `pageSize`
 * entries, or undefined (read them as usual). Handed out once: whatever asks, it is gone.
 * `schemaVersion` is the cache module's (`SCHEMA_VERSION`, which this module does not
 * import: the schema would bring its migrations into the page's entry); a database of
 * another version is not read from here. Resolves to undefined when the read failed or
 * found staged pages.
 */
export function takeFirstPageEarly(profileId: string, pageSize: number, schemaVersion: number, now = Date.now()): Promise<EarlyRow[] | undefined> | undefined {
  const taken = slot[SLOT]
  slot[SLOT] = undefined
  // Dexie keeps schema version n as IndexedDB version n × 10.
  const usable = taken && taken.profileId === profileId && taken.version === schemaVersion * 10 && pageSize < ROWS && now - taken.at < FRESH_MS
  return usable ? taken.rows : undefined
}

/** Forgets the early read: the cache's list has changed (a page was staged) since it was made. */
export function dropFirstPageEarly(): void {
  slot[SLOT] = undefined
}

/** IndexedDB 3.0's `getAll` with options (newest first in one request), in Chromium since 141; where it is missing nothing is read early. */
type GetAllNewest = (options: { query: IDBKeyRange; count: number; direction: 'prev' }) => IDBRequest<unknown[]>
const hasGetAllOptions = () => typeof IDBIndex !== 'undefined' && 'getAllRecords' in IDBIndex.prototype

/**
 * The rows in one request and their entries in one batch of requests, so the read costs a
 * few turns of the page's thread, which is busy loading the bundle meanwhile (a cursor
 * would wait for it at every row).
 */
function readNewest(db: IDBDatabase, profileId: string): Promise<EarlyRow[] | undefined> {
  const stores = ['intentRows', 'historyEntries', 'historyJournal']
  if (!hasGetAllOptions() || !stores.every((s) => db.objectStoreNames.contains(s))) return Promise.resolve(undefined)
  return new Promise((resolve, reject) => {
    const tx = db.transaction(stores, 'readonly')
    const ofProfile = IDBKeyRange.bound([profileId], [profileId, []])
    let rows: EarlyRow[] = []
    let staged = 0
    const count = tx.objectStore('historyJournal').count(ofProfile)
    count.onsuccess = () => (staged = count.result)
    const index = tx.objectStore('intentRows').index(BY_TIME)
    const newest = (index.getAll as unknown as GetAllNewest)({ query: ofProfile, count: ROWS, direction: 'prev' })
    newest.onsuccess = () => {
      rows = (newest.result as IntentRowRecord[]).map((row) => ({ row }))
      const entries = tx.objectStore('historyEntries')
      for (const item of rows.slice(0, ROWS - 1)) {
        const stored = entries.get([profileId, item.row.intentId])
        stored.onsuccess = () => {
          const record = stored.result as HistoryEntryRecord | undefined
          if (record) item.stored = { entry: record.entry, fetchedAt: record.fetchedAt }
        }
      }
    }
    tx.oncomplete = () => resolve(staged > 0 ? undefined : rows)
    tx.onabort = () => reject(tx.error)
  })
}
