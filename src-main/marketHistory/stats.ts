import {
  MIN_OUTLIER_SAMPLES,
  OUTLIER_SIGMAS,
  type MarketObservation,
  type MarketStats,
} from '../../src-shared/contract/marketHistory'

const DAY = 86_400_000

/** The base rate at or before `t` (the last observation then), if one was recorded. */
function baseAt(obs: readonly MarketObservation[], t: number): number | null {
  let found: number | null = null
  for (const o of obs) {
    if (o.t > t) break
    if (o.base !== null) found = o.base
  }
  return found
}

/** The base-rate change since `days` ago; null when nothing was recorded that long ago. */
function changeOver(obs: readonly MarketObservation[], present: MarketObservation, days: number): number | null {
  if (present.base === null || obs.length === 0 || obs[0].t > present.t - days * DAY) return null
  const then = baseAt(obs, present.t - days * DAY)
  return then === null ? null : present.base - then
}

function meanAndSd(values: readonly number[]): { mean: number | null; sd: number | null } {
  if (values.length === 0) return { mean: null, sd: null }
  const mean = values.reduce((s, v) => s + v, 0) / values.length
  const variance = values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length
  return { mean, sd: Math.sqrt(variance) }
}

/** Whether `x` lies more than 3 σ from the mean of the earlier points (a flat history and any move: yes). */
export function isOutlier(x: number | null, mean: number | null, sd: number | null, samples: number): boolean {
  if (x === null || mean === null || sd === null || samples < MIN_OUTLIER_SAMPLES) return false
  const distance = Math.abs(x - mean)
  return sd === 0 ? distance > 1e-9 : distance > OUTLIER_SIGMAS * sd
}

/** The figures beside the charts: the present observation, its base-rate change over 1, 7 and 30 days, the 30 days' mean and σ, the outlier flag. */
export function marketStats(obs: readonly MarketObservation[]): MarketStats {
  const present = obs.length ? obs[obs.length - 1] : null
  if (!present) return { present: null, change1d: null, change7d: null, change30d: null, mean30d: null, sd30d: null, samples30d: 0, outlier: false }
  const earlier = obs
    .slice(0, -1)
    .filter((o) => o.t >= present.t - 30 * DAY && o.base !== null)
    .map((o) => o.base as number)
  const { mean, sd } = meanAndSd(earlier)
  return {
    present,
    change1d: changeOver(obs, present, 1),
    change7d: changeOver(obs, present, 7),
    change30d: changeOver(obs, present, 30),
    mean30d: mean,
    sd30d: sd,
    samples30d: earlier.length,
    outlier: isOutlier(present.base, mean, sd, earlier.length),
  }
}
