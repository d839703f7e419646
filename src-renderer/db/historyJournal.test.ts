import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { ExplorerDb } from './db'
import { flushHistoryJournal, forgetStagedInMemory, scheduleIndexing, withIndexingPaused } from './historyJournal'
import { countCachedIntents, searchCachedIntents } from './intentsQuery'
import { clearCache } from './maintenance'
import { readHistoryEntries, readHistoryEntry, readReceipt } from './reads'
import { fakeEntry, freshDb, intentIdOf, ownerOf, reported, source, T0 } from './testing'
import { cacheHistoryPage } from './writeThrough'

let db: ExplorerDb
beforeEach(async () => {
  // Whatever an earlier test left staged is filed into its own database first.
  await flushHistoryJournal()
  db = freshDb()
  reported.reset()
})

const found = async (profileId = 'p1') => (await searchCachedIntents(profileId, {}, { limit: 50 })).rows.map((r) => r.intentId)

describe('history journal', () => {
  it('stores a page at once, readable by id and found by offline search, and files it once staging is quiet', async () => {
    await cacheHistoryPage(source(), [fakeEntry(1), fakeEntry(2, { status: 'FAILED' })])
    expect(await db.historyJournal.count()).toBe(1)
    expect(await db.historyEntries.count()).toBe(0)
    expect(reported.unindexed).toBe(2)
    expect((await readHistoryEntry('p1', intentIdOf(2)))?.entry.status).toBe('FAILED')
    expect((await readReceipt('p1', intentIdOf(1)))?.receipt.intentId).toBe(intentIdOf(1))
    // Searchable as soon as stored: from the staged entries, before any is filed.
    expect((await found()).sort()).toEqual([intentIdOf(1), intentIdOf(2)].sort())
    expect(await countCachedIntents('p1')).toBe(2)

    await scheduleIndexing()
    expect(await db.historyJournal.count()).toBe(0)
    expect(await db.historyEntries.count()).toBe(2)
    expect((await found()).sort()).toEqual([intentIdOf(1), intentIdOf(2)].sort())
    expect(reported.unindexed).toBe(0)
    expect((await readHistoryEntry('p1', intentIdOf(2)))?.entry.status).toBe('FAILED')
  })

  it('finds staged entries by id, hash, owner and free text, with every other filter applied, before and after a restart', async () => {
    await cacheHistoryPage(source(), [fakeEntry(1), fakeEntry(2, { status: 'FAILED', symbol: 'WETH' }), fakeEntry(51, { status: 'FAILED' })])
    const ids = async (filter: Parameters<typeof searchCachedIntents>[1]) =>
      (await searchCachedIntents('p1', filter, { limit: 10 })).rows.map((r) => r.intentId).sort()
    const check = async () => {
      expect(await ids({ intentId: intentIdOf(2).toUpperCase().replace('0X', '0x') })).toEqual([intentIdOf(2)])
      const hash = fakeEntry(2).receipt!.originTransaction!.txnHash!
      expect(await ids({ txHash: hash })).toEqual([intentIdOf(2)])
      // Entries 1 and 51 share an owner (n % 50).
      expect(await ids({ owner: ownerOf(1) })).toEqual([intentIdOf(1), intentIdOf(51)].sort())
      expect(await ids({ owner: ownerOf(1), statuses: ['FAILED'] })).toEqual([intentIdOf(51)])
      expect(await ids({ text: 'weth' })).toEqual([intentIdOf(2)])
      expect(await ids({ text: hash.slice(0, 14) })).toEqual([intentIdOf(2)])
      expect(await ids({ text: 'nothing-like-this' })).toEqual([])
      // Paging goes on from the cursor across staged entries too.
      const first = await searchCachedIntents('p1', {}, { limit: 2 })
      const second = await searchCachedIntents('p1', {}, { limit: 2, after: first.next })
      expect([...first.rows, ...second.rows].map((r) => r.intentId)).toEqual([intentIdOf(51), intentIdOf(2), intentIdOf(1)])
    }
    await withIndexingPaused(async () => {
      await check()
      // A window opened later finds what a closed one staged, once it has read the journal
      // back (at start-up, before filing, which is paused here).
      forgetStagedInMemory()
      expect(await ids({})).toEqual([])
      await scheduleIndexing()
      expect(await db.historyEntries.count()).toBe(0)
      await check()
    })
    // And the same once filed.
    await flushHistoryJournal()
    expect(await db.historyJournal.count()).toBe(0)
    await check()
  })

  it('files pages staged while it runs, and keeps the newest fetch of an intent', async () => {
    await cacheHistoryPage(source('p1', T0 + 1000), [fakeEntry(1, { status: 'EXECUTING', pending: true })])
    const pass = scheduleIndexing()
    await cacheHistoryPage(source('p1', T0 + 5000), [fakeEntry(1, { status: 'SUCCEEDED' }), fakeEntry(3)])
    await cacheHistoryPage(source('p1', T0 + 3000), [fakeEntry(1, { status: 'FAILED' })])
    expect((await readHistoryEntry('p1', intentIdOf(1)))?.entry.status).toBe('SUCCEEDED')
    await pass
    await flushHistoryJournal()
    expect(await db.historyJournal.count()).toBe(0)
    expect(await readHistoryEntry('p1', intentIdOf(1))).toMatchObject({ fetchedAt: T0 + 5000, entry: { status: 'SUCCEEDED' } })
    const rows = (await searchCachedIntents('p1', { statuses: ['SUCCEEDED'] }, { limit: 5 })).rows
    expect(rows.map((r) => r.intentId).sort()).toEqual([intentIdOf(1), intentIdOf(3)].sort())
  })

  it('reads many entries at once in the order asked, filed or staged, newest fetch first', async () => {
    await cacheHistoryPage(source('p1', T0), [fakeEntry(1, { status: 'EXECUTING', pending: true }), fakeEntry(2)])
    await flushHistoryJournal()
    await cacheHistoryPage(source('p1', T0 + 5000), [fakeEntry(1, { status: 'SUCCEEDED' }), fakeEntry(3)])
    const read = await readHistoryEntries('p1', [intentIdOf(3), intentIdOf(9), intentIdOf(1), intentIdOf(2)])
    expect(read.map((r) => r && [r.entry.intentId, r.entry.status, r.fetchedAt])).toEqual([
      [intentIdOf(3), 'SUCCEEDED', T0 + 5000],
      undefined,
      [intentIdOf(1), 'SUCCEEDED', T0 + 5000],
      [intentIdOf(2), 'SUCCEEDED', T0],
    ])
    expect(await readHistoryEntries('p2', [intentIdOf(1)])).toEqual([undefined])
  })

  it('files on a flush many pages, those staged here and one an earlier window left, in staging order', async () => {
    await db.historyJournal.add({ profileId: 'p1', baseUrl: 'http://p1.test', fetchedAt: T0, stagedAt: T0, seq: 0, size: 1, entries: [fakeEntry(40)] })
    for (let page = 0; page < 12; page++) {
      const entries = [fakeEntry(page * 2 + 100), fakeEntry(page * 2 + 101), fakeEntry(1, { status: page === 11 ? 'SUCCEEDED' : 'EXECUTING', pending: page < 11 })]
      await cacheHistoryPage(source('p1', T0 + 1000 * (page + 1)), entries)
    }
    await flushHistoryJournal()
    expect(await db.historyJournal.count()).toBe(0)
    expect(await countCachedIntents('p1')).toBe(26)
    expect(await db.intentRows.count()).toBe(26)
    expect(await readHistoryEntry('p1', intentIdOf(40))).toMatchObject({ fetchedAt: T0 })
    expect(await readHistoryEntry('p1', intentIdOf(1))).toMatchObject({ fetchedAt: T0 + 12_000, entry: { status: 'SUCCEEDED' } })
    const succeeded = (await searchCachedIntents('p1', { statuses: ['SUCCEEDED'] }, { limit: 50 })).rows.map((r) => r.intentId)
    expect(succeeded).toContain(intentIdOf(1))
  })

  it('files what an earlier window staged but did not file, counting it from the keys', async () => {
    await db.historyJournal.add({ profileId: 'p1', baseUrl: 'http://p1.test', fetchedAt: T0, stagedAt: T0, seq: 1, size: 3, entries: [fakeEntry(4), fakeEntry(5), fakeEntry(6)] })
    reported.reset()
    await scheduleIndexing()
    const counts = reported.unindexedCounts
    expect(counts[0]).toBe(3)
    expect(counts.at(-1)).toBe(0)
    expect((await found()).length).toBe(3)
  })

  it('drops staged entries of the profile whose history is cleared, and no others', async () => {
    await cacheHistoryPage(source('p1'), [fakeEntry(1)])
    await cacheHistoryPage(source('p2'), [fakeEntry(2)])
    await clearCache({ profileId: 'p1', stores: ['historyEntries'] })
    expect(await readHistoryEntry('p1', intentIdOf(1))).toBeUndefined()
    expect(await readHistoryEntry('p2', intentIdOf(2))).toBeDefined()
    await flushHistoryJournal()
    expect(await found('p1')).toEqual([])
    expect(await found('p2')).toEqual([intentIdOf(2)])
  })

  it('reports a failed filing, keeps the page staged, and files it on the next pass', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    await cacheHistoryPage(source(), [fakeEntry(7)])
    const quota = Object.assign(new Error('quota'), { name: 'QuotaExceededError' })
    const refuse = vi.spyOn(db, 'transaction').mockRejectedValue(quota)
    await flushHistoryJournal()
    refuse.mockRestore()
    expect(reported.lastWriteError).toMatchObject({ store: 'historyEntries' })
    expect(await db.historyJournal.count()).toBe(1)
    expect((await readHistoryEntry('p1', intentIdOf(7)))?.entry.intentId).toBe(intentIdOf(7))
    await flushHistoryJournal()
    expect(await db.historyJournal.count()).toBe(0)
    expect(await found()).toEqual([intentIdOf(7)])
    warn.mockRestore()
  })
})
