/**
 * Display formatting. Amounts arrive as exact decimal strings in base units; nothing
 * here goes through floating point, so `1234567890123456789012` shows digit for digit.
 */

import { formatUnitsExact, groupDecimal } from '@contract/amount'
import { PLAIN_DECIMAL } from '@contract/formats'
import { parseTime } from '@contract/time'
import { MAX_AMOUNT_DIGITS } from '@contract/service/bounds'

/** Service timestamps read as epoch milliseconds (`@contract/time`). */
export { parseTime }

/** The one amount formatter lives in the contract, shared with the command line. */
export { amountText, formatUnitsExact, groupDecimal, parseDecimalInput, tokenUnits, type AmountParts, type AmountRole } from '@contract/amount'

/** Grouped, with at most `maxFraction` decimals; `…` marks a cut so nobody mistakes it for exact. */
export function formatDecimalShort(exact: string, maxFraction = 6): string {
  // Longer than any amount a service may send (a cached or imported record can hold
  // anything): its head and its length, not megabytes of digits to group.
  if (typeof exact === 'string' && exact.length > 2 * MAX_AMOUNT_DIGITS + 2) return `${exact.slice(0, 16)}… (${exact.length.toLocaleString('en-US')} characters)`
  const fraction = typeof exact === 'string' && PLAIN_DECIMAL.test(exact) ? (exact.split('.')[1] ?? '') : ''
  if (fraction.length <= maxFraction) return groupDecimal(exact)
  return `${groupDecimal(exact.slice(0, exact.length - fraction.length + maxFraction).replace(/\.$/, ''))}…`
}

/**
 * An exact decimal cut to about `chars` characters for a narrow cell: the whole part is
 * never cut (grouped), the fraction keeps the room left, and an amount under 1 at least its
 * first two significant digits; `…` marks a cut, so the exact value belongs in the tooltip.
 */
export function formatDecimalFit(exact: string, chars: number): string {
  const m = typeof exact === 'string' ? /^(-?)(\d+)(?:\.(\d+))?$/.exec(exact) : null
  if (!m) return formatDecimalShort(exact)
  const [, sign, whole, fraction = ''] = m
  const room = Math.max(0, chars - sign.length - groupDecimal(whole).length - 1)
  const zeros = /^0*/.exec(fraction)![0].length
  const significant = /^0+$/.test(whole) && zeros < fraction.length ? zeros + 2 : 0
  return formatDecimalShort(exact, Math.max(room, significant))
}

export const formatAmount = (raw: string, decimals: number | undefined, maxFraction = 6) =>
  formatDecimalShort(formatUnitsExact(raw, decimals), maxFraction)

const usdFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 })
export function formatUsd(value: number | string | undefined): string {
  if (value === undefined || value === '') return '—'
  // Decimal text the service sent, too large for a double's cents: exact, digit for digit.
  if (typeof value === 'string' && /^-?\d{14,}(\.\d+)?$/.test(value.trim())) return exactUsd(value.trim())
  const n = typeof value === 'number' ? value : Number(value)
  if (!Number.isFinite(n)) return String(value)
  // Past ~10^13 dollars a double no longer holds the cents (30-digit token amounts times a
  // price land there): rounded honestly to 6 significant digits and marked as approximate,
  // never printed with the noise of the float's last digits.
  if (Math.abs(n) >= APPROX_USD_FROM) return `≈ ${usdFormat.format(Number(n.toPrecision(6))).replace(/\.00$/, '')}`
  // A sum of rounded parts can land a hair below zero: that is $0.00, not "-$0.00".
  return usdFormat.format(Math.abs(n) < 0.005 ? 0 : n)
}

/** The magnitude from which a USD number computed with doubles is shown rounded and marked "≈". */
export const APPROX_USD_FROM = 1e13

/** `$1,234,567,890,123,456.79` from decimal text, rounded half up to cents with integers, never a float. */
function exactUsd(text: string): string {
  const negative = text.startsWith('-')
  const [int, frac = ''] = (negative ? text.slice(1) : text).split('.')
  const digits = (frac + '000').slice(0, 3)
  let cents = BigInt(int) * 100n + BigInt(digits.slice(0, 2))
  if (digits[2] >= '5') cents += 1n
  const whole = groupDecimal((cents / 100n).toString())
  return `${negative && cents > 0n ? '-' : ''}$${whole}.${(cents % 100n).toString().padStart(2, '0')}`
}

/** Zero or absent: an exact decimal amount ("0", "0.000", "-0") with nothing in it. */
export const isZeroAmount = (raw: string | undefined): boolean => raw === undefined || /^-?0*(\.0*)?$/.test(raw)

/** "Yes" or "No"; a flag the service did not report shows `unknown` (a dash unless said; '' leaves a field row out). */
export const yesNo = <U = string>(v: boolean | undefined, unknown: U = '—' as U): string | U => (v === undefined ? unknown : v ? 'Yes' : 'No')

/** One formatter for every count: `toLocaleString('en-US')` sets up a new one at each call, some 10 µs, in every row of a table (its age's title). */
const countFormat = new Intl.NumberFormat('en-US')

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB']

/** "1.4 MB"; decimal units, as the browser's storage settings show them. */
export function formatBytes(bytes: number | undefined): string {
  if (bytes === undefined || !Number.isFinite(bytes)) return '—'
  let value = bytes
  let unit = 0
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000
    unit++
  }
  return `${unit === 0 ? value : value.toFixed(value < 10 ? 1 : 0)} ${UNITS[unit]}`
}

/** "12,345": a count as every view writes it. */
export const formatCount = (n: number): string => countFormat.format(n)

/** "1 wallet", "3 wallets": a count with its noun in the right number. */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${countFormat.format(n)} ${n === 1 ? one : many}`
}

export function formatPercent(fraction: number | undefined, digits = 2): string {
  return fraction === undefined || !Number.isFinite(fraction) ? '—' : `${(fraction * 100).toFixed(digits)}%`
}

export function shortHex(value: string, head = 6, tail = 4): string {
  if (typeof value !== 'string') return String(value)
  return value.length <= head + tail + 1 ? value : `${value.slice(0, head)}…${value.slice(-tail)}`
}

/**
 * Dates show in the local zone or in UTC (Settings' "Show times in UTC"). The choice is
 * read here, at formatting time, so every date in the app follows it; the shell
 * re-renders the views when it changes.
 */
let showUtc = false
export const setShowUtc = (utc: boolean): void => {
  showUtc = utc
}
export const isShowingUtc = (): boolean => showUtc

/** Calendar fields of an instant in the shown zone (month 1–12). */
export function timeParts(t: number) {
  const d = new Date(t)
  return showUtc
    ? { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds() }
    : { year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate(), hour: d.getHours(), minute: d.getMinutes(), second: d.getSeconds() }
}

/** Milliseconds the shown zone is ahead of UTC at that instant (0 in UTC). */
export const zoneOffsetMs = (t: number): number => (showUtc ? 0 : -new Date(t).getTimezoneOffset() * 60_000)

/**
 * Local zone names by UTC offset: within the local zone an offset names one zone (summer
 * time changes both), and asking Intl costs far more than a table's cell may take.
 */
const zoneNames = new Map<number, string>()
let zoneFormat: Intl.DateTimeFormat | undefined

/** The shown zone's name at an instant: "UTC", or the local one ("CET", "GMT+5:30"). */
export function zoneName(t: number = Date.now()): string {
  if (showUtc) return 'UTC'
  const date = new Date(t)
  const offset = date.getTimezoneOffset()
  const known = zoneNames.get(offset)
  if (known !== undefined) return known
  zoneFormat ??= new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' })
  const name = zoneFormat.formatToParts(date).find((p) => p.type === 'timeZoneName')?.value ?? 'local time'
  if (Number.isFinite(offset)) zoneNames.set(offset, name)
  return name
}

export const pad2 = (n: number): string => String(n).padStart(2, '0')

const clockOf = (p: ReturnType<typeof timeParts>) => `${pad2(p.hour)}:${pad2(p.minute)}:${pad2(p.second)}`

/** "11:48:03": the time of day an instant shows as, in the shown zone, for a line that names no date. */
export const formatClock = (t: number): string => clockOf(timeParts(t))

/**
 * "2026-11-25 11:48:03 UTC": the date, time and zone an instant shows as. A dense table
 * may leave the zone out of its cells (`withZone` false) when its header names it.
 */
export function formatDateTime(value: string | number | undefined, withZone = true): string {
  const t = parseTime(value)
  if (t === undefined) return value === undefined || value === '' ? '—' : String(value).slice(0, 64)
  const p = timeParts(t)
  const text = `${p.year}-${pad2(p.month)}-${pad2(p.day)} ${clockOf(p)}`
  return withZone ? `${text} ${zoneName(t)}` : text
}

/** "1h 02m", "3m 07s", "850 ms" */
export function formatDuration(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms)) return '—'
  if (ms < 0) return `-${formatDuration(-ms)}`
  if (ms < 1000) return `${Math.round(ms)} ms`
  const s = Math.floor(ms / 1000)
  const d = Math.floor(s / 86400)
  const h = Math.floor((s % 86400) / 3600)
  const m = Math.floor((s % 3600) / 60)
  const sec = s % 60
  if (d) return `${d}d ${h}h`
  if (h) return `${h}h ${pad2(m)}m`
  if (m) return `${m}m ${pad2(sec)}s`
  return `${sec}s`
}

const AGE_UNITS: ReadonlyArray<readonly [size: number, one: string, many: string]> = [
  [86_400_000, 'day', 'days'],
  [3_600_000, 'hour', 'hours'],
  [60_000, 'min', 'min'],
]

/** "3 days ago", "in 4 min", "just now" */
export function formatAge(thenMs: number, nowMs = Date.now()): string {
  const diff = nowMs - thenMs
  const unit = AGE_UNITS.find(([size]) => Math.abs(diff) >= size)
  if (!unit) return 'just now'
  const label = countOf(Math.floor(Math.abs(diff) / unit[0]), unit[1], unit[2])
  return diff >= 0 ? `${label} ago` : `in ${label}`
}
