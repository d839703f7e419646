import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { IntentStatus } from '@contract/service'
import type { ExplorerDb } from './db'
import { countCachedIntents, searchCachedIntents, type OfflineCursor, type OfflineIntentFilter } from './intentsQuery'
import { mergeRow, queryTerms, storedKeys, summaryFromReceipt, type IntentRowRecord } from './records'
import { cacheHistoryFiled, fakeEntry, fakeReceipt, freshDb, hex, intentIdOf, MINUTE, ownerOf, source, T0 } from './testing'
import { cacheIntents } from './writeThrough'

const ids = (rows: Array<{ intentId: string }>) => rows.map((r) => r.intentId)

async function allPages(profileId: string, filter: OfflineIntentFilter, limit: number) {
  const seen: string[] = []
  let after: OfflineCursor | undefined
  for (let pages = 0; pages < 10_000; pages++) {
    const page = await searchCachedIntents(profileId, filter, { limit, after })
    expect(page.rows.length).toBeLessThanOrEqual(limit)
    seen.push(...ids(page.rows))
    if (!page.next) return seen
    expect(page.rows).toHaveLength(limit)
    after = page.next
  }
  throw new Error('paging did not end')
}

describe('searchCachedIntents (small cache)', () => {
  beforeEach(async () => {
    freshDb()
    await cacheHistoryFiled(source(), [
      fakeEntry(1, { status: 'SUCCEEDED', originChainId: 1, symbol: 'USDC' }),
      fakeEntry(2, { status: 'FAILED', originChainId: 10, symbol: 'WETH', memo: 'customer ticket 4411' }),
      fakeEntry(3, { status: 'EXECUTING', originChainId: 1, symbol: 'USDC', owner: '0xAbCd000000000000000000000000000000000003', pending: true }),
      fakeEntry(4, { status: 'SUCCEEDED', originChainId: 8453, symbol: 'DAI', projectId: 7 }),
    ])
    await cacheHistoryFiled(source('other'), [fakeEntry(5)])
  })

  it('lists newest first by default and oldest first on request', async () => {
    expect(ids((await searchCachedIntents('p1', {}, { limit: 10 })).rows)).toEqual([4, 3, 2, 1].map(intentIdOf))
    expect(ids((await searchCachedIntents('p1', { order: 'asc' }, { limit: 10 })).rows)).toEqual([1, 2, 3, 4].map(intentIdOf))
    expect(await countCachedIntents('p1')).toBe(4)
  })

  it('finds an intent by id, any transaction hash, or any of its addresses, case-insensitively', async () => {
    const one = async (filter: OfflineIntentFilter) => ids((await searchCachedIntents('p1', filter, { limit: 10 })).rows)
    expect(await one({ intentId: intentIdOf(2).toUpperCase() })).toEqual([intentIdOf(2)])
    expect(await one({ txHash: hex('tx-deposit', 3) })).toEqual([intentIdOf(3)])
    expect(await one({ txHash: hex('tx-origin', 1) })).toEqual([intentIdOf(1)])
    expect(await one({ address: hex('destination-intent', 4, 20) })).toEqual([intentIdOf(4)])
    expect(await one({ address: '0xabcd000000000000000000000000000000000003' })).toEqual([intentIdOf(3)])
    expect(await one({ owner: '0xABCD000000000000000000000000000000000003' })).toEqual([intentIdOf(3)])
    // a hash is not an address and vice versa
    expect(await one({ address: hex('tx-deposit', 3) })).toEqual([])
    expect(await one({ intentId: intentIdOf(5) })).toEqual([])
  })

  it('filters by statuses, chains, tokens, project and time', async () => {
    const one = async (filter: OfflineIntentFilter) => ids((await searchCachedIntents('p1', filter, { limit: 10 })).rows)
    expect(await one({ statuses: ['SUCCEEDED', 'FAILED'] })).toEqual([4, 2, 1].map(intentIdOf))
    expect(await one({ originChainId: 1 })).toEqual([3, 1].map(intentIdOf))
    expect(await one({ originChainId: 1, statuses: ['SUCCEEDED'] })).toEqual([intentIdOf(1)])
    expect(await one({ projectId: 7 })).toEqual([intentIdOf(4)])
    // Cached without a project id (the deployed service sends none): kept, not dropped.
    const { projectId: _none, ...noProject } = fakeEntry(6, { status: 'SUCCEEDED', originChainId: 8453 }).receipt!
    await cacheHistoryFiled(source(), [{ ...fakeEntry(6), receipt: noProject }])
    expect(await one({ projectId: 7 })).toEqual([6, 4].map(intentIdOf))
    expect(await one({ projectId: 7, originChainId: 8453 })).toEqual([6, 4].map(intentIdOf))
    expect(await one({ originTokenAddress: hex('token', 10, 20).toUpperCase() })).toEqual([intentIdOf(2)])
    expect(await one({ destinationChainId: 42161, fromTime: T0 + 2 * MINUTE, toTime: T0 + 3 * MINUTE })).toEqual([3, 2].map(intentIdOf))
  })

  it('matches free text against the start of symbols, memo words, providers and identifiers', async () => {
    const one = async (text: string) => ids((await searchCachedIntents('p1', { text }, { limit: 10 })).rows)
    expect(await one('usd')).toEqual([3, 1].map(intentIdOf))
    expect(await one('ticket')).toEqual([intentIdOf(2)])
    expect(await one('USDC executing')).toEqual([intentIdOf(3)])
    expect(await one(intentIdOf(4).slice(0, 12))).toEqual([intentIdOf(4)])
    expect(await one('relayx')).toHaveLength(4)
    expect(await one('nothing-like-this')).toEqual([])
  })

  it('pages by keyset cursor', async () => {
    const first = await searchCachedIntents('p1', {}, { limit: 3 })
    expect(ids(first.rows)).toEqual([4, 3, 2].map(intentIdOf))
    expect(first.next).toEqual({ createdAt: T0 + 2 * MINUTE, intentId: intentIdOf(2) })
    const second = await searchCachedIntents('p1', {}, { limit: 3, after: first.next })
    expect(ids(second.rows)).toEqual([intentIdOf(1)])
    expect(second.next).toBeUndefined()
  })

  it('lists intents without a known creation time last', async () => {
    await cacheIntents(source(), [{ intentId: 'bare-intent', status: 'QUOTED' }])
    const rows = (await searchCachedIntents('p1', {}, { limit: 10 })).rows
    expect(rows[rows.length - 1]).toMatchObject({ intentId: 'bare-intent', createdAt: 0 })
    expect(ids((await searchCachedIntents('p1', { fromTime: T0 }, { limit: 10 })).rows)).not.toContain('bare-intent')
  })
})

describe('searchCachedIntents at scale (20,000 summary rows)', () => {
  const N = 20_000
  const STATUSES: IntentStatus[] = ['SUCCEEDED', 'SUCCEEDED', 'SUCCEEDED', 'FAILED', 'EXECUTING', 'REFUNDED', 'COMMITTED']
  const CHAINS = [1, 10, 56, 137, 8453, 42161]
  const SYMBOLS = ['USDC', 'USDT', 'WETH', 'DAI', 'WBTC']
  const reference: Array<IntentRowRecord & { keys: string[] }> = []
  let db: ExplorerDb

  beforeAll(async () => {
    db = freshDb()
    const rows: IntentRowRecord[] = []
    // The query reads only the summary rows and the objects' key index, so each receipt
    // record carries its keys and a stand-in object (20,000 full receipts would only slow the test).
    const objects = []
    for (let n = 0; n < N; n++) {
      const receipt = fakeReceipt(n, {
        status: STATUSES[(n * 3 + Math.floor(n / 7)) % STATUSES.length],
        owner: ownerOf((n * 13) % 400),
        originChainId: CHAINS[n % CHAINS.length],
        destinationChainId: CHAINS[(n * 5 + 1) % CHAINS.length],
        projectId: (n * 3) % 11,
        // three intents share each millisecond, so ties must be broken by id
        createdAt: T0 + Math.floor(n / 3) * 1000,
        symbol: SYMBOLS[(n * 11) % SYMBOLS.length],
        memo: n % 1000 === 0 ? `escalated case ${n}` : undefined,
      })
      // As the deployed service sends them: no project id.
      if (n % 17 === 0) delete receipt.projectId
      const part = summaryFromReceipt(receipt)!
      const meta = { profileId: 'big', baseUrl: 'http://big.test', fetchedAt: T0 }
      const row = mergeRow(undefined, part, 'receipt', meta)
      rows.push(row)
      objects.push({ ...meta, intentId: part.intentId, receipt: { intentId: part.intentId }, keys: storedKeys('big', part.keys) })
      reference.push({ ...row, keys: part.keys })
    }
    await db.intentRows.bulkPut(rows)
    await db.receipts.bulkPut(objects)
  }, 120_000)

  /** The same semantics, computed the slow and obvious way. */
  function expected(filter: OfflineIntentFilter): string[] {
    const has = (r: { keys: string[] }, kind: string, v: string | undefined) => !v || r.keys.includes(`${kind}:${v.toLowerCase()}`)
    const terms = queryTerms(filter.text ?? '')
    const out = reference.filter(
      (r) =>
        has(r, 'i', filter.intentId) &&
        has(r, 't', filter.txHash) &&
        has(r, 'a', filter.address) &&
        terms.every((t) => r.keys.some((k) => k.slice(2).startsWith(t)) || r.tags.some((k) => k.slice('big|'.length).startsWith(t))) &&
        (!filter.owner || r.ownerKey === filter.owner.toLowerCase()) &&
        (!filter.statuses?.length || filter.statuses.includes(r.status!)) &&
        (filter.originChainId === undefined || r.originChainId === filter.originChainId) &&
        (filter.destinationChainId === undefined || r.destinationChainId === filter.destinationChainId) &&
        (filter.projectId === undefined || r.projectId === undefined || r.projectId === filter.projectId) &&
        (!filter.destinationTokenAddress || r.destinationTokenAddress === filter.destinationTokenAddress.toLowerCase()) &&
        r.createdAt >= (filter.fromTime ?? -Infinity) &&
        r.createdAt <= (filter.toTime ?? Infinity),
    )
    out.sort((a, b) => a.createdAt - b.createdAt || (a.intentId < b.intentId ? -1 : 1))
    if (filter.order !== 'asc') out.reverse()
    return out.map((r) => r.intentId)
  }

  const cases: Array<[string, OfflineIntentFilter, number]> = [
    ['everything, newest first', {}, 1999],
    ['everything, oldest first', { order: 'asc' }, 2001],
    ['owner + statuses + origin chain + time range', { owner: ownerOf(13).toUpperCase(), statuses: ['SUCCEEDED', 'FAILED'], originChainId: 10, fromTime: T0 + 100_000, toTime: T0 + 6_000_000 }, 3],
    ['several statuses (merged walks)', { statuses: ['FAILED', 'REFUNDED', 'COMMITTED'] }, 700],
    ['origin chain + project (narrowest by count)', { originChainId: 56, projectId: 4 }, 61],
    ['project only (its rows and those without a project id)', { projectId: 4 }, 97],
    ['destination chain + token, oldest first', { destinationChainId: 137, destinationTokenAddress: hex('token', 137, 20), order: 'asc' }, 600],
    ['common tag + status (tag tested on rows)', { text: 'usdt', statuses: ['EXECUTING'] }, 120],
    ['common tag + provider tag + chain', { text: 'relayx weth', originChainId: 137 }, 90],
    ['rare memo word (loaded candidates)', { text: 'escalated' }, 7],
    ['hash prefix and tag', { text: `${hex('tx-origin', 4320).slice(0, 12)} usdc` }, 5],
    ['address', { address: ownerOf(26) }, 9],
    ['transaction hash', { txHash: hex('tx-origin', 12_345) }, 5],
    ['time window only', { fromTime: T0 + 1_000_000, toTime: T0 + 1_100_000 }, 33],
  ]

  it.each(cases)('%s: pages match the reference with no gaps or duplicates', async (_name, filter, limit) => {
    const want = expected(filter)
    expect(want.length).toBeGreaterThan(0)
    const got = await allPages('big', filter, limit)
    expect(new Set(got).size).toBe(got.length)
    expect(got).toEqual(want)
  }, 120_000)

  it('answers a first page without reading other profiles', async () => {
    expect((await searchCachedIntents('p1', {}, { limit: 10 })).rows).toEqual([])
    const first = await searchCachedIntents('big', { owner: ownerOf(0) }, { limit: 10 })
    expect(ids(first.rows)).toEqual(expected({ owner: ownerOf(0) }).slice(0, 10))
  })
})
