/**
 * JSON in and out without losing big integers.
 *
 * Out: amounts are written as bare JSON number digits, however large
 * (`"originTokenAmount": 1234567890123456789012`), as the spec types them `number`.
 * JSON.stringify cannot emit raw digits, so amounts travel as marked strings that one
 * regex pass then unquotes. The marker starts with U+0000, which JSON.stringify always
 * escapes as `\u0000`; none of the simulator's genuine strings contain it.
 *
 * In: integers beyond 2^53 in request bodies are parsed to bigint, so a client echoing a
 * quoted intent back to CommitIntent is compared digit for digit.
 */

const MARK = '\u0000'

/** An integer for the wire, written as bare digits however large (see toJson). */
export type WireInt = string & { readonly __wireInt: true }

/**
 * Marks an integer for toJson. Materialisers mark amounts as they build objects so
 * serialising needs no replacer callback, which would cost a call per JSON value.
 */
export const wireInt = (v: bigint): WireInt => (MARK + v.toString()) as WireInt

const replacer = (_key: string, value: unknown): unknown => (typeof value === 'bigint' ? wireInt(value) : value)

/** A marked integer as JSON.stringify writes it: quoted, the marker escaped. */
const MARKED = /"\\u0000(-?\d+)"/g

/** Drops the quotes and marker around marked integers. */
const unquoteMarked = (text: string): string => text.replace(MARKED, '$1')

/** A marked integer written as a decimal string: the deployed wire's form. */
const MARKER = /\\u0000(?=-?\d+")/g

/**
 * JSON text with marked integers, and any bigint left in `value`, as bare digits (the
 * spec's form) or as decimal strings (`bigInts: 'string'`, the deployed wire's).
 */
export function toJson(value: unknown, bigInts: 'number' | 'string' = 'number'): string {
  let text: string
  try {
    text = JSON.stringify(value)
  } catch (e) {
    if (!(e instanceof TypeError && e.message.includes('BigInt'))) throw e
    text = JSON.stringify(value, replacer)
  }
  return bigInts === 'string' ? text.replace(MARKER, '') : unquoteMarked(text)
}

/**
 * An answer already serialised by the operation (see ops/getIntentHistory.ts); the
 * server sends its text as is.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

const isDigit = (c: number) => c >= 48 && c <= 57

/**
 * Quotes integer literals too long to be exact doubles (marking them), leaving strings,
 * decimals and exponents alone, so JSON.parse can hand them back as bigint.
 */
function markBigIntegers(text: string): string {
  let out = ''
  let from = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92) i++
      else if (c === 34) inString = false
      continue
    }
    if (c === 34) {
      inString = true
      continue
    }
    if (!isDigit(c) && c !== 45) continue
    let j = c === 45 ? i + 1 : i
    while (j < text.length && isDigit(text.charCodeAt(j))) j++
    const next = text.charCodeAt(j)
    const isInteger = next !== 46 && next !== 101 && next !== 69
    const digits = j - (c === 45 ? i + 1 : i)
    if (isInteger && digits >= 16 && !Number.isSafeInteger(Number(text.slice(i, j)))) {
      out += text.slice(from, i) + '"\\u0000' + text.slice(i, j) + '"'
      from = j
    }
    i = j - 1
    while (i + 1 < text.length && /[0-9.eE+-]/.test(text[i + 1])) i++
  }
  return from === 0 ? text : out + text.slice(from)
}

/** JSON.parse, except that unsafe integers come back as bigint. Throws SyntaxError. */
export function parseJson(text: string): unknown {
  return JSON.parse(markBigIntegers(text), (_key, value: unknown) =>
    typeof value === 'string' && value.charCodeAt(0) === 0 ? BigInt(value.slice(1)) : value,
  )
}
