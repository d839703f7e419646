import { IDBFactory } from 'fake-indexeddb'
import { resolve } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { earlyOpenScript } from './earlyOpenScript'

/** The cache's database (src-renderer/db/name.ts, outside this project's files). */
const DB_NAME = 'intent-explorer'

type Factory = InstanceType<typeof IDBFactory>
const existing = async (idb: Factory) => (await idb.databases()).map((d: { name?: string; version?: number }) => [d.name, d.version])
const settle = () => new Promise((resolve) => setTimeout(resolve, 50))

describe('earlyOpenScript', () => {
  const { fileName, source: script } = earlyOpenScript(resolve(import.meta.dirname, '..'))
  // The page's globals are all the script has: it imports nothing and declares nothing global.
  const runIn = (idb: Factory, page: object = {}) => new Function('globalThis', 'indexedDB', script)(Object.assign(page, { indexedDB: idb }), idb)

  it('is a small classic script that opens the cache’s database by its name', async () => {
    expect(script).not.toMatch(/\bimport\b|\bexport\b/)
    expect(script.length).toBeLessThan(2500)
    const idb = new IDBFactory()
    const created = idb.open(DB_NAME, 40)
    created.onupgradeneeded = () => created.result.createObjectStore('intentRows')
    await new Promise((resolve) => (created.onsuccess = resolve))
    created.result.close()
    const open = vi.spyOn(idb, 'open')
    runIn(idb)
    expect(open).toHaveBeenCalledWith(DB_NAME)
    await settle()
    expect(await existing(idb)).toEqual([[DB_NAME, 40]])
  })

  it('is named by its content under assets/, which the host serves as immutable', () => {
    expect(fileName).toMatch(/^assets\/open-cache-[\w-]{8}\.js$/)
    expect(earlyOpenScript(resolve(import.meta.dirname, '..')).fileName).toBe(fileName)
  })

  it('opened offline on History, starts reading its first page for the remembered profile, where the entry will take it', async () => {
    const idb = new IDBFactory()
    const created = idb.open(DB_NAME, 40)
    created.onupgradeneeded = () => created.result.createObjectStore('intentRows')
    await new Promise((resolve) => (created.onsuccess = resolve))
    created.result.close()
    const stored: Record<string, string> = { 'intent-explorer.last-profile': 'p1', 'intent-explorer.cache-status': '{"state":{"forcedOffline":true},"version":0}' }
    const page = { localStorage: { getItem: (k: string) => stored[k] ?? null }, location: { hash: '#/history?cap=10000&all=1' } }
    const slot = Symbol.for('intent-explorer.first-page-early')
    runIn(idb, page)
    await settle()
    expect((page as Record<symbol, unknown>)[slot]).toMatchObject({ profileId: 'p1', version: 40 })
    const online = { location: page.location, localStorage: { getItem: (k: string) => (k === 'intent-explorer.last-profile' ? 'p1' : null) } }
    runIn(idb, online)
    await settle()
    expect((online as Record<symbol, unknown>)[slot]).toBeUndefined()
  })

  it('creates no database where there is none', async () => {
    const idb = new IDBFactory()
    runIn(idb)
    await settle()
    expect(await existing(idb)).toEqual([])
  })
})
