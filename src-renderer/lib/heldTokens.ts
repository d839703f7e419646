import { listOf } from '@contract/service/bounds'
import type { IntentBalance } from '@contract/service'
import { isZeroAmount } from './format'
import type { TokenAmount } from './priceSource'

/**
 * Funds left at an intent's addresses, one line per token with a non-zero balance, as
 * GetIntentHistory reports them with `includeBalances`. Shared by the attention queue
 * and the per-wallet totals.
 */
export interface HeldToken {
  chainId?: number
  intentAddress?: string
  tokenAddress?: string
  symbol?: string
  decimals?: number
  /** base units, exact */
  balance: string
  /** The service's USD figure on the balance: it feeds the price book; views value the amount at the book's price (`heldAmount`). */
  balanceUsd?: string
}

/** A held token as an amount to value at the profile's prices (`valueAt` in lib/priceSource.ts). */
export const heldAmount = (t: Partial<HeldToken>): TokenAmount => ({ raw: t.balance, decimals: t.decimals, chainId: t.chainId, token: t.tokenAddress, symbol: t.symbol })

export const heldTokens = (balances: readonly IntentBalance[] | undefined): HeldToken[] =>
  listOf(balances).flatMap((b) =>
    listOf(b?.tokens).flatMap((t) =>
      isZeroAmount(t.balance)
        ? []
        : [{ chainId: t.chainId ?? b.chainId, intentAddress: b.intentAddress, tokenAddress: t.contractAddress, symbol: t.symbol, decimals: t.decimals, balance: t.balance!, balanceUsd: t.balanceUsd }],
    ),
  )
