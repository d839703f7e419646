import { describe, expect, it } from 'vitest'
import type { ChainInfo } from '@contract/service'
import { entryBalanceUsd } from '@contract/historyEntry'
import { NO_RECEIPT, rowBuilder, toRow, type HistoryRow } from './rows'
import { balance, makeEntry, WETH } from './testing/entries'

const chains = new Map<number, ChainInfo>([
  [1, { id: 1, name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } } as ChainInfo],
  [8453, { id: 8453, name: 'Base', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } } as ChainInfo],
])

describe('toRow', () => {
  it('precomputes what the table shows', () => {
    const e = makeEntry({
      intentId: '0xabc',
      originAmount: '1234567890123456789012',
      originToken: { address: WETH, symbol: 'WETH', decimals: 18 },
      providers: ['RELAY', 'CCTP'],
      startedAt: '2026-11-01T10:00:00.000Z',
      finishedAt: '2026-11-01T10:01:05.000Z',
      hasBalance: true,
      balances: [balance({ raw: '1', usd: '2.50' }), balance({ raw: '1', usd: '0.25' })],
    })
    const row = toRow(e, 0, chains)
    expect(row).toMatchObject({
      key: '0xabc',
      intentId: '0xabc',
      status: 'SUCCEEDED',
      route: 'WETH on Ethereum → USDC on Base',
      providers: 'RELAY, CCTP',
      duration: '1m 05s',
      hasBalance: true,
      routeLegs: ['WETH on Ethereum', '→ USDC on Base'],
      sent: { text: '1,234.567890123456789012 WETH', number: '1,234.567890123456789012', short: '1,234.56789…', unit: 'WETH', exact: '1234.567890123456789012 WETH — 1234567890123456789012 base units', quoted: false },
    })
    expect(entryBalanceUsd(e)).toBe(2.75)
  })

  it('shows the quote while a pending intent has moved nothing, and the truth once it ended', () => {
    const pending = makeEntry({ status: 'COMMITTED' })
    pending.receipt!.summary!.originTokenAmount = '0'
    expect(toRow(pending, 0, chains).sent).toMatchObject({ text: '1.5 USDC', quoted: true })
    const aborted = makeEntry({ status: 'ABORTED' })
    aborted.receipt!.summary!.originTokenAmount = '0'
    expect(toRow(aborted, 0, chains).sent).toMatchObject({ text: '0 USDC', quoted: false })
  })

  it('names unknown chains by id and keys entries without an id by position', () => {
    const e = makeEntry()
    delete e.intentId
    delete e.receipt!.intentId
    delete e.receipt!.summary!.intentId
    const row = toRow(e, 7, new Map())
    expect(row.key).toBe('#7')
    expect(row.route).toBe('USDC on Chain 1 → USDC on Chain 8453')
  })

  it('says the receipt is missing instead of a route of question marks', () => {
    const e = makeEntry()
    delete e.receipt
    const row = toRow(e, 0, chains)
    expect(row.route).toBe(NO_RECEIPT)
    expect(row.routeLegs).toEqual([])
    expect(row.route).not.toMatch(/\?/)
    expect(row.sent.text).toBe('—')
  })
})

describe('rowBuilder', () => {
  it('formats each entry once, and again when the chain names change', () => {
    const build = rowBuilder()
    const entries = [makeEntry(), makeEntry()]
    const first = build(entries, chains)
    const grown = build([...entries, makeEntry()], chains)
    expect(grown[0]).toBe(first[0])
    expect(grown[1]).toBe(first[1])
    const renamed = build(entries, new Map())
    expect(renamed[0]).not.toBe(first[0])
    expect(renamed[0].route).toContain('Chain 1')
  })

  it('builds a growing list page by page into the same rows as building it whole', () => {
    const entries = Array.from({ length: 250 }, () => makeEntry())
    // Some entries without an id, keyed by their place in the list.
    for (const e of entries.filter((_, i) => i % 50 === 7)) {
      delete e.intentId
      delete e.receipt!.intentId
      delete e.receipt!.summary!.intentId
    }
    const build = rowBuilder()
    let shown: HistoryRow[] = []
    for (let end = 100; end <= 250; end += 50) {
      const before = shown
      shown = build(entries.slice(0, end), chains)
      expect(shown.slice(0, before.length).every((row, i) => row === before[i])).toBe(true)
    }
    expect(shown).toEqual(rowBuilder()(entries, chains))
    expect(shown[57].key).toBe('#57')
    // Another list (not one that goes on from the last) is built afresh, keys by its own positions.
    const other = build(entries.slice(7, 60), chains)
    expect(other).toEqual(rowBuilder()(entries.slice(7, 60), chains))
    expect(other[0].key).toBe('#0')
    expect(other[50].key).toBe('#50')
  })
})

