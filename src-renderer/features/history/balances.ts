import type { IntentHistoryEntry } from '@contract/service'
import { entryIntentId } from './rows'

/**
 * Token balances held at intent addresses, flattened to one line per token so they can
 * be listed, totalled and exported. With `onlyRecoverable`, these are the stuck funds a
 * support person can help recover.
 */
export interface BalanceLine {
  intentId: string | undefined
  status: IntentHistoryEntry['status']
  owner: string | undefined
  intentAddress: string | undefined
  chainId: number | undefined
  tokenAddress: string | undefined
  symbol: string | undefined
  decimals: number | undefined
  /** Base units, exact decimal string. */
  balance: string | undefined
  /** Decimal strings, exactly as the service sent them. */
  balanceUsd: string | undefined
  priceUsd: string | undefined
}

export function balanceLines(entry: IntentHistoryEntry): BalanceLine[] {
  const out: BalanceLine[] = []
  const intentId = entryIntentId(entry)
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

export interface StuckFunds {
  lines: BalanceLine[]
  /** Sum of the lines' USD values; lines without one are counted in `unpriced`. */
  totalUsd: number
  unpriced: number
  /** Entries holding at least one non-zero balance. */
  intents: number
}

/** A line's USD value as a number, for totals and ordering; -1 sorts unpriced lines last. */
export const usdValue = (l: BalanceLine): number => (l.balanceUsd === undefined ? -1 : Number(l.balanceUsd) || 0)

const isZero = (raw: string | undefined) => raw === undefined || /^-?0*(\.0*)?$/.test(raw)

/** Non-zero balances across entries, largest USD value first. */
export function stuckFunds(entries: readonly IntentHistoryEntry[]): StuckFunds {
  const lines: BalanceLine[] = []
  let totalUsd = 0
  let unpriced = 0
  let intents = 0
  for (const e of entries) {
    const held = balanceLines(e).filter((l) => !isZero(l.balance))
    if (held.length) intents++
    for (const l of held) {
      lines.push(l)
      if (l.balanceUsd === undefined) unpriced++
      else totalUsd += usdValue(l)
    }
  }
  lines.sort((a, b) => usdValue(b) - usdValue(a))
  return { lines, totalUsd, unpriced, intents }
}
