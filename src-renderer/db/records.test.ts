import { describe, expect, it } from 'vitest'
import {
  mergeRow,
  queryTerms,
  snapshotTotalUsd,
  statusTransitions,
  storedKeys,
  summaryFromHistoryEntry,
  summaryFromIntent,
  summaryFromReceipt,
  walletKey,
} from './records'
import { fakeEntry, fakeIntent, fakeReceipt, hex, intentIdOf, MINUTE, ownerOf, T0 } from './testing'

const meta = (fetchedAt: number) => ({ profileId: 'p1', baseUrl: 'http://p1.test', fetchedAt })

describe('summaries', () => {
  it('takes the row and every lookup key from a receipt', () => {
    const part = summaryFromReceipt(fakeReceipt(7, { memo: 'Refund for Ticket-42' }))!
    expect(part.intentId).toBe(intentIdOf(7))
    expect(part.fields).toMatchObject({
      status: 'SUCCEEDED',
      createdAt: T0 + 7 * MINUTE,
      originChainId: 1,
      destinationChainId: 42161,
      originTokenSymbol: 'USDC',
      originTokenDecimals: 6,
      originTokenAmount: '1500000',
      routeProviders: ['AUTO', 'RELAYX'],
      finishedAt: T0 + 7 * MINUTE + 40_000,
    })
    for (const leg of ['deposit', 'origin', 'destination']) expect(part.keys).toContain(`t:${hex(`tx-${leg}`, 7)}`)
    expect(part.keys).toContain(`a:${ownerOf(7)}`)
    expect(part.keys).toContain(`a:${hex('origin-intent', 7, 20)}`)
    expect(part.keys).toContain('w:ticket')
    // categorical words are row tags, not lookup keys
    expect(part.keys).not.toContain('w:usdc')
    const row = mergeRow(undefined, part, 'receipt', meta(T0))
    expect(row.tags).toEqual(expect.arrayContaining(['p1|usdc', 'p1|auto', 'p1|relayx', 'p1|succeeded', `p1|${hex('token', 1, 20)}`]))
  })

  it('lower-cases keys so checksummed input finds them', () => {
    const receipt = fakeReceipt(1)
    receipt.ownerAddress = '0xABCdef0000000000000000000000000000000001'
    expect(summaryFromReceipt(receipt)!.keys).toContain('a:0xabcdef0000000000000000000000000000000001')
  })

  it('uses the history entry’s own status over the receipt’s', () => {
    const entry = { ...fakeEntry(3), status: 'REFUNDED' as const }
    expect(summaryFromHistoryEntry(entry)!.fields.status).toBe('REFUNDED')
  })

  it('skips objects without an intent id', () => {
    expect(summaryFromIntent({})).toBeUndefined()
    expect(summaryFromReceipt({})).toBeUndefined()
    expect(summaryFromHistoryEntry({})).toBeUndefined()
  })
})

describe('mergeRow', () => {
  it('lets the newer fetch win and an older one only fill gaps', () => {
    const fresh = mergeRow(undefined, summaryFromReceipt(fakeReceipt(1, { status: 'SUCCEEDED' }))!, 'receipt', meta(T0 + 100))
    const stale = summaryFromIntent(fakeIntent(1, { status: 'QUOTED' }))!
    const merged = mergeRow(fresh, stale, 'intent', meta(T0 + 50))
    expect(merged.status).toBe('SUCCEEDED')
    expect(merged.fetchedAt).toBe(T0 + 100)
    expect(merged.sources).toEqual({ receipt: T0 + 100, intent: T0 + 50 })

    const newer = mergeRow(fresh, { intentId: intentIdOf(1), fields: { status: 'REFUNDED' }, keys: [] }, 'receipt', meta(T0 + 200))
    expect(newer.status).toBe('REFUNDED')
    expect(newer.originTokenSymbol).toBe('USDC')
  })

  it('never moves createdAt once known and fills index fields', () => {
    const row = mergeRow(undefined, summaryFromIntent(fakeIntent(1))!, 'intent', meta(T0))
    const moved = mergeRow(row, { intentId: intentIdOf(1), fields: { createdAt: 5 }, keys: [] }, 'receipt', meta(T0 + 1))
    expect(moved.createdAt).toBe(T0 + MINUTE)
    expect(moved).toMatchObject({ ownerKey: ownerOf(1), statusKey: 'QUOTED', originKey: 1, projectKey: 1 })
    const bare = mergeRow(undefined, { intentId: 'x', fields: {}, keys: [] }, 'intent', meta(T0))
    expect(bare).toMatchObject({ createdAt: 0, ownerKey: '', statusKey: '', originKey: -1, projectKey: -1, routeProviders: [] })
  })

  it('records a status when it moves forward in time', () => {
    const executing = mergeRow(undefined, summaryFromReceipt(fakeReceipt(1, { status: 'EXECUTING' }))!, 'receipt', meta(T0 + 100))
    expect(statusTransitions(undefined, 'EXECUTING', T0)).toEqual([{ status: 'EXECUTING', seenAt: T0 }])
    const recorded = { ...executing, lastTransitionStatus: 'EXECUTING' as const }
    expect(statusTransitions(recorded, 'EXECUTING', T0 + 200)).toEqual([])
    expect(statusTransitions(recorded, 'SUCCEEDED', T0 + 200)).toEqual([{ status: 'SUCCEEDED', seenAt: T0 + 200 }])
    expect(statusTransitions(recorded, 'QUOTED', T0 + 50)).toEqual([])
    expect(statusTransitions(recorded, undefined, T0 + 200)).toEqual([])
  })

  it('skips the first sighting of a settled status, and records it as the baseline if it moves', () => {
    expect(statusTransitions(undefined, 'SUCCEEDED', T0)).toEqual([])
    const failed = mergeRow(undefined, summaryFromReceipt(fakeReceipt(1, { status: 'FAILED' }))!, 'receipt', meta(T0 + 100))
    expect(statusTransitions(failed, 'REFUNDED', T0 + 300)).toEqual([
      { status: 'FAILED', seenAt: T0 + 100 },
      { status: 'REFUNDED', seenAt: T0 + 300 },
    ])
  })

  it('prefixes stored keys with the profile, once each', () => {
    expect(storedKeys('p1', ['t:0xa', 'a:0xb', 't:0xa'])).toEqual(['p1|t:0xa', 'p1|a:0xb'])
  })
})

describe('helpers', () => {
  it('walletKey ignores order, duplicates and EVM address case but not other encodings', () => {
    const a = walletKey([
      { address: '0xABC', network: 'ethereum' },
      { address: 'So1anaAddr', network: 'Solana', yieldId: 'y1' },
    ])
    const b = walletKey([
      { address: 'So1anaAddr', network: 'solana', yieldId: 'y1' },
      { address: '0xabc', network: 'ethereum' },
      { address: '0xabc', network: 'ethereum' },
    ])
    expect(a).toBe(b)
    expect(a).toBe('0xabc@ethereum,So1anaAddr@solana/y1')
    expect(walletKey([{ address: 'so1anaaddr', network: 'solana', yieldId: 'y1' }])).not.toBe(walletKey([{ address: 'So1anaAddr', network: 'solana', yieldId: 'y1' }]))
  })

  it('snapshotTotalUsd adds the positions that report a USD value', () => {
    expect(snapshotTotalUsd([{ balances: [{ amountUsd: '10.5' }, {}] }, { balances: [{ amountUsd: '2' }] }])).toBe(12.5)
    expect(snapshotTotalUsd([{ balances: [{}] }])).toBeUndefined()
  })

  it('queryTerms keeps pasted identifiers whole', () => {
    expect(queryTerms(' USDC  0xAbC-def, usdc ')).toEqual(['usdc', '0xabc-def'])
  })
})
