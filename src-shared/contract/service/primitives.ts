import { z } from 'zod'
import { PLAIN_DECIMAL, plainTokenProblem } from '../formats'
import { EARLIEST_TIME_MS, LATEST_TIME_AHEAD_MS, MAX_AMOUNT_DIGITS, MAX_TOKEN_DECIMALS, saneTimeWindow } from './bounds'

/**
 * Building blocks of every service schema, from what the wire may carry to the normalised
 * form: amounts and on-chain big integers as plain decimal strings (they exceed 2^53 and
 * must reach the screen digit for digit); ids, chain ids, decimals and counters as numbers,
 * refused (never rounded) past a safe integer; USD values, rates and ratios as numbers, or
 * as decimal strings kept as sent where the spec types them as strings. Every numeric
 * block also takes numeric text (the lossless reader's long literals). Values outside
 * `./bounds` are refused with a message naming them; an answer's decoder drops the field.
 */

const DECIMAL_TEXT = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/

/** Exponents beyond this would expand into absurdly long strings; no token amount needs them. */
const MAX_EXPONENT = 400

export { PLAIN_DECIMAL }

/**
 * Plain decimal text (no exponent) for a number or numeric text; `undefined` when the
 * input is not a decimal number. Text that is already plain is returned unchanged;
 * numbers and exponent forms are written out exactly, without redundant zeros.
 */
export function toDecimalString(value: number | string): string | undefined {
  if (typeof value === 'number') {
    // String(n) is the shortest text that reads back as n, so for any literal of up to
    // 15 significant digits it reproduces that literal's value exactly.
    if (!Number.isFinite(value)) return undefined
    value = String(value)
  }
  if (PLAIN_DECIMAL.test(value)) return value
  const m = DECIMAL_TEXT.exec(value)
  if (!m) return undefined
  const [, sign, intPart, fracPart = '', expPart] = m
  const exp = expPart === undefined ? 0 : Number(expPart)
  if (Math.abs(exp) > MAX_EXPONENT) return undefined
  const digits = intPart + fracPart
  const point = intPart.length + exp
  const padded = '0'.repeat(Math.max(0, 1 - point)) + digits.padEnd(point, '0')
  const at = Math.max(point, 1)
  const whole = padded.slice(0, at).replace(/^0+(?=\d)/, '')
  const fraction = padded.slice(at).replace(/0+$/, '')
  const text = fraction ? `${whole}.${fraction}` : whole
  return sign && text !== '0' ? `-${text}` : text
}

const show = (v: unknown): string => {
  const s = typeof v === 'string' ? JSON.stringify(v) : String(v)
  return s.length > 40 ? `${s.slice(0, 37)}…` : s
}

const numeric = z.union([z.number(), z.string()])

/** How many digits a plain decimal holds (sign and point not counted). */
const digitCount = (d: string) => d.length - (d.startsWith('-') ? 1 : 0) - (d.includes('.') ? 1 : 0)

/**
 * How the main core's plain reader (`plainRead.ts`) reads a block without zod: a leaf's
 * own check (the one its schema runs), an optional field, or a list that may be `null`.
 */
export type PlainForm =
  | { kind: 'leaf'; read: (v: unknown) => unknown }
  | { kind: 'optional'; inner: z.ZodType }
  | { kind: 'listOrNull'; list: z.ZodType }
export const PLAIN_FORMS = new WeakMap<z.ZodType, PlainForm>()
/** A leaf reader's answer for a value its schema would refuse. */
export const NOT_PLAIN: unique symbol = Symbol('not plain')

const leaf = <T extends z.ZodType>(schema: T, read: (v: unknown) => unknown): T => {
  PLAIN_FORMS.set(schema, { kind: 'leaf', read })
  return schema
}
const isNumeric = (v: unknown): v is number | string => typeof v === 'string' || (typeof v === 'number' && !Number.isNaN(v))

/** An amount as plain decimal text, or why it is refused. */
function decimalOf(v: number | string): string | { problem: string } {
  const d = toDecimalString(v)
  if (d === undefined) return { problem: `expected a decimal amount, got ${show(v)}` }
  if (digitCount(d) > MAX_AMOUNT_DIGITS) return { problem: `an amount of ${digitCount(d)} digits is longer than the ${MAX_AMOUNT_DIGITS} allowed` }
  return d
}

const readDecimal = (v: unknown): unknown => {
  if (!isNumeric(v)) return NOT_PLAIN
  const d = decimalOf(v)
  return typeof d === 'string' ? d : NOT_PLAIN
}

const decimalString = () =>
  leaf(
    numeric.transform((v, ctx) => {
      const d = decimalOf(v)
      if (typeof d === 'string') return d
      ctx.addIssue({ code: 'custom', message: d.problem })
      return z.NEVER
    }),
    readDecimal,
  )

/** A token amount, value, fee or gas figure: plain decimal string, e.g. `"1234567890123456789012"`. */
export const amount = decimalString()

/** Unsigned integer text of at most `maxDigits` digits, exact however large. */
const unsignedText = (maxDigits: number, expected: string) =>
  numeric.transform((v, ctx) => {
    const d = toDecimalString(v)
    if (d !== undefined && /^\d+$/.test(d) && d.length <= maxDigits) return d
    ctx.addIssue({ code: 'custom', message: `expected ${expected}, got ${show(v)}` })
    return z.NEVER
  })

/** An on-chain unsigned integer that may exceed 2^53 (salt, nonce space, permit deadline): decimal string. */
export const bigUint = unsignedText(MAX_AMOUNT_DIGITS, `a non-negative integer of at most ${MAX_AMOUNT_DIGITS} digits`)

/**
 * A uint64 that may exceed 2^53 (history page cursors): a decimal string inside, so it
 * stays exact, and a bare JSON number on every wire form (it is not a big.Int, which the
 * deployed wire writes as a string). A schema of its own so the encoder can tell it apart.
 */
export const uint64 = unsignedText(20, 'a cursor (an unsigned 64-bit integer)')

/** A number or numeric text as a number (NaN when the text is not a decimal number). */
const numberOf = (v: number | string): number => (typeof v === 'number' ? v : DECIMAL_TEXT.test(v) ? Number(v) : NaN)

/** An integer reader that also holds `n` to a rule: the value, or NOT_PLAIN. */
const readInt =
  (holds: (n: number) => boolean = () => true) =>
  (v: unknown): unknown => {
    if (!isNumeric(v)) return NOT_PLAIN
    const n = numberOf(v)
    return Number.isSafeInteger(n) && holds(n) ? n : NOT_PLAIN
  }

/** A safe integer (id, chain id, decimals, counter). Larger values are an error, not a rounding. */
export const int = leaf(
  numeric.transform((v, ctx) => {
    const n = numberOf(v)
    if (!Number.isSafeInteger(n)) {
      ctx.addIssue({
        code: 'custom',
        message: Number.isInteger(n) ? `integer ${show(v)} is too large to handle exactly` : `expected an integer, got ${show(v)}`,
      })
      return z.NEVER
    }
    return n
  }),
  readInt(),
)

export const id = int
const isChainId = (n: number): boolean => n >= 0
const isDecimals = (n: number): boolean => n >= 0 && n <= MAX_TOKEN_DECIMALS
/** A chain id: a non-negative safe integer. */
export const chainId = leaf(int.refine(isChainId, { message: 'a chain id cannot be negative' }), readInt(isChainId))
/** Token decimals: ERC-20's uint8, 0–255. More would place the point megabytes away. */
export const decimals = leaf(int.refine(isDecimals, { message: `token decimals must be 0–${MAX_TOKEN_DECIMALS}` }), readInt(isDecimals))

/** A measurement where double precision is enough: USD value, rate, ratio, duration. */
export const decimalNumber = leaf(
  numeric.transform((v, ctx) => {
    const n = numberOf(v)
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message: `expected a number, got ${show(v)}` })
      return z.NEVER
    }
    return n
  }),
  (v) => {
    const n = isNumeric(v) ? numberOf(v) : NaN
    return Number.isFinite(n) ? n : NOT_PLAIN
  },
)
/** USD values, rates and ratios the spec types as numbers. */
export const usd = decimalNumber
export const rate = decimalNumber

/**
 * A decimal the spec types as a string, kept exactly as sent (a quoted `totalFeeUsd` of
 * `"0.001230"` goes back to CommitIntent unchanged). A schema of its own, not `amount`:
 * the encoder writes every `amount` as a bare number, finding them by identity.
 */
export const decimalText = decimalString()

/** Go's zero time, which the deployed service writes for a moment that has not happened. */
const ZERO_TIME = /^0001-01-01T00:00:00(?:\.0+)?(?:Z|[+-]00:00)$/

/** Longer than any RFC 3339 text, nanoseconds and offset included. */
const MAX_TIME_TEXT = 64
const EARLIEST_YEAR = new Date(EARLIEST_TIME_MS).getUTCFullYear()

/** The year ten years from now (partly outside the window), looked up again every 10,000 times read. */
let latestYear = 0
let latestYearReads = 0
function latestWholeYear(): number {
  if (latestYearReads-- <= 0) {
    latestYear = new Date(Date.now() + LATEST_TIME_AHEAD_MS).getUTCFullYear()
    latestYearReads = 10_000
  }
  return latestYear
}

/**
 * Timestamps: RFC 3339 (nanoseconds too), kept verbatim; the zero time means "not set" and
 * becomes absent. A time outside `./bounds` is refused: a chart spanning it would need
 * millions of days.
 */
export const timestamp = z.string().transform((s, ctx) => {
  if (ZERO_TIME.test(s)) return undefined
  // Most times lie in a year wholly inside the window: read the year, not the whole
  // time (Date.parse costs about a microsecond; 100,000 intents carry 600,000 times).
  const year = s.length <= MAX_TIME_TEXT && s.charCodeAt(4) === 45 /* - */ ? Number(s.slice(0, 4)) : NaN
  if (year > EARLIEST_YEAR && year < latestWholeYear()) return s
  const t = s.length > MAX_TIME_TEXT ? NaN : Date.parse(s)
  if (s.length > MAX_TIME_TEXT || (!Number.isNaN(t) && (t < EARLIEST_TIME_MS || t > Date.now() + LATEST_TIME_AHEAD_MS))) {
    ctx.addIssue({ code: 'custom', message: `time ${show(s)} is outside ${saneTimeWindow()}` })
    return z.NEVER
  }
  return s
})
/**
 * Addresses, hashes, intent ids and calldata are kept verbatim (checksumming is a display
 * concern), and are printable ASCII on every chain: a look-alike letter, a bidi control or
 * an invisible character is refused, naming it (`plainTokenProblem`).
 */
export const plainTokenCheck = (s: string, ctx: z.RefinementCtx): void => {
  const problem = plainTokenProblem(s)
  if (problem) ctx.addIssue({ code: 'custom', message: `This value ${problem}` })
}
export const plainToken = leaf(z.string().superRefine(plainTokenCheck), (v) =>
  typeof v === 'string' && plainTokenProblem(v) === undefined ? v : NOT_PLAIN,
)
export const address = plainToken
export const hex = plainToken
export const text = leaf(z.string(), (v) => (typeof v === 'string' ? v : NOT_PLAIN))
export const bool = leaf(z.boolean(), (v) => (typeof v === 'boolean' ? v : NOT_PLAIN))

/**
 * An optional wire field. Go services send `null` for unset pointers and slices, so
 * absent and null both normalise to "not present".
 */
export const opt = <T extends z.ZodType>(schema: T) => {
  const out = schema.nullish().transform((v) => v ?? undefined).optional()
  PLAIN_FORMS.set(out, { kind: 'optional', inner: schema })
  return out
}

/** A required list that a service may send as `null` when it is empty. */
export const list = <T extends z.ZodType>(item: T) => {
  const array = z.array(item)
  const out = array.nullable().transform((v) => v ?? [])
  PLAIN_FORMS.set(out, { kind: 'listOrNull', list: array })
  return out
}

/** An optional list; absent or null stays absent. */
export const optList = <T extends z.ZodType>(item: T) => opt(z.array(item))

/**
 * Service objects keep fields this app does not know yet, so the raw view can show
 * everything the service sent; fields it does know must have the right type.
 */
export const obj = <S extends z.ZodRawShape>(shape: S) => z.looseObject(shape)

/** `intents[3].status` style path for messages (zod's own form: a key that is not a plain word is quoted, `["a-b"]`). */
export const formatPath = (path: ReadonlyArray<PropertyKey>): string => z.core.toDotPath(path)

/** A value in normalised form, or where and why it does not fit. */
export type Decoded<T> = { ok: true; value: T } | { ok: false; path: string; message: string }

/** Validates with a schema, saying the first issue; `at` prefixes issue paths when the value was nested (a payload string). */
export function decodeWith<S extends z.ZodType>(schema: S, value: unknown, at: PropertyKey[] = []): Decoded<z.output<S>> {
  const result = schema.safeParse(value)
  if (result.success) return { ok: true, value: result.data }
  const issue = result.error.issues[0]
  return { ok: false, path: formatPath([...at, ...(issue?.path ?? [])]), message: issue?.message ?? 'does not match' }
}
