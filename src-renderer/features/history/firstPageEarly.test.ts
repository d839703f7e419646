import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { DataSource } from '@contract/app'
import type { IntentHistoryEntry } from '@contract/service'
import { cacheHistoryPage, cacheIntents, explorerDb, openExplorerDb, SCHEMA_VERSION, setExplorerDb, takeFirstPageEarly } from '../../db'
import { dropFirstPageEarly, readFirstPageEarly } from '../../db/earlyFirstPage'
import { cacheHistoryFiled } from '../../db/testing'
import { readCachedPage } from './cacheFeed'
import { DEFAULT_SETTINGS, LOAD_ALL_PAGE_SIZE } from './filters'
import { makeEntry, OWNER } from './testing/entries'

/**
 * History's first page read at start-up (`db/earlyFirstPage.ts`) must be the page the
 * cache feed would read itself, on the same database; and whenever it might not be, it
 * is not used.
 */

const source = (profileId: string, fetchedAt: number): DataSource => ({ profileId, baseUrl: 'http://sim', simulated: true, fetchedAt })
const time = (i: number) => new Date(Date.UTC(2026, 10, 1) + i * 60_000).toISOString()
const entries = (count: number, from = 0): IntentHistoryEntry[] => Array.from({ length: count }, (_, i) => makeEntry({ createdAt: time(from + i) }))

let name = ''
let n = 0
let connections: IDBDatabase[] = []

beforeEach(() => {
  name = `first-page-early-${++n}`
  setExplorerDb(openExplorerDb(name))
})

afterEach(() => {
  dropFirstPageEarly()
  for (const c of connections) c.close()
  connections = []
})

/** A plain connection to the test's database, as the page's early open has, once the cache module has created it. */
async function connection(): Promise<IDBDatabase> {
  await explorerDb().open()
  const request = indexedDB.open(name)
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
  connections.push(db)
  return db
}

/** Reads early, then removes every summary row: a page that still lists them came from the early read. */
async function readEarlyThenEmpty(profileId: string) {
  await readFirstPageEarly(await connection(), profileId)
  await explorerDb().intentRows.clear()
}

const settingsAll = { ...DEFAULT_SETTINGS, all: true }

describe('the first page read at start-up', () => {
  it('equals the cache feed’s own first page, and the page after it follows on', async () => {
    await cacheHistoryFiled(source('p1', 500), entries(80))
    await cacheHistoryFiled(source('p1', 900), entries(70, 80))
    await cacheHistoryFiled(source('p2', 700), entries(5, 200))
    await cacheIntents(source('p1', 950), [{ intentId: `0x${'ab'.repeat(32)}`, ownerAddress: OWNER, originChainId: 1, destinationChainId: 10, createdAt: time(300), status: 'COMMITTED' }])

    for (const [settings, pageSize] of [
      [settingsAll, LOAD_ALL_PAGE_SIZE],
      [DEFAULT_SETTINGS, DEFAULT_SETTINGS.pageSize],
    ] as const) {
      const own = await readCachedPage('p1', {}, settings, undefined, pageSize)
      await readFirstPageEarly(await connection(), 'p1')
      const early = await readCachedPage('p1', {}, settings, undefined, pageSize)
      expect(early).toEqual(own)
      expect(early.data.items).toHaveLength(pageSize)
      // The one rebuilt from its summary row (no history entry stored) is the newest.
      expect(early.data.items[0]).toMatchObject({ status: 'COMMITTED', createdAt: time(300) })
      const after = await readCachedPage('p1', {}, settings, early.data.next as never, pageSize)
      expect(after).toEqual(await readCachedPage('p1', {}, settings, own.data.next as never, pageSize))
    }
  })

  it('is used once, by the first read of the newest-first list of its profile', async () => {
    await cacheHistoryFiled(source('p1', 500), entries(3))
    await readEarlyThenEmpty('p1')
    const early = await readCachedPage('p1', {}, settingsAll, undefined, LOAD_ALL_PAGE_SIZE)
    expect(early.data.items).toHaveLength(3)
    expect(early.fetchedAt).toBe(500)
    // Refresh reads the cache as it is now.
    expect((await readCachedPage('p1', {}, settingsAll, undefined, LOAD_ALL_PAGE_SIZE)).data.items).toEqual([])
  })

  it('is an empty page for an empty cache, as the feed’s own', async () => {
    await readFirstPageEarly(await connection(), 'p1')
    expect(await readCachedPage('p1', {}, settingsAll, undefined, 5)).toEqual({ data: { items: [], next: undefined }, fetchedAt: 0 })
  })

  it('is not used for a filtered list, another order, another profile or "only recoverable", and is gone after', async () => {
    await cacheHistoryFiled(source('p1', 500), entries(3))
    const cases: Array<[string, Parameters<typeof readCachedPage>[1], Parameters<typeof readCachedPage>[2]]> = [
      ['p1', { byStatuses: ['SUCCEEDED'] }, settingsAll],
      ['p1', {}, { ...settingsAll, order: 'ASC' }],
      ['p2', {}, settingsAll],
      ['p1', { onlyRecoverable: true }, settingsAll],
    ]
    for (const [profileId, query, settings] of cases) {
      await cacheHistoryFiled(source('p1', 500), entries(3))
      await readEarlyThenEmpty('p1')
      expect((await readCachedPage(profileId, query, settings, undefined, 10)).data.items).toEqual([])
      expect(takeFirstPageEarly('p1', 10, SCHEMA_VERSION)).toBeUndefined()
    }
  })

  it('is not used when pages are staged and not yet filed: they join the list', async () => {
    await cacheHistoryFiled(source('p1', 500), entries(3))
    await cacheHistoryPage(source('p1', 900), entries(2, 50))
    const own = await readCachedPage('p1', {}, settingsAll, undefined, 10)
    expect(own.data.items).toHaveLength(5)
    const db = await connection()
    expect(await readFirstPageEarly(db, 'p1')).toBeUndefined()
    expect(await readCachedPage('p1', {}, settingsAll, undefined, 10)).toEqual(own)
  })

  it('is read once when the early script and the entry both start it, and handed out once', async () => {
    await cacheHistoryFiled(source('p1', 500), entries(3))
    const db = await connection()
    const first = readFirstPageEarly(db, 'p1')
    expect(readFirstPageEarly(db, 'p1')).toBe(first)
    await first
    expect(await takeFirstPageEarly('p1', 10, SCHEMA_VERSION)).toHaveLength(3)
    expect(takeFirstPageEarly('p1', 10, SCHEMA_VERSION)).toBeUndefined()
    // Another profile's read replaces it.
    const other = readFirstPageEarly(db, 'p2')
    expect(readFirstPageEarly(db, 'p1')).not.toBe(other)
  })

  it('is dropped when a page is staged after it was read', async () => {
    await cacheHistoryFiled(source('p1', 500), entries(3))
    await readFirstPageEarly(await connection(), 'p1')
    await cacheHistoryPage(source('p1', 900), entries(2, 50))
    expect(takeFirstPageEarly('p1', 10, SCHEMA_VERSION)).toBeUndefined()
  })

  it('is not handed out for another schema version, a page too large, or once it is old', async () => {
    const db = await connection()
    const now = Date.now()
    for (const [version, pageSize, at] of [
      [SCHEMA_VERSION + 1, 10, now],
      [SCHEMA_VERSION, LOAD_ALL_PAGE_SIZE + 1, now],
      [SCHEMA_VERSION, 10, now + 10_000],
    ]) {
      void readFirstPageEarly(db, 'p1', now)
      expect(takeFirstPageEarly('p1', pageSize, version, at)).toBeUndefined()
    }
    void readFirstPageEarly(db, 'p1', now)
    await expect(takeFirstPageEarly('p1', 10, SCHEMA_VERSION, now + 9_999)).resolves.toEqual([])
  })

  it('reads nothing from a database without the cache’s stores', async () => {
    const request = indexedDB.open(`${name}-other`, 1)
    request.onupgradeneeded = () => request.result.createObjectStore('intentRows')
    const db = await new Promise<IDBDatabase>((resolve) => (request.onsuccess = () => resolve(request.result)))
    connections.push(db)
    expect(await readFirstPageEarly(db, 'p1')).toBeUndefined()
  })

  it('reads nothing where IndexedDB cannot list newest first in one request', async () => {
    await cacheHistoryFiled(source('p1', 500), entries(3))
    const db = await connection()
    const proto = IDBIndex.prototype as unknown as Record<string, unknown>
    const getAllRecords = Object.getOwnPropertyDescriptor(proto, 'getAllRecords')!
    delete proto.getAllRecords
    try {
      expect(await readFirstPageEarly(db, 'p1')).toBeUndefined()
    } finally {
      Object.defineProperty(proto, 'getAllRecords', getAllRecords)
    }
  })
})
