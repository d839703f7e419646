import { amountText } from '@contract/amount'
import { isTokenDecimals } from '@contract/service/bounds'
import { formatUnitsExact, groupDecimal, shortHex } from '../lib/format'
import { tokenLabel, useTokenLabels, type TokenLabel } from '../lib/displaySources'
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

/** Where a view finds a token's symbol and decimals by chain and address (learnt labels, the catalogue, an intent's own metadata). */
export type TokenResolver = (chainId: number | undefined, address: string | undefined) => TokenLabel | undefined

/**
 * An amount of a token named by chain and address, as every view writes it. What the record itself
 * states (`stated`) wins; the view's `resolve` (learnt labels when not given) fills the rest; an
 * unknown token is named by its short address, and its amount stays in base units.
 */
export function TokenAmount({
  raw,
  chainId,
  token,
  resolve,
  stated,
  copyable = true,
}: {
  raw: string | undefined
  chainId?: number
  token?: string
  resolve?: TokenResolver
  stated?: TokenLabel
  copyable?: boolean
}) {
  const labels = useTokenLabels()
  const known = resolve ? resolve(chainId, token) : tokenLabel(labels, chainId, token)
  const symbol = stated?.symbol ?? known?.symbol ?? (token ? shortHex(token) : undefined)
  return <Amount raw={raw} decimals={stated?.decimals ?? known?.decimals} symbol={symbol} base copyable={copyable} />
}
