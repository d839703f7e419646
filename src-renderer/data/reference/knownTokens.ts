import { useMemo } from 'react'
import type { ChainInfo } from '@contract/service'
import { useChainDirectory } from './chains'
import type { TokenLabels as Labels } from '../../lib/displaySources'
import { useTokenLabels } from './tokens'

/** The address services use for a chain's native coin. */
export const NATIVE_TOKEN_ADDRESS = '0x0000000000000000000000000000000000000000'

/** A token a person can pick by symbol: where it lives, and how to read its amounts. */
export interface TokenChoice {
  chainId: number
  /** Lower-case contract address (`NATIVE_TOKEN_ADDRESS` for the native coin). */
  address: string
  symbol: string
  decimals: number
  native?: boolean
}

/**
 * Widely used tokens with their real contract addresses and decimals, so a quote can be
 * asked by symbol before any answer has taught the app a label (the service publishes no
 * token list); tokens seen in answers are offered beside these.
 */
const WELL_KNOWN: ReadonlyArray<readonly [chainId: number, symbol: string, address: string, decimals: number]> = [
  [1, 'USDC', '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', 6],
  [1, 'USDT', '0xdac17f958d2ee523a2206206994597c13d831ec7', 6],
  [1, 'WETH', '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2', 18],
  [1, 'DAI', '0x6b175474e89094c44da98b954eedeac495271d0f', 18],
  [1, 'WBTC', '0x2260fac5e5542a773aa44fbcfedf7c193bc2c599', 8],
  [10, 'USDC', '0x0b2c639c533813f4aa9d7837caf62653d097ff85', 6],
  [10, 'WETH', '0x4200000000000000000000000000000000000006', 18],
  [10, 'OP', '0x4200000000000000000000000000000000000042', 18],
  [56, 'USDT', '0x55d398326f99059ff775485246999027b3197955', 18],
  [56, 'USDC', '0x8ac76a51cc950d9822d68b83fe1ad97b32cd580d', 18],
  [137, 'USDC', '0x3c499c542cef5e3811e1192ce70d8cc03d5c3359', 6],
  [137, 'USDT', '0xc2132d05d31c914a87c6611c10748aeb04b58e8f', 6],
  [137, 'WETH', '0x7ceb23fd6bc0add59e62ac25578270cff1b9f619', 18],
  [8453, 'USDC', '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913', 6],
  [8453, 'WETH', '0x4200000000000000000000000000000000000006', 18],
  [42161, 'USDC', '0xaf88d065e77c8cc2239327c5edb3a432268e5831', 6],
  [42161, 'USDT', '0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9', 6],
  [42161, 'WETH', '0x82af49447d8a07e3bd95bd0d56f35241523fbab1', 18],
  [42161, 'ARB', '0x912ce59144191c1204e64559fe8253a0e49e6548', 18],
  [43114, 'USDC', '0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e', 6],
  [11155111, 'USDC', '0x1c7d4b196cb0c7b01d743fbc6116a902379c7238', 6],
  [84532, 'USDC', '0x036cbd53842c5426634e7929541ec2318f3dcf7e', 6],
]

/**
 * The tokens offered on one chain, by symbol: the native coin (from GetChains), the
 * well-known tokens, then every token the profile's answers labelled with a symbol and
 * decimals. One entry per address; a learnt label wins over the built-in one, since it
 * is what this service says.
 */
export function tokenChoicesOn(chainId: number, chain: ChainInfo | undefined, labels: Labels): TokenChoice[] {
  const byAddress = new Map<string, TokenChoice>()
  if (chain) byAddress.set(NATIVE_TOKEN_ADDRESS, { chainId, address: NATIVE_TOKEN_ADDRESS, ...chain.nativeCurrency, native: true })
  for (const [cid, symbol, address, decimals] of WELL_KNOWN) if (cid === chainId) byAddress.set(address, { chainId, address, symbol, decimals })
  for (const [key, label] of labels) {
    const [cid, address] = key.split(':')
    if (Number(cid) !== chainId || !label.symbol || label.decimals === undefined) continue
    byAddress.set(address, { chainId, address, symbol: label.symbol, decimals: label.decimals, native: address === NATIVE_TOKEN_ADDRESS })
  }
  const native = byAddress.get(NATIVE_TOKEN_ADDRESS)
  const others = [...byAddress.values()].filter((t) => t !== native).sort((a, b) => a.symbol.localeCompare(b.symbol) || a.address.localeCompare(b.address))
  return native ? [native, ...others] : others
}

/** A token of the active profile by chain and address, when anything the app knows names it. */
export function findToken(chainId: number | undefined, address: string | undefined, chains: ReadonlyMap<number, ChainInfo>, labels: Labels) {
  if (chainId === undefined || !address) return undefined
  const lower = address.toLowerCase()
  return tokenChoicesOn(chainId, chains.get(chainId), labels).find((t) => t.address === lower)
}

/**
 * The active profile's tokens: its chains' native coins, the well-known tokens and its
 * learnt labels; `choicesOn` a chain (what a person can pick there), `find` by chain and address.
 */
export function useTokenCatalog() {
  const { byId: chains } = useChainDirectory()
  const labels = useTokenLabels()
  return useMemo(
    () => ({
      choicesOn: (chainId: number | undefined) => (chainId === undefined ? [] : tokenChoicesOn(chainId, chains.get(chainId), labels)),
      find: (chainId: number | undefined, address: string | undefined) => findToken(chainId, address, chains, labels),
    }),
    [chains, labels],
  )
}
