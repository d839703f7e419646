// From the zod-free formats module: History's chunk writes CSV and must not load zod for it.
import { PLAIN_DECIMAL } from './formats'

/**
 * The one CSV writer, for the page's exports and the command line: RFC 4180 (CRLF, or LF
 * where asked; fields quoted when they hold a comma, quote, line break or edge whitespace).
 * Values are written as given, so exact amounts are never rounded. Text that begins like a
 * spreadsheet formula (`=`, `@`, `+`, `-`, or a tab or line break before one) is written
 * with a leading `'`, so opening an export runs nothing; numbers and plain decimal text
 * (`-12.5`) stay as they are.
 */

export type CsvValue = string | number | bigint | boolean | null | undefined

export interface CsvColumn<T> {
  header: string
  value: (row: T) => CsvValue
}

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/
/** A formula's first character, possibly after whitespace; full-width forms too. */
const FORMULA_START = /^[\s\u00a0\u3000]*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r\n]/

/** One field: formula starts made inert (a leading `'`), quoted only when RFC 4180 requires it (or edge whitespace would be lost). */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return ''
  const inert = typeof value === 'string' && FORMULA_START.test(value) && !PLAIN_DECIMAL.test(value)
  const text = inert ? `'${value}` : String(value)
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** A header record and one record per row, each ended by CRLF (or `lineEnd`). */
export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[], lineEnd: '\r\n' | '\n' = '\r\n'): string {
  const records = [columns.map((c) => c.header), ...rows.map((row) => columns.map((c) => c.value(row)))]
  return records.map((values) => values.map(csvField).join(',')).join(lineEnd) + lineEnd
}
