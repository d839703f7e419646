import Dexie from 'dexie'
import { afterEach, describe, expect, it } from 'vitest'
import { listBalanceSnapshots } from './balances'
import { openExplorerDb, setExplorerDb, type ExplorerDb } from './db'
import { searchCachedIntents } from './intentsQuery'
import { listNotes } from './userData'
import { readHistoryEntry } from './reads'
import { declareVersions, SCHEMA_VERSION, STORE_NAMES } from './schema'
import { cacheHistoryFiled, fakeEntry, fakeIntent, fakeReceipt, hex, intentIdOf, source, T0 } from './testing'

const OWNER = '0xAbCdEf0000000000000000000000000000000001'
const meta = { profileId: 'p1', baseUrl: 'http://p1.test', fetchedAt: T0 }

/** v1's records, one or more in every store it had. */
const V1: Record<string, object[]> = {
  intents: [{ ...meta, intentId: intentIdOf(1), intent: fakeIntent(1, { owner: OWNER }) }],
  historyEntries: [{ ...meta, intentId: intentIdOf(1), entry: fakeEntry(1, { owner: OWNER, projectId: 2 }) }],
  receipts: [{ ...meta, intentId: intentIdOf(2), receipt: fakeReceipt(2) }],
  transitions: [{ ...meta, intentId: intentIdOf(1), status: 'SUCCEEDED', seenAt: T0 }],
  intentRows: [
    {
      ...meta,
      intentId: intentIdOf(1),
      status: 'SUCCEEDED',
      createdAt: T0 + 60_000,
      owner: OWNER,
      originChainId: 1,
      originTokenSymbol: 'USDC',
      projectId: 2,
      routeProviders: ['AUTO'],
      sources: { history: T0, intent: T0 },
      // v1 kept owners and keys exactly as the service sent them
      ownerKey: OWNER,
      statusKey: 'SUCCEEDED',
      originKey: 1,
      projectKey: 2,
    },
    {
      ...meta,
      intentId: intentIdOf(2),
      status: 'SUCCEEDED',
      createdAt: T0 + 120_000,
      routeProviders: [],
      sources: { receipt: T0 },
      ownerKey: '',
      statusKey: 'SUCCEEDED',
      originKey: -1,
      projectKey: -1,
    },
  ],
  intentKeys: [{ profileId: 'p1', intentId: intentIdOf(1), keys: [`p1|i:${intentIdOf(1)}`, `p1|a:${OWNER}`, 'p1|w:USDC'] }],
  chains: [{ ...meta, id: 1, chain: { id: 1, name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } } }],
  markets: [{ ...meta, id: 'm1', market: { id: 'm1' } }],
  balanceSnapshots: [
    {
      ...meta,
      walletKey: '0xaa@ethereum',
      queries: [{ address: '0xaa', network: 'ethereum' }],
      items: [{ yieldId: 'y', balances: [{ amountUsd: '12.5' }, { amountUsd: '0.5' }] }],
      errors: [],
    },
  ],
  earnPools: [{ ...meta, id: 'pool', pool: { id: 'pool' }, timestamp: '2024-01-01T00:00:00Z' }],
  watches: [{ profileId: 'p1', intentId: intentIdOf(1), addedAt: T0 }],
  notes: [{ id: 'n1', profileId: 'p1', intentId: intentIdOf(1), text: 'customer called', createdAt: T0 }],
  bookmarks: [{ profileId: 'p1', intentId: intentIdOf(1), createdAt: T0 }],
  savedSearches: [{ id: 's1', profileId: 'p1', view: 'search', name: 'Mine', query: 'owner=x', createdAt: T0 }],
}

/** v2 (and v3, which only added the empty journal) as it wrote the same data: keys on the objects, lower-cased; tags on rows; snapshot totals; no `intentKeys`. */
const withKeys = (records: object[], keys: string[]) => records.map((r) => ({ ...r, keys }))
const V2: Record<string, object[]> = {
  ...Object.fromEntries(Object.entries(V1).filter(([store]) => store !== 'intentKeys')),
  intents: withKeys(V1.intents, [`p1|i:${intentIdOf(1)}`, `p1|a:${OWNER.toLowerCase()}`]),
  historyEntries: withKeys(V1.historyEntries, [`p1|i:${intentIdOf(1)}`, `p1|a:${OWNER.toLowerCase()}`]),
  receipts: withKeys(V1.receipts, [`p1|i:${intentIdOf(2)}`, `p1|t:${hex('tx-origin', 2)}`]),
  intentRows: V1.intentRows.map((r) => ({ ...r, ownerKey: ('owner' in r ? OWNER.toLowerCase() : ''), tags: ['p1|succeeded'] })),
  balanceSnapshots: V1.balanceSnapshots.map((r) => ({ ...r, totalUsd: 13 })),
}

/**
 * Records as each earlier release wrote them. A new schema version must add the previous
 * version's records here; the test below refuses to pass until it does.
 */
const WRITTEN_BY: Record<number, Record<string, object[]>> = { 1: V1, 2: V2, 3: V2 }

/** Stores an upgrade derives from others: after it, one record per summary row. */
const DERIVED_FROM_ROWS = new Set(['routeFacts'])

const opened: Dexie[] = []
afterEach(async () => {
  for (const db of opened.splice(0)) db.close()
})

async function createAt(version: number, name: string): Promise<void> {
  const old = new Dexie(name)
  declareVersions(old, version)
  await old.open()
  const records = WRITTEN_BY[version]
  await old.transaction('rw', Object.keys(records), async () => {
    for (const [store, list] of Object.entries(records)) await old.table(store).bulkAdd(list)
  })
  old.close()
}

async function openCurrent(name: string): Promise<ExplorerDb> {
  const db = openExplorerDb(name)
  opened.push(db)
  setExplorerDb(db)
  await db.open()
  return db
}

describe('migrations', () => {
  const earlier = Array.from({ length: SCHEMA_VERSION - 1 }, (_, i) => i + 1)

  it.each(earlier)('opens a database written by schema v%i and keeps every record', async (version) => {
    expect(WRITTEN_BY[version], `add the records schema v${version} wrote to WRITTEN_BY`).toBeDefined()
    const name = `migrate-from-${version}-${Math.random()}`
    await createAt(version, name)
    const db = await openCurrent(name)
    expect(db.verno).toBe(SCHEMA_VERSION)
    for (const store of STORE_NAMES) {
      const expected = DERIVED_FROM_ROWS.has(store) ? WRITTEN_BY[version].intentRows : WRITTEN_BY[version][store]
      expect(await db.table(store).count(), store).toBe(expected?.length ?? 0)
    }
    expect((await readHistoryEntry('p1', intentIdOf(1)))?.entry.intentId).toBe(intentIdOf(1))
    expect((await listNotes('p1', intentIdOf(1))).map((n) => n.text)).toEqual(['customer called'])
  })

  it('v1 -> v2 moves lookup keys onto the objects, case-insensitive, and adds tags, the project index and snapshot totals', async () => {
    const name = `migrate-v2-${Math.random()}`
    await createAt(1, name)
    const db = await openCurrent(name)
    const find = async (filter: Parameters<typeof searchCachedIntents>[1]) =>
      (await searchCachedIntents('p1', filter, { limit: 5 })).rows.map((r) => r.intentId)
    expect(await find({ address: OWNER.toLowerCase() })).toEqual([intentIdOf(1)])
    expect(await find({ address: OWNER })).toEqual([intentIdOf(1)])
    expect(await find({ owner: OWNER })).toEqual([intentIdOf(1)])
    expect(await find({ text: 'usdc' })).toEqual([intentIdOf(1)])
    // Intent 2's row has no project id: the project filter lists it rather than drop it.
    expect(await find({ projectId: 2, statuses: ['SUCCEEDED'] })).toEqual([intentIdOf(2), intentIdOf(1)])
    expect(await find({ projectId: 3 })).toEqual([intentIdOf(2)])
    expect(await find({ txHash: hex('tx-origin', 2).toUpperCase() })).toEqual([intentIdOf(2)])
    expect((await db.intents.get(['p1', intentIdOf(1)]))?.keys).toContain(`p1|a:${OWNER.toLowerCase()}`)
    expect(db.tables.map((t) => t.name)).not.toContain('intentKeys')
    expect(await db.intentRows.get(['p1', intentIdOf(1)])).toMatchObject({ ownerKey: OWNER.toLowerCase(), lastTransitionStatus: 'SUCCEEDED' })
    expect((await listBalanceSnapshots('p1', '0xaa@ethereum'))[0].totalUsd).toBe(13)
  })

  it('v3 -> v4 derives a route-statistics record from every summary row, field for field', async () => {
    const name = `migrate-v4-${Math.random()}`
    await createAt(3, name)
    const db = await openCurrent(name)
    // Each record keeps when its row was fetched from the service, for the statistics' age.
    const fetchedAt = async (n: number) => (await db.intentRows.get(['p1', intentIdOf(n)]))!.fetchedAt
    expect(await fetchedAt(1)).toEqual(expect.any(Number))
    expect(await db.routeFacts.get(['p1', intentIdOf(1)])).toEqual({
      profileId: 'p1',
      intentId: intentIdOf(1),
      createdAt: T0 + 60_000,
      status: 'SUCCEEDED',
      originChainId: 1,
      routeProviders: ['AUTO'],
      fetchedAt: await fetchedAt(1),
    })
    expect(await db.routeFacts.get(['p1', intentIdOf(2)])).toEqual({ profileId: 'p1', intentId: intentIdOf(2), createdAt: T0 + 120_000, status: 'SUCCEEDED', routeProviders: [], fetchedAt: await fetchedAt(2) })
    // and they stay in step with later writes
    await cacheHistoryFiled(source(), [fakeEntry(3)])
    expect(await db.routeFacts.count()).toBe(await db.intentRows.count())
  })

  it('v3 -> v4 carries a large cache across in bounded steps', async () => {
    const name = `migrate-v4-many-${Math.random()}`
    const old = new Dexie(name)
    declareVersions(old, 3)
    await old.open()
    const rows = Array.from({ length: 4_500 }, (_, i) => ({ ...V2.intentRows[1], intentId: intentIdOf(1000 + i), createdAt: T0 + i, profileId: i % 2 ? 'p1' : 'p2' }))
    await old.table('intentRows').bulkAdd(rows)
    old.close()
    const db = await openCurrent(name)
    expect(await db.routeFacts.count()).toBe(4_500)
    expect(await db.routeFacts.where(':id').between(['p2', Dexie.minKey], ['p2', Dexie.maxKey]).count()).toBe(2_250)
  })

  it('still works on a database a newer release upgraded (after a downgrade)', async () => {
    const name = `newer-${Math.random()}`
    const newer = new Dexie(name)
    declareVersions(newer)
    newer.version(SCHEMA_VERSION + 1).stores({ futureStore: 'id' })
    await newer.open()
    newer.close()
    const db = openExplorerDb(name)
    opened.push(db)
    setExplorerDb(db)
    await db.open()
    await cacheHistoryFiled(source(), [fakeEntry(3)])
    expect((await searchCachedIntents('p1', {}, { limit: 5 })).rows.map((r) => r.intentId)).toEqual([intentIdOf(3)])
  })
})
