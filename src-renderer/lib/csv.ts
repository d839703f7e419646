/**
 * CSV writing as RFC 4180 describes it: CRLF between records, fields quoted when they
 * hold a comma, a quote, a line break or edge whitespace, quotes doubled inside. Values
 * are written as given: amounts must already be exact decimal strings, so nothing here
 * ever rounds them.
 */

export type CsvValue = string | number | bigint | boolean | null | undefined

export interface CsvColumn<T> {
  header: string
  value: (row: T) => CsvValue
}

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/

/** One field, quoted only when RFC 4180 requires it (or whitespace at its edges would be lost). */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return ''
  const text = typeof value === 'string' ? value : String(value)
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

function csvRecord(values: readonly CsvValue[]): string {
  return values.map(csvField).join(',')
}

/** A header record and one record per row, each ended by CRLF. */
export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  const out: string[] = [csvRecord(columns.map((c) => c.header))]
  for (const row of rows) out.push(csvRecord(columns.map((c) => c.value(row))))
  return out.join('\r\n') + '\r\n'
}
