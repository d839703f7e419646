/**
 * JSON reading that keeps every digit of long numbers, in the contract so that service
 * answers (main) and pasted intents (renderer) read alike.
 *
 * One pass over the text quotes every number literal outside strings that has 16 or more
 * digit and point characters, or an exponent (shorter ones have at most 15 significant
 * digits, which a double round-trips), and `JSON.parse` does the rest. The schemas accept
 * numeric strings wherever they accept numbers and decide per field: decimal string
 * (amounts) or number (USD values; ids, refused beyond 2^53 rather than rounded).
 *
 * A hand-written scanner, not a regex with a callback: strings are skipped with
 * `indexOf('"')` (about 1.6x `JSON.parse` alone on a history page, against 5x), and text
 * with nothing to quote passes without a copy. The same pass refuses nesting deeper than
 * `MAX_DEPTH`, which would pass validation only to overflow the stack when cloned.
 */

const QUOTE = 34
const BACKSLASH = 92
const MINUS = 45
const PLUS = 43
const DOT = 46
const ZERO = 48
const NINE = 57
const LOWER_E = 101
const UPPER_E = 69
const OPEN_BRACE = 123
const CLOSE_BRACE = 125
const OPEN_BRACKET = 91
const CLOSE_BRACKET = 93

/** Deepest nesting of arrays and objects accepted; structured clone and JSON.stringify manage about a thousand. */
export const MAX_DEPTH = 256

/** The text nests arrays and objects deeper than `MAX_DEPTH`. A SyntaxError, like any other unreadable JSON. */
export class JsonTooDeepError extends SyntaxError {
  constructor() {
    super(`the answer nests arrays and objects more than ${MAX_DEPTH} levels deep`)
    this.name = 'JsonTooDeepError'
  }
}

/** Literals with this many digit and point characters may not survive a double. */
const LONG = 16
/** Only well-formed literals are quoted, so malformed JSON still fails to parse. */
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/

/** The text with long number literals quoted; invalid JSON stays invalid. Throws JsonTooDeepError. */
export function quoteLongNumbers(text: string): string {
  const n = text.length
  let out = ''
  let copied = 0
  let depth = 0
  let i = 0
  while (i < n) {
    const c = text.charCodeAt(i)
    if (c === QUOTE) {
      let from = i + 1
      for (;;) {
        const close = text.indexOf('"', from)
        // Unterminated string: leave the text as it is for JSON.parse to reject.
        if (close < 0) return text
        let k = close - 1
        while (text.charCodeAt(k) === BACKSLASH) k--
        if ((close - 1 - k) % 2 === 0) {
          i = close + 1
          break
        }
        from = close + 1
      }
    } else if (c === MINUS || (c >= ZERO && c <= NINE)) {
      const start = i
      let exponent = false
      i++
      while (i < n) {
        const d = text.charCodeAt(i)
        if ((d >= ZERO && d <= NINE) || d === DOT) i++
        else if (d === LOWER_E || d === UPPER_E || d === PLUS || d === MINUS) {
          exponent = true
          i++
        } else break
      }
      const length = i - start - (c === MINUS ? 1 : 0)
      if ((exponent || length >= LONG) && JSON_NUMBER.test(text.slice(start, i))) {
        out += `${text.slice(copied, start)}"${text.slice(start, i)}"`
        copied = i
      }
    } else {
      if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        if (++depth > MAX_DEPTH) throw new JsonTooDeepError()
      } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--
      i++
    }
  }
  return copied === 0 ? text : out + text.slice(copied)
}

/** `JSON.parse`, except that long numbers arrive as their exact text. Throws SyntaxError (JsonTooDeepError included). */
export function parseJsonLossless(text: string): unknown {
  return JSON.parse(quoteLongNumbers(text))
}
