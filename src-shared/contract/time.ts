/**
 * Service timestamps come as epoch seconds, epoch milliseconds (numbers or digit strings)
 * or ISO text; this reads any of them as epoch milliseconds. Shared by the cache, which
 * files records by time, and the views that show them.
 */
export function parseTime(value: string | number | undefined): number | undefined {
  if (value === undefined || value === '') return undefined
  if (typeof value === 'number' || /^\d+$/.test(value)) {
    const n = Number(value)
    return n < 1e12 ? n * 1000 : n
  }
  const t = Date.parse(value)
  return Number.isNaN(t) ? undefined : t
}
