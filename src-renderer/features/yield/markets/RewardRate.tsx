import { useState, type SyntheticEvent } from 'react'
import type { RewardRate as Rate } from '@contract/service'
import { rewardComponentLines, rewardRateLabel } from './marketText'

const keepInCell = (e: SyntheticEvent) => e.stopPropagation()

/**
 * A reward rate as a percent with its rate type; its components show on hover and, for
 * keyboard and touch, behind a toggle. The toggle keeps its clicks and Enter presses to
 * itself so it never opens the row around it.
 */
export function RewardRate({ rate }: { rate: Rate | undefined }) {
  const [open, setOpen] = useState(false)
  const lines = rewardComponentLines(rate)
  return (
    <span className="yield-rate" title={lines.join('\n') || undefined}>
      <strong>{rewardRateLabel(rate)}</strong>
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
