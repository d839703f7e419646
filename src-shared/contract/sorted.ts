/** The first index in [0, n) whose key is at least `key` (keys ascending), or n: the one binary search, over records on disk and durations in memory. */
export function firstAtOrAfter(n: number, keyAt: (i: number) => number, key: number): number {
  let lo = 0
  let hi = n
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (keyAt(mid) < key) lo = mid + 1
    else hi = mid
  }
  return lo
}
