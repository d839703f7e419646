import { beforeEach, describe, expect, it } from 'vitest'
import type { DataSource } from '@contract/app'
import { cacheIntents, openExplorerDb, setExplorerDb } from '../../db'
import { cacheHistoryFiled } from '../../db/testing'
import { offlineHistoryFor, readCachedPage } from './cacheFeed'
import { DEFAULT_SETTINGS } from './filters'
import { balance, makeEntry, OWNER } from './testing/entries'

const source = (fetchedAt: number): DataSource => ({ profileId: 'p1', baseUrl: 'http://sim', simulated: true, fetchedAt })
const settings = { ...DEFAULT_SETTINGS, pageSize: 2 }

let n = 0
beforeEach(() => {
  setExplorerDb(openExplorerDb(`history-cache-feed-${++n}`))
})

describe('offlineHistoryFor', () => {
  it('maps the filters the cache indexes exactly and names the rest', () => {
    const o = offlineHistoryFor(
      {
        byOwnerAddress: OWNER,
        byStatuses: ['FAILED'],
        originChainId: 1,
        destinationChainId: 10,
        byProjectId: 7,
        fromTime: 100,
        toTime: 200,
        byIntentProtocol: 'v1',
        byEdgeMode: 'ORIGIN',
        bySwapProvider: 'RELAY',
        byParticipantAddresses: ['0x1111111111111111111111111111111111111111', '0x2222222222222222222222222222222222222222'],
        onlyRecoverable: true,
      },
      { ...DEFAULT_SETTINGS, sort: 'id', order: 'ASC' },
    )
    expect(o.filter).toEqual({
      order: 'asc',
      owner: OWNER,
      statuses: ['FAILED'],
      originChainId: 1,
      destinationChainId: 10,
      projectId: 7,
      fromTime: 100_000,
      toTime: 200_999,
      address: '0x1111111111111111111111111111111111111111',
      text: 'RELAY',
    })
    expect(o.onlyRecoverable).toBe(true)
    const said = o.caveats.join(' ')
    for (const word of ['protocol', 'direction', 'first address', 'Providers', 'creation time', 'Balances', 'does not report project ids']) expect(said).toContain(word)
  })

  it('has nothing to say for the filters it applies exactly', () => {
    expect(offlineHistoryFor({ byOwnerAddress: OWNER, byStatuses: ['SUCCEEDED'] }, DEFAULT_SETTINGS).caveats).toEqual([])
  })
})

describe('readCachedPage', () => {
  it('pages through cached entries newest first, with the oldest fetch time', async () => {
    const entries = [0, 1, 2, 3, 4].map((i) => makeEntry({ createdAt: `2026-11-0${i + 1}T00:00:00.000Z` }))
    await cacheHistoryFiled(source(500), entries.slice(0, 3))
    await cacheHistoryFiled(source(900), entries.slice(3))

    const first = await readCachedPage('p1', {}, settings, undefined, 2)
    expect(first.data.items).toEqual([entries[4], entries[3]])
    expect(first.fetchedAt).toBe(900)
    expect(first.data.next).toBeDefined()

    const second = await readCachedPage('p1', {}, settings, first.data.next as never, 2)
    expect(second.data.items).toEqual([entries[2], entries[1]])
    expect(second.fetchedAt).toBe(500)
  })

  it('applies status filters and keeps only entries holding funds for "only recoverable"', async () => {
    const stuck = makeEntry({ status: 'FAILED', createdAt: '2026-11-01T00:00:00.000Z', hasBalance: true, balances: [balance({ raw: '5', usd: '5' })] })
    const clean = makeEntry({ status: 'FAILED', createdAt: '2026-11-02T00:00:00.000Z', hasBalance: false, balances: [] })
    const ok = makeEntry({ status: 'SUCCEEDED', createdAt: '2026-11-03T00:00:00.000Z' })
    await cacheHistoryFiled(source(1), [stuck, clean, ok])
    const failed = await readCachedPage('p1', { byStatuses: ['FAILED'] }, settings, undefined, 10)
    expect(failed.data.items).toEqual([clean, stuck])
    const recoverable = await readCachedPage('p1', { onlyRecoverable: true, includeBalances: true }, settings, undefined, 1)
    expect(recoverable.data).toEqual({ items: [stuck], next: undefined })
  })

  it('rebuilds an entry for an intent cached only from a search', async () => {
    const entry = makeEntry({ createdAt: '2026-11-01T00:00:00.000Z' })
    await cacheIntents(source(1), [
      {
        intentId: entry.intentId,
        ownerAddress: OWNER,
        originChainId: 1,
        destinationChainId: 8453,
        originTokenAddress: entry.receipt!.summary!.originTokenAddress,
        destinationTokenAddress: entry.receipt!.summary!.destinationTokenAddress,
        createdAt: '2026-11-01T00:00:00.000Z',
        status: 'COMMITTED',
      },
    ])
    const r = await readCachedPage('p1', { byOwnerAddress: OWNER }, settings, undefined, 5)
    expect(r.data.items).toHaveLength(1)
    expect(r.data.items[0]).toMatchObject({
      intentId: entry.intentId,
      status: 'COMMITTED',
      createdAt: '2026-11-01T00:00:00.000Z',
      receipt: { summary: { ownerAddress: OWNER, originChainId: 1, destinationChainId: 8453 } },
    })
  })

  it('says nothing was fetched when the cache holds nothing', async () => {
    expect(await readCachedPage('p1', {}, settings, undefined, 5)).toEqual({ data: { items: [], next: undefined }, fetchedAt: 0 })
  })
})
