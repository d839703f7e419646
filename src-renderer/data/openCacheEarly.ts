import { DB_NAME } from '../db/name'

/** How long the early connection stays open: the cache module opens its own well before. */
const HOLD_MS = 10_000

/**
 * Opens the cache's database (IndexedDB) the moment the page starts, before React and the
 * cache module (Dexie) have loaded: the browser reads a large database from disk when its
 * first connection opens, which on a cache of 100,000 intents took longer than loading the
 * bundle, so that reading runs while the bundle loads. Reads and writes still go only
 * through the cache module (`db/`); `onOpen` gets the connection (the early read of
 * History's first page, `db/earlyFirstPage.ts`).
 *
 * Never creates, upgrades or blocks anything: a database that does not exist yet is not
 * created (the creating transaction is aborted), the connection gives way at once to an
 * upgrade, and it is closed after `HOLD_MS`; any failure is the cache module's to report.
 * The build also runs it from a small script index.html loads before the entry
 * (`app/openCacheScript.ts`), so the database starts opening as the HTML arrives.
 */
export function openCacheEarly(idb: IDBFactory | undefined = globalThis.indexedDB, onOpen?: (db: IDBDatabase) => void): void {
  if (!idb) return
  try {
    const request = idb.open(DB_NAME)
    request.onupgradeneeded = () => request.transaction?.abort()
    request.onerror = (e) => e.preventDefault()
    request.onsuccess = () => {
      const db = request.result
      db.onversionchange = () => db.close()
      setTimeout(() => db.close(), HOLD_MS)
      onOpen?.(db)
    }
  } catch {
    // A browser that refuses IndexedDB here refuses it to the cache module too, which says so.
  }
}
