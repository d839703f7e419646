/**
 * Summary statistics for benchmark samples. Percentiles are nearest-rank: the value at
 * or below which the share of samples lies, and always one of the samples (no
 * interpolation that would invent a frame time nobody saw).
 */

export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) throw new RangeError('percentile of no samples')
  if (!(p > 0 && p <= 100)) throw new RangeError(`percentile must be in (0, 100], got ${p}`)
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.ceil((p / 100) * sorted.length) - 1]
}

export const p95 = (samples: readonly number[]): number => percentile(samples, 95)

/** The middle value; the mean of the middle two for an even count. */
export function median(samples: readonly number[]): number {
  if (samples.length === 0) throw new RangeError('median of no samples')
  const sorted = [...samples].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

export function mean(samples: readonly number[]): number {
  if (samples.length === 0) throw new RangeError('mean of no samples')
  return samples.reduce((a, b) => a + b, 0) / samples.length
}

export const max = (samples: readonly number[]): number => samples.reduce((a, b) => Math.max(a, b), -Infinity)
