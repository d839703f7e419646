import { formatUnits, maxUint256, parseUnits } from 'viem'
import { parseDecimalInput } from '../../lib/format'

/**
 * Amounts typed in token units ("24.93959 USDC") turned into the base units a quote
 * request carries, exactly: digits are shifted by the token's decimals as text and
 * integers (viem's parseUnits), never through floating point. Anything the token
 * cannot hold is refused with the reason, never rounded or cut.
 */

type TokenAmountCheck = { ok: true; raw: string } | { ok: false; message: string }

const DECIMAL = /^(\d*)(?:\.(\d*))?$/

export function parseTokenAmount(typed: string, decimals: number, symbol: string): TokenAmountCheck {
  const text = typed.trim()
  if (!text) return { ok: false, message: `Enter the amount to send, in ${symbol} (e.g. 25 or 0.5)` }
  if (text.startsWith('-')) return { ok: false, message: 'The amount cannot be negative' }
  // The app writes amounts grouped ("1,250.50"); pasted back, that form is accepted.
  const plain = text.includes(',') ? parseDecimalInput(text) : text
  if (plain === undefined) return { ok: false, message: 'Use a point for decimals; commas only between groups of three digits, e.g. 1,250.50 or 1250.5' }
  const m = DECIMAL.exec(plain)
  if (!m || (m[1] === '' && !m[2])) return { ok: false, message: `Enter a number of ${symbol}: digits with at most one decimal point, e.g. 24.5` }
  const fraction = m[2] ?? ''
  const tooPrecise = decimals === 0 ? `${symbol} has no decimals: enter a whole number` : `${symbol} has ${decimals} decimals: at most ${decimals} digits after the point`
  if (fraction.length > decimals) return { ok: false, message: tooPrecise }
  const raw = parseUnits(`${m[1] || '0'}${fraction ? `.${fraction}` : ''}`, decimals)
  if (raw === 0n) return { ok: false, message: 'The amount must be above 0' }
  if (raw > maxUint256) return { ok: false, message: `Too large: no token can hold more than ${formatUnits(maxUint256, decimals)} ${symbol} (2²⁵⁶ − 1 base units)` }
  return { ok: true, raw: raw.toString() }
}
