import { classifyInput, type InputKind } from '../../lib/classifyInput'

/** Most keys one lookup takes: a ticket's or a spreadsheet column's worth. */
export const MAX_KEYS = 1000

/** The shapes a lookup key can have: an intent id or transaction hash, an address, an edge (non-EVM) address. */
const KEY_KINDS: ReadonlySet<InputKind> = new Set(['hash', 'evmAddress', 'edgeAddress'])

export interface BulkKey {
  /** As it will be looked up (unquoted, lifted out of a link). */
  value: string
  kind: InputKind
  /** The pasted line it came from, counted from 1 (absent for keys made in code). */
  line?: number
}

/** A pasted line that is not looked up, and why. */
export interface SkippedLine {
  line: number
  /** The line as pasted, trimmed. */
  text: string
  /** Not shaped like a key ("thanks!!", "N/A", a header), a repeat of an earlier line's key (compared without case), or past MAX_KEYS. */
  why: 'not a key' | 'repeat' | 'over the limit'
  /** For a repeat: the line whose key it repeats. */
  repeatOf?: number
}

export interface ParsedKeys {
  keys: BulkKey[]
  /** Every non-blank line that is not looked up, in the order pasted. */
  skipped: SkippedLine[]
}

/**
 * Keys from pasted text, one per line. A line is a key only when the whole line has a key's
 * shape, so "see screenshot attached" cannot match an intent by a word of it; quotes, a
 * trailing comma and links are the app's one classifier's to handle.
 */
export function parseKeys(text: string): ParsedKeys {
  const firstLine = new Map<string, number>()
  const keys: BulkKey[] = []
  const skipped: SkippedLine[] = []
  for (const [i, raw] of text.split(/\r\n|\r|\n/).entries()) {
    const line = i + 1
    // A spreadsheet column exported as CSV may end each line in its separator.
    const c = classifyInput(raw.replace(/[;,\t\s]+$/, ''))
    if (c.kind === 'empty') continue
    if (!KEY_KINDS.has(c.kind)) {
      skipped.push({ line, text: raw.trim(), why: 'not a key' })
      continue
    }
    const id = c.value.toLowerCase()
    const seen = firstLine.get(id)
    if (seen !== undefined) skipped.push({ line, text: raw.trim(), why: 'repeat', repeatOf: seen })
    else if (keys.length >= MAX_KEYS) skipped.push({ line, text: raw.trim(), why: 'over the limit' })
    else keys.push({ value: c.value, kind: c.kind, line })
    if (seen === undefined) firstLine.set(id, line)
  }
  return { keys, skipped }
}
