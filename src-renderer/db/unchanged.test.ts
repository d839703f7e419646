import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { ExplorerDb } from './db'
import { UNCHANGED_KEPT_MS } from './intentIndex'
import { readHistoryEntry, readIntent, readTransitions } from './reads'
import { cacheIntents, cacheReceipt } from './writeThrough'
import { cacheHistoryFiled, fakeEntry, fakeIntent, fakeReceipt, freshDb, intentIdOf, MINUTE, reported, source, T0 } from './testing'

/**
 * Write-through skips an intent that has not changed since it was stored: a repeat search
 * or page costs no writes. Whatever changed (status, a leg's transaction, the balances,
 * the service) is written, and so is an unchanged intent once its copy is a while old.
 */

let db: ExplorerDb
beforeEach(() => {
  db = freshDb()
  reported.reset()
})

/** A fetch `step` tenths of the unchanged window after the first. */
const at = (step: number) => source('p1', T0 + 1000 * MINUTE + (step * UNCHANGED_KEPT_MS) / 10)

/** Counts the puts that reach the object stores and the summary rows. */
function countWrites() {
  const tables = ['intents', 'historyEntries', 'receipts', 'intentRows', 'routeFacts'] as const
  const spies = tables.map((t) => vi.spyOn(db[t], 'bulkPut'))
  return () => spies.reduce((n, s) => n + s.mock.calls.length, 0)
}

describe('an unchanged intent', () => {
  it('from a repeat search is not written again: the stored copy and its row keep their fetch time', async () => {
    const intents = [fakeIntent(1), fakeIntent(2, { status: 'EXECUTING' })]
    await cacheIntents(at(0), intents)
    const writes = countWrites()
    await cacheIntents(at(2), intents.map((i) => structuredClone(i)))
    expect(writes()).toBe(0)
    expect((await readIntent('p1', intentIdOf(1)))?.fetchedAt).toBe(at(0).fetchedAt)
    expect((await db.intentRows.get(['p1', intentIdOf(2)]))?.fetchedAt).toBe(at(0).fetchedAt)
  })

  it('is written when its status or update time moved, and only it', async () => {
    await cacheIntents(at(0), [fakeIntent(1), fakeIntent(2)])
    const moved = { ...fakeIntent(2), status: 'EXECUTING' as const, updatedAt: new Date(T0 + 1001 * MINUTE).toISOString() }
    await cacheIntents(at(2), [fakeIntent(1), moved])
    expect((await readIntent('p1', intentIdOf(1)))?.fetchedAt).toBe(at(0).fetchedAt)
    expect(await readIntent('p1', intentIdOf(2))).toMatchObject({ fetchedAt: at(2).fetchedAt, intent: { status: 'EXECUTING' } })
    expect((await readTransitions('p1', intentIdOf(2))).map((t) => t.status)).toContain('EXECUTING')
  })

  it('is written again once its copy is older than the kept window, so the age shown stays close to true', async () => {
    await cacheIntents(at(0), [fakeIntent(1)])
    const later = source('p1', at(0).fetchedAt + UNCHANGED_KEPT_MS)
    await cacheIntents(later, [fakeIntent(1)])
    expect((await readIntent('p1', intentIdOf(1)))?.fetchedAt).toBe(later.fetchedAt)
  })

  it('is written when it comes from another service', async () => {
    await cacheIntents(at(0), [fakeIntent(1)])
    const elsewhere = source('p1', at(1).fetchedAt, 'http://other.test')
    await cacheIntents(elsewhere, [fakeIntent(1)])
    expect((await readIntent('p1', intentIdOf(1)))?.fetchedAt).toBe(elsewhere.fetchedAt)
  })

  it('in a history page is not filed again; an entry whose leg or balance changed is', async () => {
    await cacheHistoryFiled(at(0), [fakeEntry(1), fakeEntry(2), fakeEntry(3)])
    const writes = countWrites()
    await cacheHistoryFiled(at(1), [fakeEntry(1), fakeEntry(2), fakeEntry(3)])
    expect(writes()).toBe(0)

    const leg = fakeEntry(2)
    leg.receipt!.destinationTransaction = { ...leg.receipt!.destinationTransaction, txnHash: `0x${'ee'.repeat(32)}` }
    const balance = fakeEntry(3)
    balance.balances = [{ ...balance.balances![0], tokens: [{ contractAddress: `0x${'12'.repeat(20)}`, balance: '5' }] }]
    await cacheHistoryFiled(at(2), [fakeEntry(1), leg, balance])
    expect((await readHistoryEntry('p1', intentIdOf(1)))?.fetchedAt).toBe(at(0).fetchedAt)
    expect((await readHistoryEntry('p1', intentIdOf(2)))?.fetchedAt).toBe(at(2).fetchedAt)
    expect((await readHistoryEntry('p1', intentIdOf(3)))?.fetchedAt).toBe(at(2).fetchedAt)
  })

  it('as a receipt is not written again; one kind unchanged does not hold back another kind', async () => {
    await cacheReceipt(at(0), fakeReceipt(4, { status: 'EXECUTING', pending: true }))
    await cacheIntents(at(0), [fakeIntent(4)])
    const writes = countWrites()
    await cacheReceipt(at(1), fakeReceipt(4, { status: 'EXECUTING', pending: true }))
    expect(writes()).toBe(0)
    await cacheReceipt(at(2), fakeReceipt(4, { status: 'SUCCEEDED' }))
    expect((await db.intentRows.get(['p1', intentIdOf(4)]))).toMatchObject({ status: 'SUCCEEDED', sources: { receipt: at(2).fetchedAt, intent: at(0).fetchedAt } })
  })
})
