import { formatAmount, formatUnitsExact } from '../lib/format'
import { CopyButton } from './CopyButton'

/** A token amount: short and grouped on screen, exact on hover and when copied. */
export function Amount({
  raw,
  decimals,
  symbol,
  copyable = false,
}: {
  raw: string | undefined
  decimals?: number
  symbol?: string
  copyable?: boolean
}) {
  if (raw === undefined) return <span className="muted">—</span>
  const exact = formatUnitsExact(raw, decimals)
  return (
    <span className="amount" title={`${exact}${symbol ? ` ${symbol}` : ''} (${raw} base units)`}>
      {formatAmount(raw, decimals)}
      {symbol ? <span className="muted"> {symbol}</span> : null}
      {copyable ? <CopyButton text={exact} /> : null}
    </span>
  )
}
