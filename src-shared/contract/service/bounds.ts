/**
 * The ranges a service value must fall in to be believed. The schemas refuse values
 * outside them when answers are normalised (the field is dropped and named, see
 * `src-main/service/normalise/decode.ts`), and the renderer applies the same checks to
 * what it reads from the cache or an imported file, which may predate them. Plain
 * values and predicates, without zod, so a view can import them cheaply.
 *
 * - Token decimals: 0–255 (ERC-20 `decimals()` is a uint8).
 * - Times: from 2009-01-01 (before any chain an intent can touch) to ten years after
 *   now. A later or earlier moment is a corrupt or hostile value, not a date to draw.
 * - Amounts: at most 200 digits (a uint256 has 78; a long fraction may add as many
 *   again), so one value cannot cost megabytes of digits to format.
 * - Chain ids: non-negative safe integers.
 */

export const MAX_TOKEN_DECIMALS = 255
/** 2009-01-01T00:00:00Z, epoch ms. */
export const EARLIEST_TIME_MS = Date.UTC(2009, 0, 1)
/** How far past now a time may lie: ten years (of 366 days). */
export const LATEST_TIME_AHEAD_MS = 10 * 366 * 86_400_000
/** Digits an amount may have, before and after its point together. */
export const MAX_AMOUNT_DIGITS = 200

/** Token decimals the app can place a point by: an integer from 0 to 255. */
export const isTokenDecimals = (n: unknown): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= MAX_TOKEN_DECIMALS

/** An instant (epoch ms) inside the window the app believes. */
export const isSaneTime = (ms: number, now: number = Date.now()): boolean =>
  Number.isFinite(ms) && ms >= EARLIEST_TIME_MS && ms <= now + LATEST_TIME_AHEAD_MS

/** A chain id: a non-negative safe integer. */
export const isChainId = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0

/**
 * A list a record claims to hold, or none: a cached or imported record may hold a number
 * or an object where a list belongs, and iterating that throws.
 */
export const listOf = <T>(v: readonly T[] | null | undefined): readonly T[] => (Array.isArray(v) ? v : [])

/**
 * A chain a view can draw: a chain id, a name and, when it has one, a native currency
 * with text symbol and name and decimals from 0 to 255. The service's answers are checked
 * by their schema; this checks what the cache holds, which may predate it.
 */
export function isUsableChain(c: unknown): boolean {
  if (!c || typeof c !== 'object') return false
  const { id, name, nativeCurrency: n } = c as { id?: unknown; name?: unknown; nativeCurrency?: unknown }
  if (!isChainId(id) || typeof name !== 'string') return false
  if (n === undefined) return true
  if (!n || typeof n !== 'object') return false
  const { symbol, name: currency, decimals } = n as { symbol?: unknown; name?: unknown; decimals?: unknown }
  return typeof symbol === 'string' && typeof currency === 'string' && isTokenDecimals(decimals)
}

/** "the window 2009-01-01 to 2036-11-27" for messages. */
export const saneTimeWindow = (now: number = Date.now()): string =>
  `${new Date(EARLIEST_TIME_MS).toISOString().slice(0, 10)} to ${new Date(now + LATEST_TIME_AHEAD_MS).toISOString().slice(0, 10)}`

/**
 * Where a normalised record says which of its fields were refused: the key of a list of
 * `RefusedField` on the object that held them (an answer whose list lost an entry says
 * so on the object holding the list). Not a service field; the leading underscore keeps
 * it apart from anything a service sends.
 */
export const REFUSED_FIELDS_KEY = '_refused'

export interface RefusedField {
  /** The field's path from the object carrying the notice, e.g. `createdAt` or `intents[3]`. */
  field: string
  /** Why it was refused, with the value sent. */
  reason: string
}

/** The refused fields an object carries, read defensively (a cached record may hold anything). */
export function refusedFieldsOf(record: unknown): RefusedField[] {
  if (!record || typeof record !== 'object') return []
  const list = (record as Record<string, unknown>)[REFUSED_FIELDS_KEY]
  if (!Array.isArray(list)) return []
  return list
    .slice(0, 50)
    .filter((n): n is RefusedField => !!n && typeof n === 'object' && typeof n.field === 'string' && typeof n.reason === 'string')
    .map((n) => ({ field: n.field.slice(0, 200), reason: n.reason.slice(0, 300) }))
}

/**
 * Every refused field inside a record, with its path from the record
 * (`receipt.summary.originTokenMetadata.decimals`). The walk is bounded (depth 12, 5,000
 * objects, 100 notices), so a deep or huge record costs little.
 */
export function refusedFieldsIn(record: unknown): RefusedField[] {
  const out: RefusedField[] = []
  let budget = 5000
  const walk = (v: unknown, at: string, depth: number): void => {
    if (!v || typeof v !== 'object' || depth > 12 || budget-- <= 0 || out.length >= 100) return
    for (const n of refusedFieldsOf(v)) out.push({ field: at ? `${at}${n.field.startsWith('[') ? '' : '.'}${n.field}` : n.field, reason: n.reason })
    const entries: Array<[string, unknown]> = Array.isArray(v) ? v.map((x, i) => [`[${i}]`, x]) : Object.entries(v)
    for (const [k, x] of entries) {
      if (k === REFUSED_FIELDS_KEY) continue
      walk(x, k.startsWith('[') ? `${at}${k}` : at ? `${at}.${k}` : k, depth + 1)
    }
  }
  walk(record, '', 0)
  return out.slice(0, 100)
}
