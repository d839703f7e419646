import { splitRate, totalApy } from '@contract/marketHistory'
import type { RewardRate, YieldMarket, YieldToken } from '@contract/service'
import { orElse } from '@contract/errors'
import { formatDuration, formatPercent } from '../../../lib/format'

/** What people call a market: its metadata name, else its token, else its id. */
export const marketName = (m: Pick<YieldMarket, 'id' | 'metadata' | 'token'>): string =>
  m.metadata?.name || m.token?.name || m.token?.symbol || m.id

/** "4.50% APY"; the rate type is shown as the service names it. */
export function rewardRateLabel(rate: Pick<RewardRate, 'total' | 'rateType'> | undefined): string {
  if (rate?.total === undefined) return '—'
  return rate.rateType ? `${formatPercent(rate.total)} ${rate.rateType}` : formatPercent(rate.total)
}

/**
 * A market's rate as two figures, each in its own unit, never added together: the base
 * rate ("6.90% APY") and the rewards rate ("2.76% APR"), from `splitRate`, the one split.
 */
export function splitRateLabels(m: Pick<YieldMarket, 'rewardRate' | 'token'>): { base: string; rewards: string | null } {
  const s = splitRate(m)
  return {
    base: rewardRateLabel({ total: s.base, rateType: s.baseUnit }),
    rewards: s.rewards === undefined ? null : rewardRateLabel({ total: s.rewards, rateType: s.rewardsUnit }),
  }
}

/**
 * A total where one is wanted: "9.75% APY", exact when both parts are APY, otherwise
 * "≈ 9.75% APY (estimate: …)" saying how it was made.
 */
export function totalApyLabel(m: Pick<YieldMarket, 'rewardRate' | 'token'>): string {
  const t = totalApy(splitRate(m))
  if (!t) return '—'
  return t.estimate ? `≈ ${formatPercent(t.apy)} APY (estimate: ${t.how})` : `${formatPercent(t.apy)} APY`
}

/** One line per reward component: "3.00% APR from staking in ETH (Protocol rewards)". */
export function rewardComponentLines(rate: RewardRate | undefined): string[] {
  return (rate?.components ?? []).map((c) => {
    const parts = [rewardRateLabel({ total: c.rate, rateType: c.rateType })]
    if (c.yieldSource) parts.push(`from ${c.yieldSource}`)
    if (c.token?.symbol) parts.push(`in ${c.token.symbol}`)
    const line = parts.join(' ')
    return c.description ? `${line} (${c.description})` : line
  })
}

/** Several values in one CSV cell: "a; b", blanks left out. */
export const csvList = (values: ReadonlyArray<string | undefined> | undefined): string => (values ?? []).filter(Boolean).join('; ')

export const tokenLabel = (t: YieldToken | undefined): string => t?.symbol || t?.name || t?.address || '—'

/** A lockup, cooldown or warmup period; zero is worth saying ("none"), absence is not known. */
export function periodLabel(period: { seconds?: number } | undefined): string {
  if (period?.seconds === undefined) return '—'
  if (period.seconds === 0) return 'None'
  return formatDuration(period.seconds * 1000)
}

/** "Enter and exit", "Exit only", … from the market's status flags. */
export function statusLabel(status: YieldMarket['status']): string {
  if (!status || (status.enter === undefined && status.exit === undefined)) return '—'
  const { enter, exit } = status
  if (enter && exit) return 'Enter and exit'
  if (enter) return 'Enter only'
  if (exit) return 'Exit only'
  return 'Closed'
}

/** "Low (Source A), Medium (Source B)" */
export const riskLabel = (risk: YieldMarket['risk']): string =>
  (risk?.ratings ?? [])
    .map((r) => (r.source ? `${r.rating ?? '?'} (${r.source})` : (r.rating ?? '?')))
    .join(', ') || '—'

/**
 * Fields the spec leaves untyped (`curator.*`, `liquidityState.*`): a string or number is
 * shown as is, anything else as compact JSON, never as "[object Object]".
 */
export function untypedText(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—'
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value)
  return orElse(() => JSON.stringify(value), String(value))
}
