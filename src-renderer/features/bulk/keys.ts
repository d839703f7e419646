import { classifyInput, type InputKind } from '../../lib/classifyInput'

/** Most keys one lookup takes: a ticket's or a spreadsheet column's worth. */
export const MAX_KEYS = 1000

export interface BulkKey {
  /** As it will be looked up (unquoted, lifted out of a link). */
  value: string
  kind: InputKind
}

export interface ParsedKeys {
  keys: BulkKey[]
  /** Keys past MAX_KEYS, not looked up. */
  overCap: number
  /** Repeats of a key already listed (compared without case). */
  duplicates: number
}

/**
 * Keys from pasted or dropped text: one per line or separated by commas, semicolons,
 * tabs or spaces (a spreadsheet column, a CSV row, a ticket's paragraph). Quotes and
 * links are stripped by the app's one classifier; repeats are dropped.
 */
export function parseKeys(text: string): ParsedKeys {
  const seen = new Set<string>()
  const keys: BulkKey[] = []
  let duplicates = 0
  let overCap = 0
  for (const token of text.split(/[\s,;]+/)) {
    const c = classifyInput(token)
    if (c.kind === 'empty') continue
    const id = c.value.toLowerCase()
    if (seen.has(id)) {
      duplicates++
      continue
    }
    seen.add(id)
    if (keys.length >= MAX_KEYS) overCap++
    else keys.push({ value: c.value, kind: c.kind })
  }
  return { keys, overCap, duplicates }
}
