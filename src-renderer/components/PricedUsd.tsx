import { formatUsd } from '../lib/format'
import { pricedHow, pricedHowText, type ValuedSum } from '../lib/priceSource'
import { useNow } from '../lib/useNow'

/**
 * A USD value from the profile's one price source (`valueAll`), with how it was priced and
 * what is unpriced and why: every view shows token values this way, so none differ.
 */
export function PricedUsd({ sum, label = 'USD value' }: { sum: ValuedSum; label?: string }) {
  const now = useNow(30_000)
  const every = [...new Set(sum.prices.map((p) => pricedHow(p, now)))]
  return (
    <span className="priced-usd" aria-label={label}>
      {sum.priced ? <strong data-testid="priced-usd-value">{formatUsd(sum.usd)}</strong> : <span className="muted">no USD value</span>}
      {sum.priced ? (
        <span className="muted small price-how" title={every.join('\n')}>
          {' '}
          {pricedHowText(sum, now)}
        </span>
      ) : null}
      {sum.unpriced.length ? <span className="muted small price-unpriced"> · unpriced: {sum.unpriced.join('; ')}</span> : null}
    </span>
  )
}
