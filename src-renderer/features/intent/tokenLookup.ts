import type { Intent, IntentReceipt } from '@contract/service'
import { intentTokenMetadata } from '../../lib/intentRoute'
import { tokenLabel, tokenLabelKey, type TokenLabel } from '../../lib/displaySources'
import { amountText } from '../../lib/format'

export type TokenLookup = (chainId: number | undefined, address: string | undefined) => TokenLabel | undefined

/**
 * Symbol and decimals for any token an intent mentions. The intent and its receipt carry
 * metadata in several places (receipt summary, edge, fee options, the deposit's
 * decimals); what they say about this very intent beats what was learnt elsewhere.
 */
export function makeTokenLookup(
  intent: Intent | undefined,
  receipt: IntentReceipt | undefined,
  learnt: ReadonlyMap<string, TokenLabel>,
): TokenLookup {
  const own = new Map<string, TokenLabel>()
  const add = (chainId: number | undefined, address: string | undefined, label: TokenLabel) => {
    if (!address || (label.symbol === undefined && label.decimals === undefined)) return
    const key = tokenLabelKey(chainId, address)
    const known = own.get(key)
    own.set(key, { ...label, symbol: label.symbol ?? known?.symbol, decimals: label.decimals ?? known?.decimals })
  }
  for (const m of intentTokenMetadata(intent ?? {})) add(m.chainId, m.tokenAddress, m)
  for (const m of [receipt?.edge?.edgeTokenMetadata, receipt?.summary?.edge?.edgeTokenMetadata]) if (m) add(m.chainId, m.tokenAddress, m)
  // The deposit is made in the origin token and states its decimals (not its symbol).
  const dep = intent?.depositTransaction
  if (dep?.decimals !== undefined) add(dep.chainId ?? intent?.originChainId, dep.tokenAddress ?? intent?.originTokenAddress, { decimals: dep.decimals })
  for (const m of [receipt?.summary?.originTokenMetadata, receipt?.summary?.destinationTokenMetadata]) if (m) add(m.chainId, m.tokenAddress, m)

  return (chainId, address) => {
    if (!address) return undefined
    const mine = own.get(tokenLabelKey(chainId, address))
    const elsewhere = tokenLabel(learnt, chainId, address)
    if (!mine) return elsewhere
    return { ...elsewhere, ...mine, symbol: mine.symbol ?? elsewhere?.symbol, decimals: mine.decimals ?? elsewhere?.decimals }
  }
}

/** An amount of a token the intent mentions, exact, in the token's units where they are known (base units otherwise). */
export function tokenAmountText(tokenOf: TokenLookup, raw: string | undefined, chainId: number | undefined, token: string | undefined): string | undefined {
  if (raw === undefined) return undefined
  const label = tokenOf(chainId, token)
  return amountText({ raw, decimals: label?.decimals, symbol: label?.symbol, tokenAddress: token })
}
