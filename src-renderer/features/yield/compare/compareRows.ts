import { isGap, type MarketHistory } from '@contract/marketHistory'

export const MAX_COMPARED = 4

/** The compared markets from the URL (`m=` repeated), distinct, at most four. */
export function readCompared(params: URLSearchParams): string[] {
  return [...new Set(params.getAll('m').map((s) => s.trim()).filter(Boolean))].slice(0, MAX_COMPARED)
}

/**
 * The histories on one time axis: a row per instant any market was observed (or broke),
 * with each market's value under its own key (`m0`, `m1`…), null where it has none then,
 * so each line steps through its own observations and stops at its own gaps.
 */
export function mergedRows(histories: readonly MarketHistory[], value: 'base' | 'tvlUsd'): Array<{ t: number } & Record<string, number | null>> {
  const byTime = new Map<number, { t: number } & Record<string, number | null>>()
  histories.forEach((h, i) => {
    for (const p of h.points) {
      const row = byTime.get(p.t) ?? { t: p.t }
      row[`m${i}`] = isGap(p) ? null : p[value]
      byTime.set(p.t, row)
    }
  })
  const rows = [...byTime.values()].sort((a, b) => a.t - b.t)
  // A market with no point at an instant holds its last value there (a step), unless its line broke.
  histories.forEach((_, i) => {
    let last: number | null = null
    for (const r of rows) {
      if (`m${i}` in r) last = r[`m${i}`] ?? null
      else r[`m${i}`] = last
    }
  })
  return rows
}
