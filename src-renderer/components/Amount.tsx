import { amountText } from '@contract/amount'
import { isTokenDecimals } from '@contract/service/bounds'
import { formatUnitsExact, groupDecimal } from '../lib/format'
import { CopyButton } from './CopyButton'

/**
 * A token amount, exact and grouped as the app writes every amount (`amountText`); the plain exact value on copy.
 * `base`: `raw` is in base units, so with no decimals known it is written as base units ("150 base units of USDC").
 * Without it, an amount with no decimals is a figure the service already sent in token units.
 */
export function Amount({
  raw,
  decimals,
  symbol,
  copyable = false,
  base = false,
}: {
  raw: string | undefined
  decimals?: number
  symbol?: string
  copyable?: boolean
  base?: boolean
}) {
  if (raw === undefined) return <span className="muted">—</span>
  // Decimals the token cannot have (a hostile or damaged record) leave base units, and say so: never read as token units.
  if ((base || decimals !== undefined) && !isTokenDecimals(decimals)) {
    return (
      <span className="amount">
        {amountText({ raw, symbol })}
        {copyable ? <CopyButton text={raw} /> : null}
      </span>
    )
  }
  const exact = formatUnitsExact(raw, decimals)
  return (
    <span className="amount" title={`${exact}${symbol ? ` ${symbol}` : ''} (${raw} base units)`}>
      {groupDecimal(exact)}
      {symbol ? <span className="muted"> {symbol}</span> : null}
      {copyable ? <CopyButton text={exact} /> : null}
    </span>
  )
}
