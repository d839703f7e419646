/**
 * The ranges a service value must fall in to be believed, without zod: the schemas refuse
 * values outside them (the field is dropped and named), and the renderer checks what the
 * cache or an imported file holds, which may predate them.
 *
 * - Token decimals: 0–255 (ERC-20 `decimals()` is a uint8).
 * - Times: from 2009-01-01 (before any chain an intent can touch) to ten years after now.
 * - Amounts: at most 200 digits (a uint256 has 78), so no value costs megabytes to format.
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

export const isChainId = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0

/** A list a record claims to hold, or none: a cached or imported record may hold anything there, and iterating that throws. */
export const listOf = <T>(v: readonly T[] | null | undefined): readonly T[] => (Array.isArray(v) ? v : [])

/** A chain a view can draw (an id, a name, a sane native currency if any): what the cache holds may predate the schema. */
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
 * The key under which a normalised record lists its refused fields (`RefusedField`), on the
 * object that held them; the leading underscore keeps it apart from any service field.
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

/** Every refused field inside a record, with its path from it; the walk is bounded (depth 12, 5,000 objects, 100 notices). */
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
