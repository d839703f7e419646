import { chainName } from '../lib/chains'
import { tokenLabel, useChainsById, useTokenLabels } from '../lib/displaySources'
import { shortHex } from '../lib/format'
import { Amount } from './Amount'
import type { RouteLeg } from '../lib/intentRoute'

function Leg({ leg }: { leg: RouteLeg }) {
  const chains = useChainsById()
  const tokens = useTokenLabels()
  const known = tokenLabel(tokens, leg.chainId, leg.tokenAddress)
  const symbol = leg.symbol ?? known?.symbol ?? (leg.tokenAddress ? shortHex(leg.tokenAddress) : undefined)
  const decimals = leg.decimals ?? known?.decimals
  return (
    <span className="route-leg">
      {leg.amount !== undefined && leg.amountKind ? <span className="route-amount-kind">{leg.amountKind} </span> : null}
      {leg.amount !== undefined ? <Amount raw={leg.amount} decimals={decimals} symbol={symbol} base /> : <span>{symbol ?? '—'}</span>}
      <span className="muted"> on {chainName(chains, leg.chainId)}</span>
    </span>
  )
}

/** "1.5 USDC on Ethereum → 1.49 USDC on Base": the one way routes read across the app. */
export function Route({ from, to }: { from: RouteLeg; to: RouteLeg }) {
  return (
    <span className="route">
      <Leg leg={from} />
      <span aria-label="to" className="route-arrow">
        {' → '}
      </span>
      <Leg leg={to} />
    </span>
  )
}
