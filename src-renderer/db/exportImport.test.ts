import { describe, expect, it } from 'vitest'
import type { ExplorerDb } from './db'
import { exportCache, importCache, readBlobText } from './exportImport'
import { CacheFileError, parseCacheFile, type CacheFile } from './fileFormat'
import { searchCachedIntents } from './intentsQuery'
import { addNote, listNotes, setBookmarked } from './userData'
import { readTransitions } from './reads'
import { saveSearch } from './userData'
import { SCHEMA_VERSION, STORE_NAMES } from './schema'
import { cacheHistoryFiled, fakeEntry, fakeIntent, fakeReceipt, freshDb, hex, intentIdOf, source, T0 } from './testing'
import { putWatchMirror } from './userData'
import {
  cacheBalanceSnapshot,
  cacheChains,
  cacheEarnPools,
  cacheIntents,
  cacheMarkets,
  cacheReceipt,
} from './writeThrough'

async function populate() {
  await cacheHistoryFiled(source('p1', T0 + 1000), [fakeEntry(1), fakeEntry(2, { status: 'FAILED' })])
  await cacheIntents(source('p1', T0 + 2000), [fakeIntent(3)])
  await cacheReceipt(source('p1', T0 + 3000), fakeReceipt(3, { status: 'EXECUTING', pending: true }))
  await cacheChains(source('p1'), [{ id: 1, name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, blockExplorer: { url: 'https://etherscan.io' } }])
  await cacheMarkets(source('p1'), [{ id: 'm1', metadata: { name: 'Vault' } }])
  await cacheBalanceSnapshot(source('p1'), [{ address: '0xaa', network: 'ethereum' }], { items: [{ yieldId: 'm1', balances: [{ amountUsd: '5' }] }], errors: [] })
  await cacheEarnPools(source('p1'), { pools: [{ id: 'pool1', apy: 0.03 }], timestamp: '2024-01-01T00:00:00Z', cached: false })
  await putWatchMirror('p1', { intentId: intentIdOf(3), addedAt: T0 })
  await addNote('p1', intentIdOf(1), 'customer called')
  await setBookmarked('p1', intentIdOf(2), true)
  await saveSearch('p1', { view: 'history', name: 'Failures', query: 'status=FAILED' })
  await cacheHistoryFiled(source('p2', T0), [fakeEntry(9)])
}

/** Every record of every store, to compare a database before and after. */
async function dump(db: ExplorerDb) {
  const out: Record<string, unknown[]> = {}
  for (const s of STORE_NAMES) out[s] = await db.table(s).toArray()
  return out
}

const counts = async (db: ExplorerDb) =>
  Object.fromEntries(await Promise.all(STORE_NAMES.map(async (s) => [s, await db.table(s).count()] as const)))

async function exported(selection?: Parameters<typeof exportCache>[0]): Promise<{ text: string; file: CacheFile }> {
  const { blob } = await exportCache(selection)
  const text = await readBlobText(blob)
  return { text, file: await parseCacheFile(text) }
}

describe('export and import', () => {
  it('round-trips everything into a fresh database, rebuilding the search index', async () => {
    const origin = freshDb()
    await populate()
    const before = await counts(origin)
    const progress: number[] = []
    const { blob, counts: written, fileName } = await exportCache({}, (p) => progress.push(p.done))
    expect(fileName).toMatch(/^intent-explorer-cache-\d{4}-\d{2}-\d{2}-\d{4}\.json$/)
    expect(progress[progress.length - 1]).toBe(Object.values(written).reduce((a, b) => a + (b ?? 0), 0))
    const text = await readBlobText(blob)
    const raw = JSON.parse(text)
    expect(raw).toMatchObject({ format: 'intent-explorer-cache', version: SCHEMA_VERSION })
    expect(raw.profiles).toEqual([
      { profileId: 'p1', baseUrls: ['http://p1.test'] },
      { profileId: 'p2', baseUrls: ['http://p2.test'] },
    ])
    expect(raw.stores.intentRows).toBeUndefined()

    const target = freshDb()
    const result = await importCache(await parseCacheFile(text))
    expect(result.skipped).toBe(0)
    expect(await counts(target)).toEqual(before)
    // The same rows, each marking the kinds that came from the file.
    const rows = await target.intentRows.toArray()
    expect(rows.map(({ importedKinds: _kinds, ...row }) => row)).toEqual(await origin.intentRows.toArray())
    for (const row of rows) expect(row.importedKinds?.length).toBeGreaterThan(0)
    const hits = await searchCachedIntents('p1', { txHash: hex('tx-origin', 2) }, { limit: 5 })
    expect(hits.rows.map((r) => r.intentId)).toEqual([intentIdOf(2)])
    expect(await readTransitions('p1', intentIdOf(3))).toEqual([
      { status: 'QUOTED', seenAt: T0 + 2000 },
      { status: 'EXECUTING', seenAt: T0 + 3000 },
    ])
    // the next change records only itself: the imported history already holds EXECUTING
    await cacheReceipt(source('p1', T0 + 4000), fakeReceipt(3, { status: 'SUCCEEDED' }))
    expect((await readTransitions('p1', intentIdOf(3))).map((t) => t.status)).toEqual(['QUOTED', 'EXECUTING', 'SUCCEEDED'])
  })

  it('exports a selection of stores and profiles', async () => {
    freshDb()
    await populate()
    const { file } = await exported({ stores: ['historyEntries', 'notes'], profiles: ['p2'] })
    expect(Object.keys(file.stores)).toEqual(['historyEntries', 'notes'])
    expect(file.stores.historyEntries?.map((r) => r.intentId)).toEqual([intentIdOf(9)])
    expect(file.stores.notes).toEqual([])
    expect(file.profiles).toEqual([{ profileId: 'p2', baseUrls: ['http://p2.test'] }])
  })

  it('imports one profile into another without touching the original, and is idempotent', async () => {
    const db = freshDb()
    await populate()
    const { file } = await exported()
    await importCache(file, { profiles: ['p1'], into: 'fresh' })
    await importCache(file, { profiles: ['p1'], into: 'fresh' })
    const fresh = await searchCachedIntents('fresh', {}, { limit: 10 })
    expect(fresh.rows.map((r) => r.intentId).sort()).toEqual([1, 2, 3].map(intentIdOf).sort())
    expect(await searchCachedIntents('fresh', { intentId: intentIdOf(9) }, { limit: 1 })).toEqual({ rows: [] })
    const [original] = await listNotes('p1', intentIdOf(1))
    const copies = await listNotes('fresh', intentIdOf(1))
    expect(copies).toHaveLength(1)
    expect(copies[0].id).not.toBe(original.id)
    expect(copies[0].text).toBe('customer called')
    expect(await db.savedSearches.count()).toBe(2)
  })

  it('keeps the newer copy when the cache already holds fresher data', async () => {
    const db = freshDb()
    await cacheHistoryFiled(source('p1', T0 + 1000), [fakeEntry(1, { status: 'EXECUTING', pending: true })])
    const { file } = await exported()
    await cacheHistoryFiled(source('p1', T0 + 9000), [fakeEntry(1, { status: 'SUCCEEDED' })])
    const result = await importCache(file)
    expect(result).toMatchObject({ skipped: 1, written: { historyEntries: 0 } })
    expect((await db.historyEntries.get(['p1', intentIdOf(1)]))?.entry.status).toBe('SUCCEEDED')
    expect((await searchCachedIntents('p1', {}, { limit: 1 })).rows[0].status).toBe('SUCCEEDED')
  })

  it('leaves the database exactly as it was when the import fails part-way', async () => {
    const db = freshDb()
    await populate()
    const { file } = await exported()
    const target = freshDb()
    await cacheHistoryFiled(source('p1', T0 + 50_000), [fakeEntry(1, { status: 'REFUNDED' }), fakeEntry(77)])
    await addNote('p1', intentIdOf(77), 'before the import')
    const before = await dump(target)
    const crash = importCache(file, {}, (p) => {
      if (p.phase === 'indexing') throw new Error('window closed')
    })
    await expect(crash).rejects.toThrow('window closed')
    expect(await dump(target)).toEqual(before)
    db.close()
  })
})

describe('validating a file', () => {
  const valid = async () => {
    freshDb()
    await populate()
    return JSON.parse((await exported()).text)
  }
  const refused = async (text: string) => {
    try {
      await parseCacheFile(text)
    } catch (e) {
      expect(e).toBeInstanceOf(CacheFileError)
      return e as CacheFileError
    }
    throw new Error('the file was accepted')
  }

  it('refuses damaged JSON, foreign files and newer versions with clear messages', async () => {
    const text = JSON.stringify(await valid())
    expect((await refused(text.slice(0, text.length / 2))).message).toMatch(/not valid JSON.*truncated/)
    expect((await refused('{"format":"something-else","data":[]}')).message).toMatch(/not an Intent Explorer cache export \(its format is “something-else”\)/)
    expect((await refused('[1,2,3]')).message).toMatch(/not an Intent Explorer cache export/)
    expect((await refused(JSON.stringify({ ...JSON.parse(text), version: SCHEMA_VERSION + 1 }))).message).toMatch(/newer version/)
    expect((await refused(JSON.stringify({ ...JSON.parse(text), stores: { mystery: [] } }))).message).toMatch(/mystery/)
    expect((await refused(JSON.stringify({ ...JSON.parse(text), exportedAt: 'yesterday' }))).issues[0]).toMatch(/^exportedAt:/)
  })

  it('names every invalid record and imports none of them', async () => {
    const file = await valid()
    file.stores.historyEntries[1].entry.status = 42 as never
    file.stores.chains[0].chain = { id: 1 }
    file.stores.notes[0].profileId = 'stranger'
    const error = await refused(JSON.stringify(file))
    expect(error.message).toMatch(/3 invalid records; nothing was imported/)
    expect(error.issues).toEqual([
      expect.stringMatching(/^stores\.historyEntries\[1\]\.entry\.status: /),
      expect.stringMatching(/^stores\.chains\[0\]\.chain\.name: /),
      'stores.notes[0]: belongs to profile “stranger”, which the header does not list',
    ])
  })

  it('refuses look-alike addresses, hashes and ids, naming the record and the character', async () => {
    const file = await valid()
    const owner = file.stores.historyEntries[0].entry.receipt.summary.ownerAddress as string
    file.stores.historyEntries[0].entry.receipt.summary.ownerAddress = owner.replace(/c|.$/, '\u0441')
    file.stores.watches[0].intentId = `${file.stores.watches[0].intentId}\u200b`
    file.stores.bookmarks[0].intentId = `\u202e${file.stores.bookmarks[0].intentId}`
    const error = await refused(JSON.stringify(file))
    expect(error.issues).toEqual([
      expect.stringMatching(/^stores\.historyEntries\[0\]\.entry\.receipt\.summary\.ownerAddress: .*“с” \(U\+0441\)/),
      expect.stringMatching(/^stores\.watches\[0\]\.intentId: .*U\+200B/),
      expect.stringMatching(/^stores\.bookmarks\[0\]\.intentId: .*U\+202E/),
    ])
  })

  it('recomputes derived fields instead of trusting the file', async () => {
    const file = await valid()
    file.stores.balanceSnapshots[0].walletKey = 'forged'
    file.stores.balanceSnapshots[0].totalUsd = 1e9
    const parsed = await parseCacheFile(JSON.stringify(file))
    expect(parsed.stores.balanceSnapshots?.[0]).toMatchObject({ walletKey: '0xaa@ethereum', totalUsd: 5 })
  })
})
