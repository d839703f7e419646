import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { csvField, toCsv, type CsvColumn } from './csv'
import { parseCsv } from './testing'

describe('csvField', () => {
  it('leaves plain values bare', () => {
    expect(csvField('USDC')).toBe('USDC')
    expect(csvField(42)).toBe('42')
    expect(csvField(true)).toBe('true')
    expect(csvField(12345678901234567890123n)).toBe('12345678901234567890123')
  })

  it('writes missing values as empty fields', () => {
    expect(csvField(undefined)).toBe('')
    expect(csvField(null)).toBe('')
  })

  it('quotes commas, quotes, line breaks and edge whitespace, doubling inner quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('line1\nline2')).toBe('"line1\nline2"')
    expect(csvField('cr\rlf')).toBe('"cr\rlf"')
    expect(csvField(' padded ')).toBe('" padded "')
  })
})

describe('toCsv', () => {
  type Row = { id: string; amount: string; note?: string }
  const columns: CsvColumn<Row>[] = [
    { header: 'id', value: (r) => r.id },
    { header: 'amount', value: (r) => r.amount },
    { header: 'note', value: (r) => r.note },
  ]

  it('writes a header and CRLF-terminated records, amounts digit for digit', () => {
    const text = toCsv([{ id: '0x1', amount: '1234567890123456789012', note: 'stuck, "refund" pending' }], columns)
    expect(text).toBe('id,amount,note\r\n0x1,1234567890123456789012,"stuck, ""refund"" pending"\r\n')
  })

  it('writes only the header for no rows', () => {
    expect(toCsv([], columns)).toBe('id,amount,note\r\n')
  })
})

describe('parseCsv', () => {
  it('reads quoted fields with commas, quotes and line breaks', () => {
    expect(parseCsv('a,b\r\n"x, y","he said ""no""\nthen left"\r\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'he said "no"\nthen left'],
    ])
  })

  it('keeps empty fields and accepts a missing final line end', () => {
    expect(parseCsv('a,,c\n,,')).toEqual([
      ['a', '', 'c'],
      ['', '', ''],
    ])
  })

  it('refuses an unterminated quote', () => {
    expect(() => parseCsv('"open')).toThrow(/quoted field/)
  })

  it('round-trips any table written by toCsv', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string(), { minLength: 3, maxLength: 3 }), { maxLength: 8 }), (table) => {
        const cols: CsvColumn<string[]>[] = [0, 1, 2].map((i) => ({ header: `c${i}`, value: (r) => r[i] }))
        expect(parseCsv(toCsv(table, cols))).toEqual([['c0', 'c1', 'c2'], ...table])
      }),
    )
  })
})
