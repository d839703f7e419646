import Dexie from 'dexie'
import { beforeEach, describe, expect, it } from 'vitest'
import type { ExplorerDb } from './db'
import { searchCachedIntents } from './intentsQuery'
import { cacheInventory, clearCache, listCachedProfiles } from './maintenance'
import { addNote, listNotes } from './userData'
import { readChains } from './reads'
import { cacheHistoryFiled, fakeEntry, fakeIntent, freshDb, hex, intentIdOf, source, T0 } from './testing'
import { cacheChains, cacheIntents } from './writeThrough'

const chain = { id: 1, name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }

let db: ExplorerDb
beforeEach(async () => {
  db = freshDb()
  await cacheHistoryFiled(source('p1'), [fakeEntry(1), fakeEntry(2)])
  await cacheIntents(source('p1', T0 + 99_999_999), [fakeIntent(2), fakeIntent(3)])
  await cacheChains(source('p1'), [chain])
  await cacheChains(source('p2', T0, 'http://other.test'), [chain])
  await addNote('p2', intentIdOf(1), 'keep me')
})

const found = async (profileId: string) => (await searchCachedIntents(profileId, {}, { limit: 50 })).rows.map((r) => r.intentId).sort()

describe('inventory', () => {
  it('lists profiles with their service URLs and counts records per store and profile', async () => {
    expect(await listCachedProfiles()).toEqual([
      { profileId: 'p1', baseUrls: ['http://p1.test'] },
      { profileId: 'p2', baseUrls: ['http://other.test'] },
    ])
    const { stores } = await cacheInventory()
    const of = (name: string) => stores.find((s) => s.store.name === name)!
    expect(of('historyEntries')).toMatchObject({ counts: { p1: 2, p2: 0 }, total: 2 })
    expect(of('intentRows')).toMatchObject({ counts: { p1: 3, p2: 0 }, total: 3 })
    expect(of('chains')).toMatchObject({ counts: { p1: 1, p2: 1 }, total: 2 })
    expect(of('notes')).toMatchObject({ counts: { p1: 0, p2: 1 }, total: 1 })
    expect(of('chains').approxBytes).toBeGreaterThan(100)
    expect(of('markets')).toMatchObject({ total: 0, approxBytes: 0 })
  })
})

describe('clearCache', () => {
  it('clears one profile entirely and leaves the other alone', async () => {
    await clearCache({ profileId: 'p1' })
    expect(await found('p1')).toEqual([])
    expect(await readChains('p1')).toBeUndefined()
    expect(await readChains('p2')).toBeDefined()
    expect(await listNotes('p2', intentIdOf(1))).toHaveLength(1)
    expect((await listCachedProfiles()).map((p) => p.profileId)).toEqual(['p2'])
  })

  it('clears one store across profiles', async () => {
    await clearCache({ stores: ['chains'] })
    expect(await readChains('p1')).toBeUndefined()
    expect(await readChains('p2')).toBeUndefined()
    expect(await found('p1')).toHaveLength(3)
  })

  it('rebuilds the search index when only some intent sources are cleared', async () => {
    await clearCache({ profileId: 'p1', stores: ['historyEntries'] })
    // intent 1 was known only from history; 2 and 3 remain as fetched intents
    expect(await found('p1')).toEqual([2, 3].map(intentIdOf).sort())
    expect((await searchCachedIntents('p1', { txHash: hex('tx-origin', 2) }, { limit: 5 })).rows).toEqual([])
    const row = (await searchCachedIntents('p1', { intentId: intentIdOf(2) }, { limit: 1 })).rows[0]
    expect(row.sources).toEqual({ intent: T0 + 99_999_999 })
    expect(row.originTokenSymbol).toBeUndefined()
    // route statistics follow the index: intent 1 is gone from them too
    const facts = await db.routeFacts.where(':id').between(['p1', Dexie.minKey], ['p1', Dexie.maxKey]).toArray()
    expect(facts.map((f) => f.intentId).sort()).toEqual([2, 3].map(intentIdOf).sort())
  })

  it('drops the index with the last intent source', async () => {
    await clearCache({ stores: ['intents', 'historyEntries', 'receipts'] })
    expect(await db.intentRows.count()).toBe(0)
    expect(await db.routeFacts.count()).toBe(0)
    expect(await db.historyEntries.count()).toBe(0)
    expect(await readChains('p1')).toBeDefined()
  })
})
