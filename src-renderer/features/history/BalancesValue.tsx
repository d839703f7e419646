import { useMemo } from 'react'
import { PricedUsd } from '../../components/PricedUsd'
import { formatUsd } from '../../lib/format'
import { pricingText, valueAll } from '../../lib/priceSource'
import { usePriceBook } from '../../stores/priceBook'
import { useConnection } from '../../stores/connection'
import type { BalanceLine } from './balances'
import { heldAmount } from '../../lib/heldTokens'

/**
 * Balance lines valued at the profile's one price source (never at each balance's own USD
 * figure), as every view values them. `compact` (a table cell): how it was priced in the tooltip.
 */
export function BalancesValue({ lines, compact, label }: { lines: readonly BalanceLine[]; compact?: boolean; label: string }) {
  const book = usePriceBook(useConnection((s) => s.info?.activeProfileId))
  const sum = useMemo(() => valueAll(book, lines.map(heldAmount)), [book, lines])
  if (!compact) return <PricedUsd sum={sum} label={label} />
  if (!sum.priced) return sum.unpriced.length ? <span className="muted" title={`Unpriced: ${sum.unpriced.join(', ')}`}>no USD value</span> : null
  return (
    <span aria-label={label} title={pricingText(sum, Date.now())}>
      {formatUsd(sum.usd)}
    </span>
  )
}
