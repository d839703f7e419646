import { pad2, timeParts, zoneOffsetMs } from './format'

/**
 * Chart axes that do not mislead: value axes padded to an honest range with round,
 * distinct ticks, and time axes with ticks at round instants whose labels differ. Pure,
 * so the charts and their tests agree.
 */

export interface Axis {
  domain: [number, number]
  ticks: number[]
  /** Distance between ticks. */
  step: number
}

/**
 * No axis has more ticks than this: values no chart should see (a span of 10^308, a time
 * 8,000 years away, from a cached record) give a short axis, never a loop of millions.
 */
export const MAX_TICKS = 200

/** The round step (1, 2, 2.5 or 5 times a power of ten) at or above `rough`. */
export function niceStep(rough: number): number {
  if (!(rough > 0) || !Number.isFinite(rough)) return 1
  const power = 10 ** Math.floor(Math.log10(rough))
  const scaled = rough / power
  const nice = [1, 2, 2.5, 5, 10].find((n) => scaled <= n * (1 + 1e-9)) ?? 10
  return nice * power
}

/** Decimals a step needs to print exactly (0.25 -> 2, 500 -> 0). */
export function stepDecimals(step: number): number {
  for (let d = 0; d <= 12; d++) if (Math.abs(Math.round(step * 10 ** d) - step * 10 ** d) < 1e-6) return d
  return 12
}

export interface ValueAxisOptions {
  /** How many ticks to aim for (the result has between about half and twice as many). */
  count?: number
  /** Start the axis at zero (bars, shares). */
  fromZero?: boolean
  /** The smallest step worth showing, such as one cent. */
  minStep?: number
  /**
   * The least span, as a fraction of the values' size: a value that barely moves is drawn
   * on at least this range, so it looks flat instead of filling the chart (2% by default).
   */
  minSpanFraction?: number
}

/** The least and greatest finite value ([0, 0] for none). */
function extent(values: readonly number[]): [number, number] {
  const finite = values.filter(Number.isFinite)
  return finite.length ? [Math.min(...finite), Math.max(...finite)] : [0, 0]
}

/** Widens a span narrower than `minSpan` around its middle, keeping non-negative values non-negative. */
function widened(lo: number, hi: number, minSpan: number): [number, number] {
  if (hi - lo >= minSpan) return [lo, hi]
  const mid = (lo + hi) / 2
  let a = mid - minSpan / 2
  let b = mid + minSpan / 2
  if (lo >= 0 && a < 0) [a, b] = [0, minSpan]
  return [a, b]
}

/** A value axis over `values`: round ticks covering every value, the domain from the first to the last tick. */
export function valueAxis(values: readonly number[], options: ValueAxisOptions = {}): Axis {
  const { count = 5, fromZero = false, minStep = 0, minSpanFraction = 0.02 } = options
  let [lo, hi] = extent(values)
  if (fromZero) [lo, hi] = [Math.min(0, lo), Math.max(0, hi)]
  const size = Math.max(Math.abs(lo), Math.abs(hi))
  ;[lo, hi] = widened(lo, hi, Math.max(size * minSpanFraction, minStep * count, Number.MIN_VALUE))
  const step = Math.max(niceStep((hi - lo) / count), minStep)
  const decimals = stepDecimals(step)
  const first = Math.floor(lo / step + 1e-9)
  const last = Math.ceil(hi / step - 1e-9)
  const ticks: number[] = []
  for (let i = first; i <= Math.max(last, first + 1) && ticks.length < MAX_TICKS; i++) ticks.push(Number((i * step).toFixed(decimals)))
  return { domain: [ticks[0], ticks[ticks.length - 1]], ticks, step }
}

const USD = (decimals: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: decimals, maximumFractionDigits: decimals })

/** A USD tick label with as many decimals as the step needs (cents at most), so labels never repeat. */
export function usdTickFormat(step: number): (value: number) => string {
  const f = USD(Math.min(2, stepDecimals(step)))
  return (v) => f.format(Math.abs(v) < 1e-9 ? 0 : v)
}

/** A percentage tick label (values are fractions) with the decimals the step needs. */
export function percentTickFormat(step: number): (value: number) => string {
  const decimals = Math.max(0, stepDecimals(step) - 2)
  return (v) => `${(v * 100).toFixed(decimals)}%`
}

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const TIME_STEPS = [
  SECOND, 2 * SECOND, 5 * SECOND, 10 * SECOND, 15 * SECOND, 30 * SECOND,
  MINUTE, 2 * MINUTE, 5 * MINUTE, 10 * MINUTE, 15 * MINUTE, 30 * MINUTE,
  HOUR, 2 * HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR,
  DAY, 2 * DAY, 7 * DAY, 14 * DAY, 30 * DAY, 91 * DAY, 365 * DAY,
]

/** The label for a tick: as fine as the step, with the date when the axis spans days. */
function timeLabel(step: number, spansDays: boolean): (t: number) => string {
  return (t) => {
    const p = timeParts(t)
    const date = `${pad2(p.month)}-${pad2(p.day)}`
    const hm = `${pad2(p.hour)}:${pad2(p.minute)}`
    if (step >= DAY) return step >= 30 * DAY ? `${p.year}-${date}` : date
    const time = step < MINUTE ? `${hm}:${pad2(p.second)}` : hm
    return spansDays ? `${date} ${time}` : time
  }
}

/**
 * A time axis over instants (epoch ms): ticks at round instants of the shown zone (every
 * 15 s, 5 min, 6 h, day…) about `count` of them, each label distinct at that step.
 */
export function timeAxis(times: readonly number[], count = 6): Axis & { format: (t: number) => string } {
  const [lo, hi] = extent(times)
  const step = TIME_STEPS.find((s) => s * count >= hi - lo) ?? TIME_STEPS[TIME_STEPS.length - 1]
  // Round instants of the shown zone: shift by its offset before rounding.
  const offset = zoneOffsetMs(lo)
  const first = Math.floor((lo + offset) / step) * step - offset
  const last = Math.ceil((hi + offset) / step) * step - offset
  const ticks: number[] = []
  for (let t = first; t <= Math.max(last, first + step) && ticks.length < MAX_TICKS; t += step) ticks.push(t)
  const spansDays = timeParts(ticks[0]).day !== timeParts(ticks[ticks.length - 1]).day || ticks[ticks.length - 1] - ticks[0] >= DAY
  return { domain: [ticks[0], ticks[ticks.length - 1]], ticks, step, format: timeLabel(step, spansDays) }
}
