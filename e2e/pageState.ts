import { expect, type Page } from '@playwright/test'

/**
 * What a page keeps between sessions, read out for assertions: every IndexedDB database
 * with every store's records, and local and session storage.
 */

export interface StoredRecord {
  /** JSON of the primary key. */
  key: string
  value: unknown
}

/** Database name → store name → records. */
export type IndexedDbDump = Record<string, Record<string, StoredRecord[]>>

export function dumpIndexedDb(page: Page): Promise<IndexedDbDump> {
  return page.evaluate(async () => {
    const request = <T,>(r: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        r.onsuccess = () => resolve(r.result)
        r.onerror = () => reject(r.error)
      })
    const out: Record<string, Record<string, Array<{ key: string; value: unknown }>>> = {}
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue
      const db = await request(indexedDB.open(name))
      out[name] = {}
      for (const storeName of Array.from(db.objectStoreNames)) {
        const store = db.transaction(storeName).objectStore(storeName)
        const [keys, values] = await Promise.all([request(store.getAllKeys()), request(store.getAll())])
        out[name][storeName] = keys.map((k, i) => ({ key: JSON.stringify(k), value: values[i] }))
      }
      db.close()
    }
    return out
  })
}

/** Intent ids with a record in one of the cache's stores (keyed `[profileId, intentId]`), any profile. */
export function cachedIntentIds(page: Page, storeName: 'intents' | 'historyEntries' | 'receipts'): Promise<string[]> {
  return page.evaluate(
    (name) =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('intent-explorer')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          const keys = db.transaction(name).objectStore(name).getAllKeys()
          keys.onsuccess = () => {
            db.close()
            resolve(keys.result.map((k) => String((k as unknown[])[1])))
          }
          keys.onerror = () => reject(keys.error)
        }
      }),
    storeName,
  )
}

export function dumpWebStorage(page: Page): Promise<{ local: Record<string, string>; session: Record<string, string> }> {
  return page.evaluate(() => {
    const read = (s: Storage) => Object.fromEntries(Array.from({ length: s.length }, (_, i) => s.key(i)!).map((k) => [k, s.getItem(k) ?? '']))
    return { local: read(localStorage), session: read(sessionStorage) }
  })
}

/** History pages stored but not yet filed for search: emptied by design as they are filed. */
const TRANSIENT_STORES = new Set(['historyJournal'])

/** Waits until the cache has filed every staged history page (its journal is empty). */
export async function waitUntilFiled(page: Page, timeoutMs = 30_000): Promise<void> {
  const staged = () =>
    page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('intent-explorer')
          open.onerror = () => reject(open.error)
          open.onsuccess = () => {
            const db = open.result
            if (!db.objectStoreNames.contains('historyJournal')) return db.close(), resolve(0)
            const count = db.transaction('historyJournal').objectStore('historyJournal').count()
            count.onsuccess = () => (db.close(), resolve(count.result))
            count.onerror = () => reject(count.error)
          }
        }),
    )
  await expect.poll(staged, { timeout: timeoutMs, message: 'history pages still waiting to be filed' }).toBe(0)
}

/**
 * Times that move on by design: a record fetched again (`fetchedAt`, and a summary row's
 * `sources`, the fetch time per kind of object), a watch that heard from the service.
 */
const VOLATILE = new Set(['fetchedAt', 'sources', 'lastUpdateAt'])

/**
 * Records of `before` that are missing from `after` or differ in it, fetch and update
 * times aside: a record fetched again is the same record, newer.
 */
/** Which top-level fields of a record differ, e.g. `(status: undefined → "EXECUTING")`, to say what changed. */
function changedFields(before: string, after: string): string {
  const [a, b] = [JSON.parse(before) as unknown, JSON.parse(after) as unknown]
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return ''
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])]
  const field = (o: object, k: string) => JSON.stringify((o as Record<string, unknown>)[k])
  const diffs = keys.filter((k) => field(a, k) !== field(b, k)).map((k) => `${k}: ${field(a, k)} → ${field(b, k)}`)
  return diffs.length ? `(${diffs.join(', ').slice(0, 300)})` : ''
}

export function lostOrChanged(before: IndexedDbDump, after: IndexedDbDump): string[] {
  const withoutFetchTime = (v: unknown) => JSON.stringify(v, (k, x: unknown) => (VOLATILE.has(k) ? undefined : x))
  const problems: string[] = []
  for (const [db, stores] of Object.entries(before))
    for (const [store, records] of Object.entries(stores)) {
      if (TRANSIENT_STORES.has(store)) continue
      const now = new Map((after[db]?.[store] ?? []).map((r) => [r.key, withoutFetchTime(r.value)]))
      for (const r of records) {
        const later = now.get(r.key)
        if (later === undefined) problems.push(`${db}/${store} ${r.key}: gone`)
        else if (later !== withoutFetchTime(r.value)) problems.push(`${db}/${store} ${r.key}: changed ${changedFields(withoutFetchTime(r.value), later)}`)
      }
    }
  return problems
}

/** Records in a dump, over every database and store. */
const recordCount = (d: IndexedDbDump) => Object.values(d).reduce((n, stores) => n + Object.values(stores).reduce((m, rs) => m + rs.length, 0), 0)

/**
 * The page's IndexedDB once its writes have settled: read until two reads 300 ms apart
 * hold the same records (fetch and update times aside), at most 10 s. A baseline taken
 * while a write is still on its way (the watch list's mirror catching up with a status
 * the page already shows) would count that write as a change later.
 */
export async function settledDump(page: Page): Promise<IndexedDbDump> {
  let last = await dumpIndexedDb(page)
  const deadline = Date.now() + 10_000
  while (Date.now() < deadline) {
    await page.waitForTimeout(300)
    const next = await dumpIndexedDb(page)
    const same = lostOrChanged(last, next).length === 0 && recordCount(last) === recordCount(next)
    last = next
    if (same) return last
  }
  return last
}
