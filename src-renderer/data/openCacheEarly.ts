import { DB_NAME } from '../db/name'

/** How long the early connection stays open: the cache module opens its own well before. */
const HOLD_MS = 10_000

/**
 * Opens the cache's database (IndexedDB) the moment the page starts, before React and the
 * cache module (Dexie, in the opening view's chunk) have loaded. The browser reads a large
 * database from disk when its first connection opens, which on a cache of 100,000 intents
 * took longer than loading the bundle; started here, that reading runs while the bundle
 * loads, and Dexie's own open, later, finds the database ready. Reads and writes still go
 * only through the cache module (`db/`), which the one early read belongs to too.
 *
 * Never creates, upgrades or blocks anything: a database that does not exist yet is not
 * created (the creating transaction is aborted), the connection gives way at once to an
 * upgrade, and it is closed after `HOLD_MS`. Any failure is the cache module's to report
 * when it opens, so it is ignored here. `onOpen` gets the connection once it is open (the
 * early read of History's first page, `db/earlyFirstPage.ts`, uses it).
 *
 * The build also emits it as a small script of its own (`app/openCacheScript.ts`, built
 * by `scripts/earlyOpenScript.ts`) that index.html loads before the entry: the database
 * then starts opening as the page's HTML arrives, and this call, from the entry, finds
 * it open.
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

