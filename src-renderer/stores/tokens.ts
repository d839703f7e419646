import { create } from 'zustand'
import type { TokenMetadata } from '@contract/service'

export interface TokenLabel {
  symbol?: string
  decimals?: number
  name?: string
  logoUri?: string
}

const keyOf = (chainId: number | undefined, address: string | undefined) =>
  `${chainId ?? '?'}:${(address ?? '').toLowerCase()}`

interface TokensState {
  byKey: ReadonlyMap<string, TokenLabel>
  /** Records token metadata seen anywhere (receipt summaries, edges, balances) for labelling. */
  learn(metas: ReadonlyArray<TokenMetadata | undefined>): void
}

/**
 * Intents name tokens only by address; receipts and balances carry their symbol and
 * decimals. What any answer taught us labels amounts everywhere else.
 */
export const useTokens = create<TokensState>()((set, get) => ({
  byKey: new Map(),
  learn: (metas) => {
    let next: Map<string, TokenLabel> | null = null
    for (const m of metas) {
      if (!m?.tokenAddress || (m.symbol === undefined && m.decimals === undefined)) continue
      const key = keyOf(m.chainId, m.tokenAddress)
      const known = (next ?? get().byKey).get(key)
      if (known && known.symbol === m.symbol && known.decimals === m.decimals) continue
      next ??= new Map(get().byKey)
      next.set(key, { symbol: m.symbol, decimals: m.decimals, name: m.name, logoUri: m.logoUri })
    }
    if (next) set({ byKey: next })
  },
}))

export function tokenLabel(
  byKey: ReadonlyMap<string, TokenLabel>,
  chainId: number | undefined,
  address: string | undefined,
): TokenLabel | undefined {
  return byKey.get(keyOf(chainId, address))
}
