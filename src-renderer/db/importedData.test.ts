import { describe, expect, it } from 'vitest'
import type { CacheFile } from './fileFormat'
import { exportCache, importCache, readBlobText } from './exportImport'
import { parseCacheFile, RECORD_TIMES } from './fileFormat'
import { flushHistoryJournal } from './historyJournal'
import { searchCachedIntents } from './intentsQuery'
import { readChains, readHistoryEntry, readIntent, readReceipt } from './reads'
import { cacheHistoryFiled, fakeEntry, fakeIntent, fakeReceipt, freshDb, intentIdOf, source, T0 } from './testing'
import { cacheChains, cacheHistoryPage, cacheIntents, cacheReceipt } from './writeThrough'

/**
 * An imported cache file is someone else's word about the service: it may fill the
 * cache, but a live answer always replaces it, and no time in it may lie in the future.
 */

const YEAR_2100 = Date.UTC(2100, 0, 1)
const chain = (name: string) => ({ id: 1, name, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } })

/** A file made on another machine: what `make` caches there, exported, with its times rewritten by `edit`. */
async function fileFrom(make: () => Promise<void>, edit: (raw: Record<string, any>) => void = () => {}): Promise<CacheFile> {
  freshDb()
  await make()
  const raw = JSON.parse(await readBlobText((await exportCache()).blob))
  edit(raw)
  return parseCacheFile(JSON.stringify(raw))
}

const statusIn = async (intentId: string) => (await searchCachedIntents('p1', { intentId }, { limit: 1 })).rows[0]?.status

describe('an imported file and live data', () => {
  it('clamps every time a record carries, as its schema lists them', () => {
    expect(RECORD_TIMES).toEqual({
      intents: ['fetchedAt'],
      historyEntries: ['fetchedAt'],
      receipts: ['fetchedAt'],
      transitions: ['seenAt'],
      chains: ['fetchedAt'],
      markets: ['fetchedAt'],
      balanceSnapshots: ['fetchedAt'],
      earnPools: ['fetchedAt'],
      watches: ['addedAt', 'lastUpdateAt'],
      notes: ['createdAt'],
      bookmarks: ['createdAt'],
      savedSearches: ['createdAt'],
    })
  })

  it('a record dated 2100 is clamped, and the next live answer replaces it (the reported attack)', async () => {
    const id = intentIdOf(1)
    const forged = await fileFrom(
      () => cacheHistoryFiled(source('p1', T0), [fakeEntry(1, { status: 'SUCCEEDED' })]),
      (raw) => {
        raw.exportedAt = YEAR_2100
        for (const r of raw.stores.historyEntries) r.fetchedAt = YEAR_2100
      },
    )
    const db = freshDb()
    await cacheHistoryFiled(source('p1', T0 + 1000), [fakeEntry(1, { status: 'FAILED' })])
    const before = Date.now()
    const result = await importCache(forged)
    expect(result).toMatchObject({ replaced: 1, added: 0, skipped: 0, clampedTimes: 1 })
    const stored = (await db.historyEntries.get(['p1', id]))!
    expect(stored.fetchedAt).toBeGreaterThanOrEqual(before)
    expect(stored.fetchedAt).toBeLessThanOrEqual(Date.now())
    expect(await statusIn(id)).toBe('SUCCEEDED')

    // A fresh fetch, even one dated before the import, puts the service's word back.
    await cacheHistoryFiled(source('p1', T0 + 2000), [fakeEntry(1, { status: 'FAILED' })])
    expect((await readHistoryEntry('p1', id))?.entry.status).toBe('FAILED')
    expect(await statusIn(id)).toBe('FAILED')
    expect((await db.historyEntries.get(['p1', id]))?.imported).toBeUndefined()
    expect((await db.intentRows.get(['p1', id]))?.importedKinds).toBeUndefined()
  })

  it('clamps times to the file’s own export time when that is the earlier', async () => {
    const file = await fileFrom(
      async () => {
        await cacheHistoryFiled(source('p1', T0), [fakeEntry(1)])
      },
      (raw) => {
        raw.exportedAt = T0 + 5000
        for (const r of raw.stores.historyEntries) r.fetchedAt = T0 + 99_000
        for (const r of raw.stores.transitions ?? []) r.seenAt = T0 + 99_000
      },
    )
    const db = freshDb()
    const result = await importCache(file)
    expect(result.clampedTimes).toBe(1 + (file.stores.transitions?.length ?? 0))
    expect((await db.historyEntries.get(['p1', intentIdOf(1)]))?.fetchedAt).toBe(T0 + 5000)
  })

  it('every kind of live answer replaces an imported copy whatever the times', async () => {
    const [a, b, c] = [1, 2, 3].map(intentIdOf)
    const file = await fileFrom(async () => {
      await cacheHistoryFiled(source('p1', T0 + 50_000), [fakeEntry(1, { status: 'SUCCEEDED' }), fakeEntry(2, { status: 'SUCCEEDED' })])
      await cacheIntents(source('p1', T0 + 50_000), [fakeIntent(3, { status: 'SUCCEEDED' })])
      await cacheReceipt(source('p1', T0 + 50_000), fakeReceipt(3, { status: 'SUCCEEDED' }))
      await cacheChains(source('p1', T0 + 50_000), [chain('Imported name')])
    })
    freshDb()
    await importCache(file)
    // Live answers dated before the imported copies.
    await cacheReceipt(source('p1', T0 + 1000), fakeReceipt(1, { status: 'REFUNDED' }))
    await cacheIntents(source('p1', T0 + 1000), [fakeIntent(3, { status: 'FAILED' })])
    await cacheReceipt(source('p1', T0 + 1000), fakeReceipt(3, { status: 'FAILED' }))
    await cacheChains(source('p1', T0 + 1000), [chain('Ethereum')])
    expect((await readReceipt('p1', a))?.receipt.status).toBe('REFUNDED')
    expect(await statusIn(a)).toBe('REFUNDED')
    expect((await readIntent('p1', c))?.intent.status).toBe('FAILED')
    expect((await readReceipt('p1', c))?.receipt.status).toBe('FAILED')
    expect(await statusIn(c)).toBe('FAILED')
    expect((await readChains('p1'))?.chains.map((x) => x.name)).toEqual(['Ethereum'])

    // A live history page not yet filed already outranks the imported entry, and filing it keeps it so.
    await cacheHistoryPage(source('p1', T0 + 1000), [fakeEntry(2, { status: 'FAILED' })])
    expect((await readHistoryEntry('p1', b))?.entry.status).toBe('FAILED')
    expect(await statusIn(b)).toBe('FAILED')
    await flushHistoryJournal()
    expect((await readHistoryEntry('p1', b))?.entry.status).toBe('FAILED')
    expect(await statusIn(b)).toBe('FAILED')
  })

  it('an import still brings newer copies, and leaves out older ones, saying which', async () => {
    const file = await fileFrom(() =>
      cacheHistoryFiled(source('p1', T0 + 5000), [fakeEntry(1, { status: 'SUCCEEDED' }), fakeEntry(2, { status: 'SUCCEEDED' }), fakeEntry(3)]),
    )
    freshDb()
    await cacheHistoryFiled(source('p1', T0 + 1000), [fakeEntry(1, { status: 'EXECUTING', pending: true })])
    await cacheHistoryFiled(source('p1', T0 + 9000), [fakeEntry(2, { status: 'FAILED' })])
    const result = await importCache(file)
    expect(result).toMatchObject({ added: 1, replaced: 1, skipped: 1, clampedTimes: 0, written: { historyEntries: 2 } })
    expect(await statusIn(intentIdOf(1))).toBe('SUCCEEDED')
    expect(await statusIn(intentIdOf(2))).toBe('FAILED')
  })
})
