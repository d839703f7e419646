import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it, vi } from 'vitest'
import { DB_NAME } from '../db/name'
import { openCacheEarly } from './openCacheEarly'

/** Resolves with the request's result, or rejects with its error. */
const settle = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })

const existing = async (idb: IDBFactory) => (await idb.databases()).map((d) => [d.name, d.version])

describe('openCacheEarly', () => {
  it('does not create the database when there is none yet', async () => {
    const idb = new IDBFactory()
    openCacheEarly(idb)
    // The cache module then creates it at its own version, as on a first start: from nothing.
    const request = idb.open(DB_NAME, 50)
    const upgrades: number[] = []
    request.onupgradeneeded = (e) => {
      upgrades.push(e.oldVersion)
      request.result.createObjectStore('intentRows')
    }
    const db = await settle(request)
    expect(upgrades).toEqual([0])
    expect([...db.objectStoreNames]).toEqual(['intentRows'])
    db.close()
    expect(await existing(idb)).toEqual([[DB_NAME, 50]])
  })

  it('opens an existing database as it is and makes way at once for an upgrade', async () => {
    const idb = new IDBFactory()
    const created = idb.open(DB_NAME, 40)
    created.onupgradeneeded = () => created.result.createObjectStore('intentRows')
    ;(await settle(created)).close()

    openCacheEarly(idb)
    // An upgrade (a newer release's schema) is neither blocked nor left waiting.
    const upgrade = idb.open(DB_NAME, 50)
    const blocked = vi.fn()
    upgrade.onblocked = blocked
    upgrade.onupgradeneeded = () => upgrade.result.createObjectStore('routeFacts')
    const db = await settle(upgrade)
    expect(blocked).not.toHaveBeenCalled()
    expect([...db.objectStoreNames].sort()).toEqual(['intentRows', 'routeFacts'])
    db.close()
  })

  it('does nothing where there is no IndexedDB', () => {
    vi.stubGlobal('indexedDB', undefined)
    try {
      expect(() => openCacheEarly()).not.toThrow()
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
