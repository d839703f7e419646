import { useState, type SyntheticEvent } from 'react'
import type { YieldMarket } from '@contract/service'
import { rewardComponentLines, splitRateLabels } from './marketText'

const keepInCell = (e: SyntheticEvent) => e.stopPropagation()

/**
 * A market's base rate and rewards rate, each with its own unit (APY is never added to
 * APR); its components show on hover and, for keyboard and touch, behind a toggle. The
 * toggle keeps its clicks and Enter presses to itself so it never opens the row around it.
 */
export function RewardRate({ market, withRewards = true }: { market: Pick<YieldMarket, 'rewardRate' | 'token'>; withRewards?: boolean }) {
  const [open, setOpen] = useState(false)
  const lines = rewardComponentLines(market.rewardRate)
  const { base, rewards } = splitRateLabels(market)
  return (
    <span className="yield-rate" title={lines.join('\n') || undefined}>
      <strong>{base}</strong>
      {rewards && withRewards ? (
        <span className="yield-rate-rewards" title={`Rewards: ${rewards}, paid on top of the base rate`}>
          + {rewards}
        </span>
      ) : null}
      {lines.length ? (
        <>
          <button
            type="button"
            className="yield-rate-toggle"
            aria-expanded={open}
            aria-label={`${open ? 'Hide' : 'Show'} ${lines.length} reward components`}
            onClick={(e) => {
              keepInCell(e)
              setOpen(!open)
            }}
            onKeyDown={keepInCell}
          >
            {open ? '▾' : '▸'} {lines.length}
          </button>
          {open ? (
            <ul className="yield-rate-parts">
              {lines.map((l, i) => (
                <li key={i}>{l}</li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
    </span>
  )
}
