import { beforeEach, describe, expect, it, vi } from 'vitest'
import { readLatestBalanceSnapshot, listBalanceSnapshots } from './balances'
import type { ExplorerDb } from './db'
import { searchCachedIntents } from './intentsQuery'
import { readChains, readEarnPools, readHistoryEntry, readIntent, readReceipt, readTransitions } from './reads'
import {
  cacheBalanceSnapshot,
  cacheChains,
  cacheEarnPools,
  cacheHistoryPage,
  cacheIntents,
  cacheMarkets,
  cacheReceipt,
} from './writeThrough'
import { walletKey } from './records'
import { cacheHistoryFiled, fakeEntry, fakeIntent, fakeReceipt, freshDb, hex, intentIdOf, MINUTE, reported, source, T0 } from './testing'

let db: ExplorerDb
beforeEach(() => {
  db = freshDb()
  reported.reset()
})

describe('intents, history and receipts', () => {
  it('stores a history page with its receipts and makes it findable by every key', async () => {
    await cacheHistoryFiled(source(), [fakeEntry(1), fakeEntry(2)])
    expect(await db.historyEntries.count()).toBe(2)
    const entry = await readHistoryEntry('p1', intentIdOf(2))
    expect(entry?.entry.receipt?.intentId).toBe(intentIdOf(2))
    expect(entry?.fetchedAt).toBe(source().fetchedAt)
    const byHash = await searchCachedIntents('p1', { txHash: hex('tx-destination', 1) }, { limit: 10 })
    expect(byHash.rows.map((r) => r.intentId)).toEqual([intentIdOf(1)])
    expect(byHash.rows[0]).toMatchObject({ status: 'SUCCEEDED', originTokenSymbol: 'USDC', sources: { history: source().fetchedAt } })
  })

  it('keeps the fields only the deployed service sends, and a leg status it does not know, through the cache', async () => {
    const receipt = fakeReceipt(7)
    const legs = {
      ...receipt,
      originTransaction: { ...receipt.originTransaction, status: 'HELD_FOR_REVIEW', type: 'ORIGIN', context: 'relay' },
      summary: { ...receipt.summary, status: 'IN_PROGRESS', mode: 'EDGE', tradeType: 'EXACT_INPUT' },
    }
    await cacheReceipt(source(), legs)
    const stored = (await readReceipt('p1', intentIdOf(7)))?.receipt
    expect(stored?.originTransaction).toMatchObject({ status: 'HELD_FOR_REVIEW', type: 'ORIGIN', context: 'relay' })
    expect(stored?.summary).toMatchObject({ status: 'IN_PROGRESS', mode: 'EDGE', tradeType: 'EXACT_INPUT' })
    const intent = fakeIntent(7, { status: 'EXECUTING' })
    await cacheIntents(source(), [{ ...intent, intentProtocol: 'v1.5', fees: { originGas: { chainGasUsageStatus: 'HIGH' } } }])
    const cached = (await readIntent('p1', intentIdOf(7)))?.intent
    expect(cached).toMatchObject({ intentProtocol: 'v1.5', fees: { originGas: { chainGasUsageStatus: 'HIGH' } } })
  })

  it('keeps profiles apart', async () => {
    await cacheHistoryFiled(source('p1'), [fakeEntry(1)])
    await cacheHistoryFiled(source('p2'), [fakeEntry(1, { status: 'FAILED' })])
    expect((await readHistoryEntry('p1', intentIdOf(1)))?.entry.status).toBe('SUCCEEDED')
    expect((await readHistoryEntry('p2', intentIdOf(1)))?.entry.status).toBe('FAILED')
    expect(await readHistoryEntry('p3', intentIdOf(1))).toBeUndefined()
    const p2 = await searchCachedIntents('p2', { intentId: intentIdOf(1) }, { limit: 5 })
    expect(p2.rows.map((r) => r.status)).toEqual(['FAILED'])
  })

  it('merges an intent with what receipts taught, never losing their transaction hashes', async () => {
    await cacheReceipt(source('p1', T0 + 10 * MINUTE), fakeReceipt(4))
    await cacheIntents(source('p1', T0 + 20 * MINUTE), [fakeIntent(4, { status: 'SUCCEEDED' })])
    const found = await searchCachedIntents('p1', { txHash: hex('tx-origin', 4) }, { limit: 5 })
    expect(found.rows).toHaveLength(1)
    expect(found.rows[0]).toMatchObject({ originTokenSymbol: 'USDC', routeProviders: ['AUTO'], status: 'SUCCEEDED' })
    expect((await readIntent('p1', intentIdOf(4)))?.intent.quote?.fromAmount).toBe('1500000')
  })

  it('does not let an older answer replace a newer object', async () => {
    await cacheIntents(source('p1', T0 + 20 * MINUTE), [fakeIntent(5, { status: 'EXECUTING' })])
    await cacheIntents(source('p1', T0 + 10 * MINUTE), [fakeIntent(5, { status: 'QUOTED' })])
    const stored = await readIntent('p1', intentIdOf(5))
    expect(stored).toMatchObject({ fetchedAt: T0 + 20 * MINUTE, intent: { status: 'EXECUTING' } })
    const row = (await searchCachedIntents('p1', { intentId: intentIdOf(5) }, { limit: 1 })).rows[0]
    expect(row.status).toBe('EXECUTING')
  })

  it('records status transitions when the status changes', async () => {
    const id = intentIdOf(9)
    await cacheReceipt(source('p1', T0 + 1000), fakeReceipt(9, { status: 'COMMITTED', pending: true }))
    await cacheReceipt(source('p1', T0 + 2000), fakeReceipt(9, { status: 'COMMITTED', pending: true }))
    await cacheReceipt(source('p1', T0 + 3000), fakeReceipt(9, { status: 'EXECUTING', pending: true }))
    await cacheHistoryFiled(source('p1', T0 + 4000), [fakeEntry(9, { status: 'SUCCEEDED' })])
    expect(await readTransitions('p1', id)).toEqual([
      { status: 'COMMITTED', seenAt: T0 + 1000 },
      { status: 'EXECUTING', seenAt: T0 + 3000 },
      { status: 'SUCCEEDED', seenAt: T0 + 4000 },
    ])
    expect(await readTransitions('p2', id)).toEqual([])
  })

  it('reads the newest receipt from either the receipts store or a history entry', async () => {
    await cacheReceipt(source('p1', T0 + 1000), fakeReceipt(3, { status: 'EXECUTING', pending: true }))
    expect((await readReceipt('p1', intentIdOf(3)))?.receipt.status).toBe('EXECUTING')
    await cacheHistoryPage(source('p1', T0 + 2000), [fakeEntry(3, { status: 'SUCCEEDED' })])
    expect(await readReceipt('p1', intentIdOf(3))).toMatchObject({ fetchedAt: T0 + 2000, receipt: { status: 'SUCCEEDED' } })
    await cacheReceipt(source('p1', T0 + 3000), fakeReceipt(3, { status: 'REFUNDED' }))
    expect(await readReceipt('p1', intentIdOf(3))).toMatchObject({ fetchedAt: T0 + 3000, receipt: { status: 'REFUNDED' } })
  })

  it('handles an intent listed twice in one page', async () => {
    await cacheHistoryFiled(source(), [fakeEntry(1, { status: 'EXECUTING' }), fakeEntry(1, { status: 'SUCCEEDED' })])
    expect(await db.historyEntries.count()).toBe(1)
    expect((await readHistoryEntry('p1', intentIdOf(1)))?.entry.status).toBe('SUCCEEDED')
  })
})

describe('failures', () => {
  it('reports a failed write and resolves instead of throwing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const quota = Object.assign(new Error('quota'), { name: 'QuotaExceededError' })
    vi.spyOn(db.historyJournal, 'add').mockRejectedValueOnce(quota)
    await expect(cacheHistoryPage(source(), [fakeEntry(1)])).resolves.toBeUndefined()
    const error = reported.lastWriteError
    expect(error).toMatchObject({ store: 'historyEntries' })
    expect(error?.message).toMatch(/disk space/)
    warn.mockRestore()
  })

  it('reports a write the database refuses', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    await cacheChains(source(), [{ id: 1, name: 'x', nativeCurrency: { name: 'E', symbol: 'E', decimals: 18 }, logoUri: (() => 1) as never }])
    expect(reported.lastWriteError?.store).toBe('chains')
    warn.mockRestore()
  })
})

describe('reference data', () => {
  const chain = (id: number, name: string) => ({ id, name, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } })

  it('merges chains by id and reports the oldest fetch', async () => {
    expect(await readChains('p1')).toBeUndefined()
    await cacheChains(source('p1', T0), [chain(1, 'Ethereum'), chain(10, 'Optimism')])
    await cacheChains(source('p1', T0 + 5000), [chain(10, 'OP Mainnet')])
    const cached = await readChains('p1')
    expect(cached?.chains.map((c) => c.name)).toEqual(['Ethereum', 'OP Mainnet'])
    expect(cached?.fetchedAt).toBe(T0)
  })

  it('keeps every balance snapshot with its time and total', async () => {
    const queries = [{ address: '0xAA', network: 'ethereum' }]
    const items = (usd: number) => [{ yieldId: 'y1', balances: [{ amount: '1', amountUsd: String(usd) }] }]
    await cacheBalanceSnapshot(source('p1', T0 + 2000), queries, { items: items(20), errors: [] })
    await cacheBalanceSnapshot(source('p1', T0 + 1000), queries, { items: items(10), errors: [{ yieldId: 'y2', error: 'down' }] })
    await cacheBalanceSnapshot(source('p1', T0 + 3000), [{ address: '0xbb', network: 'base' }], { items: [], errors: [] })
    const key = walletKey(queries)
    const history = await listBalanceSnapshots('p1', key)
    expect(history.map((s) => [s.fetchedAt, s.totalUsd])).toEqual([
      [T0 + 1000, 10],
      [T0 + 2000, 20],
    ])
    expect((await readLatestBalanceSnapshot('p1', key))?.totalUsd).toBe(20)
    expect((await listBalanceSnapshots('p1', '0xbb@base')).map((s) => s.fetchedAt)).toEqual([T0 + 3000])
  })

  it('rebuilds an earn pools answer from the cached pools', async () => {
    await cacheEarnPools(source('p1', T0), { pools: [{ id: 'a', apy: 0.05 }, { id: 'b' }], timestamp: '2024-01-01T00:00:00Z', cached: false })
    const read = await readEarnPools('p1')
    expect(read).toEqual({
      response: { pools: [{ id: 'a', apy: 0.05 }, { id: 'b' }], timestamp: '2024-01-01T00:00:00Z', cached: true },
      fetchedAt: T0,
    })
  })

  it('stores markets per profile', async () => {
    await cacheMarkets(source('p1'), [{ id: 'm1' }])
    expect(await db.markets.where('[profileId+id]').equals(['p1', 'm1']).count()).toBe(1)
  })
})
