import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { csvField, toCsv, type CsvColumn } from './csv'
import { FORMULA_ATTACKS, parseCsv } from './testing'

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

describe('formula injection', () => {
  const attacks = [
    ...FORMULA_ATTACKS,
    '\n=1+1',
    '  =1+1',
    '\uff1d1+1',
  ]

  it('writes every text cell that starts like a formula with a leading apostrophe', () => {
    for (const attack of attacks) {
      const [, [cell]] = parseCsv(toCsv([attack], [{ header: 'x', value: (r) => r }]))
      expect(cell, JSON.stringify(attack)).toBe(`'${attack}`)
    }
  })

  it('keeps numbers numeric: negative amounts as text or numbers, bigints, decimals', () => {
    expect(csvField('-1234567890123456789012')).toBe('-1234567890123456789012')
    expect(csvField('-0.5')).toBe('-0.5')
    expect(csvField(-42)).toBe('-42')
    expect(csvField(-5n)).toBe('-5')
    expect(csvField('-1e5')).toBe("'-1e5")
    expect(csvField('+1')).toBe("'+1")
  })

  it('never lets a written text cell begin with a formula character', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const [, [cell]] = parseCsv(toCsv([text], [{ header: 'x', value: (r) => r }]))
        if (!/^-?\d+(\.\d+)?$/.test(text)) expect(cell).not.toMatch(/^[\s]*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r\n]/)
      }),
    )
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

  it('ends records with LF when asked (the command line)', () => {
    expect(toCsv([{ id: '0x1', amount: '5' }], columns, '\n')).toBe('id,amount,note\n0x1,5,\n')
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
        const inert = (t: string) => (/^[\s\u00a0\u3000]*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r\n]/.test(t) && !/^-?\d+(\.\d+)?$/.test(t) ? `'${t}` : t)
        expect(parseCsv(toCsv(table, cols))).toEqual([['c0', 'c1', 'c2'], ...table.map((r) => r.map(inert))])
      }),
    )
  })
})
