import type { ChainInfo, Intent } from '@contract/service'
import { chainName } from '../../lib/chains'
import { amountText } from '../../lib/format'
import type { TokenLookup } from './tokenLookup'

/** Fields holding an amount of the intent's origin or destination token, by path. */
const ORIGIN_AMOUNTS = new Set(['quoteRequest.originTokenAmount', 'depositTransaction.amount', 'quote.fromAmount', 'quote.fromAmountMin', 'originPrecondition.minAmount'])
const DESTINATION_AMOUNTS = new Set(['quoteRequest.destinationTokenAmount', 'quote.toAmount', 'quote.toAmountMin', 'destinationPrecondition.minAmount'])

/**
 * A compared field as a person reads it, beside its raw value: an amount of the intent's
 * origin or destination token in that token's units (the app's one amount formatter), a
 * chain id by the chain's name. Undefined for a field that reads the same raw.
 */
export function readableLeaf(path: string, value: unknown, intent: Intent | undefined, tokenOf: TokenLookup, chains: ReadonlyMap<number, ChainInfo>): string | undefined {
  if (value === undefined || value === null) return undefined
  if (/(^|\.)(\w*[cC]hainId)$/.test(path) && typeof value === 'number') return `${chainName(chains, value)} (chain ${value})`
  const side = ORIGIN_AMOUNTS.has(path) ? 'origin' : DESTINATION_AMOUNTS.has(path) ? 'destination' : undefined
  if (!side || typeof value !== 'string' || !intent) return undefined
  const chainId = side === 'origin' ? intent.originChainId : intent.destinationChainId
  const token = side === 'origin' ? intent.originTokenAddress : intent.destinationTokenAddress
  const label = tokenOf(chainId, token)
  const decimals = label?.decimals ?? (side === 'origin' ? intent.depositTransaction?.decimals : undefined)
  if (decimals === undefined) return undefined
  return amountText({ raw: value, decimals, symbol: label?.symbol, tokenAddress: token, chain: chainName(chains, chainId) })
}
