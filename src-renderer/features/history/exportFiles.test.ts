import { describe, expect, it } from 'vitest'
import { FORMULA_ATTACKS, formulaCells, parseCsv } from '@contract/testing'
import { toCsv } from '@contract/csv'
import { stuckFunds } from './balances'
import { HISTORY_CSV_COLUMNS } from '@contract/historyEntry'
import { historyCsv, historyJson, STUCK_CSV_COLUMNS } from './exportFiles'
import { balance, makeEntry, USDC, WETH } from './testing/entries'

describe('historyCsv', () => {
  it('writes exact amounts in base units and token units, with decimals and symbols', () => {
    const entry = makeEntry({
      intentId: '0xbig',
      originAmount: '1234567890123456789012',
      originToken: { address: WETH, symbol: 'WETH', decimals: 18 },
      startedAt: '2026-11-01T10:00:00.000Z',
      finishedAt: '2026-11-01T10:01:30.000Z',
      providers: ['RELAY', 'CCTP'],
      hasBalance: true,
      balances: [balance({ raw: '5', usd: '12.50' })],
    })
    const [header, row] = parseCsv(historyCsv([entry]))
    expect(header).toEqual(HISTORY_CSV_COLUMNS.map((c) => c.header))
    const cell = (name: string) => row[header.indexOf(name)]
    expect(cell('intentId')).toBe('0xbig')
    expect(cell('originTokenAmount')).toBe('1234567890123456789012')
    expect(cell('originTokenAmountUnits')).toBe('1234.567890123456789012')
    expect(cell('originTokenDecimals')).toBe('18')
    expect(cell('originTokenSymbol')).toBe('WETH')
    expect(cell('destinationTokenAmount')).toBe('1490000')
    expect(cell('destinationTokenAmountUnits')).toBe('1.49')
    expect(cell('routeProviders')).toBe('RELAY CCTP')
    expect(cell('durationMs')).toBe('90000')
    expect(cell('hasBalance')).toBe('true')
    expect(cell('balancesUsd')).toBe('12.5')
  })

  it('writes empty cells, never "undefined", for the fields the deployed service does not send', () => {
    const entry = makeEntry({ intentId: '0xdeployed' })
    // The deployed service sends no id, projectId, …TransactionId or calldata.
    const { id: _id, projectId: _projectId, depositTransactionId: _d, originTransactionId: _o, ...receipt } = entry.receipt!
    const { calldata: _calldata, ...origin } = receipt.originTransaction ?? {}
    const text = historyCsv([{ ...entry, receipt: { ...receipt, originTransaction: origin } }])
    const [header, row] = parseCsv(text)
    expect(row[header.indexOf('projectId')]).toBe('')
    expect(row[header.indexOf('intentId')]).toBe('0xdeployed')
    expect(text).not.toMatch(/undefined|null|NaN/)
    const json = historyJson([{ ...entry, receipt }], {}, null)
    expect(json).not.toMatch(/undefined|"projectId"/)
  })

  it('quotes a failure reason holding commas and quotes', () => {
    const entry = makeEntry({ status: 'FAILED' })
    entry.receipt!.originTransaction!.statusReason = 'reverted: "slippage", retry later'
    const [header, row] = parseCsv(historyCsv([entry]))
    expect(row[header.indexOf('statusReason')]).toBe('reverted: "slippage", retry later')
  })
})

describe('CSV exports and formula injection', () => {
  it('writes a failure reason, symbol or address that starts like a formula as inert text', () => {
    const entries = FORMULA_ATTACKS.map((attack) => {
      const entry = makeEntry({ status: 'FAILED', originToken: { address: attack, symbol: attack, decimals: 6 }, balances: [balance({ raw: '5', symbol: attack })] })
      entry.receipt!.originTransaction!.statusReason = attack
      return entry
    })
    const text = historyCsv(entries)
    expect(formulaCells(text)).toEqual([])
    const [header, ...rows] = parseCsv(text)
    expect(rows.map((r) => r[header.indexOf('statusReason')])).toEqual(FORMULA_ATTACKS.map((a) => `'${a}`))
  })

  it('keeps negative and positive amounts numeric', () => {
    const [header, row] = parseCsv(historyCsv([makeEntry({ originAmount: '-1234567890123456789012' })]))
    expect(row[header.indexOf('originTokenAmount')]).toBe('-1234567890123456789012')
  })

  it('makes the recoverable-funds lines inert too', () => {
    const entries = FORMULA_ATTACKS.map((attack) => makeEntry({ status: 'FAILED', balances: [balance({ raw: '5', symbol: attack, token: attack })] }))
    const text = toCsv(stuckFunds(entries).lines, STUCK_CSV_COLUMNS)
    expect(parseCsv(text)).toHaveLength(FORMULA_ATTACKS.length + 1)
    expect(formulaCells(text)).toEqual([])
  })
})

describe('historyJson', () => {
  it('holds the entries as received with the request and source', () => {
    const entries = [makeEntry({ originAmount: '1234567890123456789012' })]
    const text = historyJson(
      entries,
      { byOwnerAddress: '0xabc' },
      { profileId: 'p', baseUrl: 'http://sim', simulated: true, fetchedAt: 5 },
      new Date('2026-11-20T12:00:00Z'),
    )
    const doc = JSON.parse(text)
    expect(doc).toMatchObject({
      exportedAt: '2026-11-20T12:00:00.000Z',
      source: { baseUrl: 'http://sim', simulated: true, fetchedAt: 5 },
      request: { byOwnerAddress: '0xabc' },
      count: 1,
    })
    expect(doc.intents).toEqual(entries)
    expect(text).toContain('"originTokenAmount": "1234567890123456789012"')
  })
})

describe('historyCsv with the profile’s prices', () => {
  it('adds the balances’ value at the price book and how it was priced, beside the service’s own figure', () => {
    const held = makeEntry({ status: 'FAILED', hasBalance: true, balances: [balance({ raw: '2000000', usd: '9.99', price: '4.995' })] })
    const book = new Map([[`1:${USDC}`, { usd: 1, from: 'service' as const, at: Date.UTC(2026, 10, 27, 12) }]])
    const [header, row] = parseCsv(historyCsv([held], book, Date.UTC(2026, 10, 27, 12, 5)))
    expect(row[header.indexOf('balancesUsd')]).toBe('9.99')
    expect(row[header.indexOf('balancesValueUsd')]).toBe('2.00')
    expect(row[header.indexOf('balancesValuePricing')]).toMatch(/^priced from GetTokenPrices at 2026-11-27 .* \(5 min ago\)$/)
  })
})
