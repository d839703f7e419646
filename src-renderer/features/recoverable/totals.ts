import type { IntentHistoryEntry } from '@contract/service'
import { heldAmount, heldTokens, type HeldToken } from '../../lib/heldTokens'
import { pricingText, valueAll, valueAt, type PriceBook, type ValuedSum } from '../../lib/priceSource'
import { toCsv, type CsvColumn } from '@contract/csv'
import { amountText, tokenUnits } from '../../lib/format'

/** One intent's share of a total (`usd`: at the profile's one price source, when its token is priced). */
export type TotalPart = Pick<HeldToken, 'intentAddress' | 'balance'> & { intentId: string; status?: string; usd?: number }

/** Everything a wallet has stuck in one token on one chain. */
export interface TokenTotal extends Pick<HeldToken, 'chainId' | 'tokenAddress' | 'symbol' | 'decimals'> {
  key: string
  /** base units, exact: summed as big integers, never through a float */
  total: string
  /** The total's USD value at the profile's one price source (0 when unpriced); `value` says how it was priced or why not. */
  totalUsd: number
  value: ValuedSum
  parts: TotalPart[]
}

const INTEGER = /^\d+$/

/**
 * Recoverable funds of a wallet's intents, totalled by chain and token, largest USD first,
 * each with the intents behind it. Balances that are not whole base units (a service
 * bug) are kept in the parts but cannot be summed exactly: such a total says so by
 * becoming "not exact" rather than rounding.
 */
export function recoverableTotals(entries: readonly IntentHistoryEntry[], book: PriceBook = new Map()): TokenTotal[] {
  const totals = new Map<string, Omit<TokenTotal, 'value'> & { sum: bigint; exact: boolean }>()
  for (const e of entries) {
    const intentId = e.intentId ?? e.receipt?.intentId
    if (!intentId) continue
    for (const t of heldTokens(e.balances)) {
      const key = `${t.chainId ?? '?'}:${(t.tokenAddress ?? t.symbol ?? '?').toLowerCase()}`
      let total = totals.get(key)
      if (!total) {
        total = { key, chainId: t.chainId, tokenAddress: t.tokenAddress, symbol: t.symbol, decimals: t.decimals, total: '0', totalUsd: 0, parts: [], sum: 0n, exact: true }
        totals.set(key, total)
      }
      total.symbol ??= t.symbol
      total.decimals ??= t.decimals
      if (INTEGER.test(t.balance)) total.sum += BigInt(t.balance)
      else total.exact = false
      const part = valueAt(book, heldAmount(t))
      total.parts.push({ intentId, status: e.status, intentAddress: t.intentAddress, balance: t.balance, ...('usd' in part && { usd: part.usd }) })
    }
  }
  return [...totals.values()]
    .map(({ sum, exact, ...t }): TokenTotal => {
      // The total valued as one amount, at the same price as each part.
      const value = valueAll(book, [{ raw: exact ? sum.toString() : undefined, decimals: t.decimals, chainId: t.chainId, token: t.tokenAddress, symbol: t.symbol }])
      return { ...t, total: exact ? sum.toString() : `${sum.toString()} (not exact)`, totalUsd: value.usd, value }
    })
    .sort((a, b) => b.totalUsd - a.totalUsd || a.key.localeCompare(b.key))
}

/** A token amount in its units ("1.5 USDC") exactly, or base units when the decimals are unknown. */
export const amountOf = (raw: string, t: TokenTotal): string =>
  amountText({ raw, decimals: t.decimals, symbol: t.symbol })

const CSV_COLUMNS: CsvColumn<{ t: TokenTotal; p: TotalPart; now: number }>[] = [
  { header: 'chainId', value: (r) => r.t.chainId },
  { header: 'tokenAddress', value: (r) => r.t.tokenAddress },
  { header: 'symbol', value: (r) => r.t.symbol },
  { header: 'tokenTotal', value: (r) => tokenUnits(r.t.total, r.t.decimals) ?? r.t.total },
  { header: 'intentId', value: (r) => r.p.intentId },
  { header: 'amount', value: (r) => tokenUnits(r.p.balance, r.t.decimals) },
  { header: 'amountBaseUnits', value: (r) => r.p.balance },
  { header: 'amountUsd', value: (r) => r.p.usd?.toFixed(2) },
  { header: 'usdPricing', value: (r) => pricingText(r.t.value, r.now) },
  { header: 'heldAt', value: (r) => r.p.intentAddress },
]

/** The "by token" export: one line per intent holding each token. */
export const recoverableCsv = (totals: readonly TokenTotal[], now = Date.now()): string => toCsv(totals.flatMap((t) => t.parts.map((p) => ({ t, p, now }))), CSV_COLUMNS)
