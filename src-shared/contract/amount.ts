/**
 * The one way an amount is written, for every view, CSV and the command line; amounts are
 * exact decimal strings in base units and never go through floating point.
 *
 * - `formatUnitsExact(raw, decimals)`: token units, exact and ungrouped ("22226.712833").
 * - `groupDecimal(exact)`: the same with thousands grouped ("22,226.712833").
 * - `amountText({ raw, decimals, symbol, chain, role })`: the sentence people read,
 *   "22,226.712833 USDC on Arbitrum (quoted)", or without decimals the base units and the
 *   whole token address, never a guess.
 * - `parseDecimalInput(text)`: what a person types back ("1,250.50", "1250.5"), to plain.
 */

import type { Intent, YieldBalances } from './service'
import { isTokenDecimals, MAX_AMOUNT_DIGITS } from './service/bounds'

const INTEGER = /^-?\d+$/

/**
 * Base units to an exact decimal string: ("1500000", 6) -> "1.5". Non-integers pass
 * through, and so does anything it cannot place a point in: decimals outside 0–255 or
 * not an integer (a cached record may hold 1e15, which would need a petabyte string),
 * amounts longer than any service may send (`./service/bounds`), values not a string.
 */
export function formatUnitsExact(raw: string, decimals: number | undefined): string {
  if (typeof raw !== 'string') return String(raw)
  if (raw.length > MAX_AMOUNT_DIGITS + 1 || !INTEGER.test(raw) || !isTokenDecimals(decimals) || decimals === 0) return raw
  const negative = raw.startsWith('-')
  const digits = (negative ? raw.slice(1) : raw).padStart(decimals + 1, '0')
  const whole = digits.slice(0, -decimals).replace(/^0+(?=\d)/, '')
  const fraction = digits.slice(-decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

const EXACT_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/

/** "22226.712833" -> "22,226.712833": whole part grouped by thousands, fraction kept whole. Anything else passes through. */
export function groupDecimal(exact: string): string {
  // Grouping looks ahead over the rest of the digits at each one: past the longest amount a service may send it is left as is.
  if (typeof exact !== 'string' || exact.length > 2 * MAX_AMOUNT_DIGITS + 2) return String(exact)
  const m = EXACT_DECIMAL.exec(exact)
  if (!m) return exact
  const [, sign, whole, fraction] = m
  return `${sign}${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`
}

/** Token units for a CSV column beside the base units: exact, ungrouped; empty when the decimals are unknown. */
export const tokenUnits = (raw: string | undefined, decimals: number | undefined): string | undefined =>
  raw === undefined || !isTokenDecimals(decimals) || !INTEGER.test(raw) ? undefined : formatUnitsExact(raw, decimals)

/** What the amount is: a quote's promise, what arrived, what was sent. Written after it in brackets. */
export type AmountRole = 'quoted' | 'received' | 'sent' | 'refunded'

export interface AmountParts {
  /** Base units, exact. */
  raw: string
  decimals?: number
  symbol?: string
  /** The token's address, named when its symbol is not known. */
  tokenAddress?: string
  /** The chain's name, "on Arbitrum". */
  chain?: string
  role?: AmountRole
}

/**
 * "22,226.712833 USDC on Arbitrum (quoted)": exact, grouped, with the token, the chain and
 * the role when known. Without decimals: "22226712833 base units of USDC" (or of the
 * token's address), so nobody reads base units as token units.
 */
export function amountText(a: AmountParts): string {
  const token = a.symbol ?? a.tokenAddress
  const known = isTokenDecimals(a.decimals) && INTEGER.test(a.raw)
  const head = known ? `${groupDecimal(formatUnitsExact(a.raw, a.decimals))}${token ? ` ${token}` : ''}` : `${a.raw} base units${token ? ` of ${token}` : ''}`
  return `${head}${a.chain ? ` on ${a.chain}` : ''}${a.role ? ` (${a.role})` : ''}`
}

/**
 * A decimal typed or pasted by a person, to a plain decimal string: "1,250.50" ->
 * "1250.50", " 3 " -> "3". Grouping commas are accepted only where the app writes them
 * (every three digits of the whole part); anything else is not a decimal (undefined).
 */
export function parseDecimalInput(text: string): string | undefined {
  const t = text.trim()
  const m = /^(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d+))?$/.exec(t)
  if (!m || (m[1] === undefined && m[2] === undefined)) return undefined
  return `${(m[1] ?? '0').replace(/,/g, '')}${m[2] !== undefined ? `.${m[2]}` : ''}`
}

/**
 * The amounts an intent names, read one way by every view, the cache and the command line:
 * the quote's (what was priced and committed), else what was asked for (an asked 0 means
 * "whatever the other side comes to", so it names no amount), else the deposit instruction's.
 */
export function intentAmounts(intent: Pick<Intent, 'quote' | 'quoteRequest' | 'depositTransaction'>): { origin?: string; destination?: string } {
  const asked = (amount: string | undefined) => (amount === '0' ? undefined : amount)
  return {
    origin: intent.quote?.fromAmount ?? asked(intent.quoteRequest?.originTokenAmount) ?? intent.depositTransaction?.amount,
    destination: intent.quote?.toAmount ?? asked(intent.quoteRequest?.destinationTokenAmount),
  }
}

/** A figure the service sends as a decimal string (older records hold numbers) as a number, for charts and orderings. */
export const wireNumber = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN
  return Number.isFinite(n) ? n : undefined
}

/** Sum of the positions' USD values; undefined when no position reported one. */
export function snapshotTotalUsd(items: ReadonlyArray<YieldBalances>): number | undefined {
  const values = items.flatMap((item) => (item.balances ?? []).flatMap((b) => wireNumber(b.amountUsd) ?? []))
  return values.length ? values.reduce((a, b) => a + b, 0) : undefined
}
