/** The latest (and, negated, earliest) instant a Date can hold. */
const MAX_DATE_MS = 8.64e15

/**
 * Service timestamps come as epoch seconds, epoch milliseconds (numbers or digit strings)
 * or ISO text; this reads any of them as epoch milliseconds. Shared by the cache, which
 * files records by time, and the views that show them.
 */
export function parseTime(value: string | number | undefined): number | undefined {
  if (value === undefined || value === '') return undefined
  let t: number
  if (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value))) {
    const n = Number(value)
    t = n < 1e12 ? n * 1000 : n
  } else if (typeof value === 'string' && value.length <= 64) t = Date.parse(value)
  else return undefined
  // Only instants a Date can hold (±8.64e15 ms): a NaN or 1e300 from a cached record would
  // make an Invalid Date, which date formatting throws on.
  return Number.isFinite(t) && Math.abs(t) <= MAX_DATE_MS ? t : undefined
}

/** Skew past which expiry times and time left are worth a word: they read wrongly by that much here. */
export const CLOCK_SKEW_NOTICE_MS = 30_000

/** "the service's clock is 2.5 s ahead of this machine's": the one wording of a skew, in the doctor and the views. */
export function clockSkewText(skewMs: number): string {
  if (Math.abs(skewMs) < 1000) return 'the service’s clock agrees with this machine’s'
  const s = Math.abs(skewMs) / 1000
  const amount = s < 120 ? `${s.toFixed(s < 10 ? 1 : 0)} s` : s < 7200 ? `${Math.round(s / 60)} min` : `${Math.round(s / 3600)} h`
  return `the service’s clock is ${amount} ${skewMs > 0 ? 'ahead of' : 'behind'} this machine’s`
}
