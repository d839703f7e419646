import type { IntentHistoryEntry } from '@contract/service'
import { isZeroAmount } from '../../lib/format'
import { sumAll, valueAt, type KnownPrice, type PriceBook, type ValuedSum } from '../../lib/priceSource'
import { historyEntryIntentId } from '@contract/historyEntry'
import { heldAmount, type HeldToken } from '../../lib/heldTokens'

/** A token balance held at an intent address, one line per token so it can be listed, totalled and exported. */
export interface BalanceLine extends Partial<HeldToken> {
  intentId?: string
  status: IntentHistoryEntry['status']
  owner?: string
  /** The service's figures, exactly as sent (exported as sent; the USD shown is `usd`). */
  priceUsd?: string
  /** The balance's USD value at the profile's one price source (`stuckFunds`), and the price it used. */
  usd?: number
  price?: KnownPrice
  /** Why the balance has no USD value, when it has none. */
  unpriced?: string
}

export function balanceLines(entry: IntentHistoryEntry): BalanceLine[] {
  const out: BalanceLine[] = []
  const intentId = historyEntryIntentId(entry)
  const owner = entry.receipt?.summary?.ownerAddress ?? entry.receipt?.ownerAddress
  for (const b of entry.balances ?? []) {
    for (const t of b.tokens ?? []) {
      out.push({
        intentId,
        status: entry.status ?? entry.receipt?.status,
        owner,
        intentAddress: b.intentAddress,
        chainId: t.chainId ?? b.chainId,
        tokenAddress: t.contractAddress,
        symbol: t.symbol,
        decimals: t.decimals,
        balance: t.balance,
        balanceUsd: t.balanceUsd,
        priceUsd: t.priceUsd,
      })
    }
  }
  return out
}

/** A line's USD value as a number, for totals and ordering; -1 sorts unpriced lines last. */
export const usdValue = (l: BalanceLine): number => l.usd ?? -1

/** The line valued at the book's price (never at the USD figure the service put on it), or why it is not. */
function valued(l: BalanceLine, book: PriceBook): BalanceLine {
  const v = valueAt(book, heldAmount(l))
  return 'usd' in v ? { ...l, usd: v.usd, price: v.price } : { ...l, unpriced: v.unpriced }
}

/** A valued line as a sum of one, to add up with `sumAll`. */
const sumOf = (l: BalanceLine): ValuedSum =>
  l.price && l.usd !== undefined
    ? { usd: l.usd, priced: 1, prices: [l.price], unpriced: [] }
    : { usd: 0, priced: 0, prices: [], unpriced: l.unpriced ? [l.unpriced] : [] }

/** Non-zero balances across entries, valued at the profile's one price source, largest USD value first. */
export function stuckFunds(entries: readonly IntentHistoryEntry[], book: PriceBook = new Map()) {
  const held = entries.map((e) => balanceLines(e).filter((l) => !isZeroAmount(l.balance)))
  const lines = held.flat().map((l) => valued(l, book))
  const value = sumAll(lines.map(sumOf))
  lines.sort((a, b) => usdValue(b) - usdValue(a))
  // `value`: the total as one figure, how it was priced and every reason a line is unpriced; `intents`: entries holding a non-zero balance.
  return { lines, totalUsd: value.usd, unpriced: lines.length - value.priced, intents: held.filter((h) => h.length).length, value }
}
