import type { GasFeeOptions, Intent, TokenMetadata } from '@contract/service'
import type { TokenLabel } from './displaySources'
import { intentAmounts } from '@contract/amount'

/**
 * Reading an Intent the way people talk about it: what went in where, what came out
 * where, through whom. Intents name tokens by address only; the few places that carry a
 * symbol and decimals are collected by `intentTokenMetadata` for the tokens store.
 */

const sameAddress = (a: string | undefined, b: string | undefined) => a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase()

/** One side of a route, as `<Route>` shows it. */
export interface RouteLeg {
  chainId?: number
  tokenAddress?: string
  /** Base units, exact decimal string. */
  amount?: string
  /** When the answer itself carried them; otherwise learnt metadata is used. */
  symbol?: string
  decimals?: number
  /**
   * Which amount this is: a quote's promise and what actually arrived differ (fees,
   * slippage), so a quoted amount must never pass for a received one.
   */
  amountKind?: 'quoted' | 'received'
}

/** Origin and destination legs with the quoted amounts (base units). */
export function intentRoute(intent: Intent): { from: RouteLeg; to: RouteLeg } {
  const deposit = intent.depositTransaction
  const amounts = intentAmounts(intent)
  return {
    from: {
      chainId: intent.originChainId,
      tokenAddress: intent.originTokenAddress,
      amount: amounts.origin,
      // The deposit is made in the origin token, and it states that token's decimals.
      decimals: sameAddress(deposit?.tokenAddress, intent.originTokenAddress) ? deposit?.decimals : undefined,
    },
    to: {
      chainId: intent.destinationChainId,
      tokenAddress: intent.destinationTokenAddress,
      amount: amounts.destination,
      // An intent holds what was quoted or asked for; what arrived is in its receipt.
      amountKind: 'quoted',
    },
  }
}

/** A leg with its token's symbol and decimals from `resolve` (the view's labels) where the answer itself left them out. */
export function labelledLeg(leg: RouteLeg, resolve: (chainId: number | undefined, address: string | undefined) => TokenLabel | undefined): RouteLeg {
  const known = resolve(leg.chainId, leg.tokenAddress)
  return { ...leg, symbol: leg.symbol ?? known?.symbol, decimals: leg.decimals ?? known?.decimals }
}

/**
 * Token labels an intent itself carries: the edge token's metadata, and the gas fee
 * options (the intent's own, or those QuoteIntent answered beside it), which are paid on
 * the origin chain and name their token's symbol and decimals.
 */
export function intentTokenMetadata(intent: Intent, gasFeeOptions: GasFeeOptions | undefined = intent.gasFeeOptions): TokenMetadata[] {
  const out: TokenMetadata[] = []
  if (intent.edge?.edgeTokenMetadata) out.push(intent.edge.edgeTokenMetadata)
  for (const option of gasFeeOptions?.feeOptions ?? []) {
    if (!option.tokenAddress) continue
    out.push({ chainId: intent.originChainId, tokenAddress: option.tokenAddress, symbol: option.tokenSymbol, decimals: option.tokenDecimals })
  }
  return out
}
