import { describe, expect, it } from 'vitest'
import type { IntentHistoryEntry } from '../../src-shared/contract/service'
import { FORMULA_ATTACKS, formulaCells, parseCsv } from '../../src-shared/contract/testing'
import { HISTORY_CSV_COLUMNS } from '../../src-shared/contract/historyEntry'
import { historyCsv } from './output'

const entry = (reason: string, amount = '1000'): IntentHistoryEntry => ({
  intentId: '0x01',
  status: 'FAILED',
  receipt: { summary: { ownerAddress: '0xowner', originTokenAmount: amount }, originTransaction: { statusReason: reason } },
})

describe('historyCsv (the command line)', () => {
  it('writes the app’s CSV: every formula start inert, LF line ends', () => {
    const text = historyCsv(FORMULA_ATTACKS.map((attack) => entry(attack)))
    expect(text).not.toContain('\r\n')
    const [header, ...rows] = parseCsv(text)
    expect(header).toEqual(HISTORY_CSV_COLUMNS.map((c) => c.header))
    expect(formulaCells(text)).toEqual([])
    expect(rows.map((r) => r[header.indexOf('statusReason')])).toEqual(FORMULA_ATTACKS.map((a) => `'${a}`))
  })

  it('keeps a negative amount a number', () => {
    const [header, row] = parseCsv(historyCsv([entry('reverted', '-1234567890123456789012')]))
    expect(row[header.indexOf('originTokenAmount')]).toBe('-1234567890123456789012')
    expect(row[header.indexOf('statusReason')]).toBe('reverted')
  })
})
