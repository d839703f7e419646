import type { Intent, IntentHistoryEntry } from '@contract/service'
import { isTokenDecimals } from '@contract/service/bounds'
import { formatUnitsExact } from './format'

/**
 * The one price source of a profile: every USD figure the service answers, wherever it
 * was answered, kept per token (chain and contract address). What fills it:
 * - `quote`: a quote's USD values over its amounts (every intent fetched, searched or quoted);
 * - `balance`: the price a balance reports (history entries with balances, wallet balances);
 * - `service`: the service's own GetTokenPrices, when the profile's service offers it.
 * The newest figure of a token wins, whatever its kind; each remembers its kind and time,
 * so a view can say how it priced a figure. A token is keyed by chain id and address, not
 * by a price-feed id: the deployed service prices by contract address (GetTokenPrices
 * takes `chainId` + `contractAddress`), so no feed id is needed.
 */
export type PriceKind = 'quote' | 'balance' | 'service'

export interface KnownPrice {
  usd: number
  from: PriceKind
  /** epoch ms: when the service answered it */
  at: number
}

export const priceKey = (chainId: number | undefined, token: string | undefined): string => `${chainId ?? '?'}:${(token ?? '').toLowerCase()}`

type Decimals = (chainId: number | undefined, token: string | undefined) => number | undefined

function unitPrice(raw: string | undefined, usd: number | string | undefined, decimals: number | undefined): number | undefined {
  if (raw === undefined || usd === undefined || !isTokenDecimals(decimals)) return undefined
  const units = Number(formatUnitsExact(raw, decimals))
  const dollars = Number(usd)
  return Number.isFinite(units) && units > 0 && Number.isFinite(dollars) && dollars >= 0 ? dollars / units : undefined
}

/** The prices an intent's quote states: its origin and destination tokens. */
export function quotePrices(intent: Intent, decimalsOf: Decimals): Array<[string, number]> {
  const q = intent.quote
  if (!q) return []
  const oc = intent.originChainId ?? intent.quoteRequest?.originChainId
  const ot = intent.originTokenAddress ?? intent.quoteRequest?.originTokenAddress
  const dc = intent.destinationChainId ?? intent.quoteRequest?.destinationChainId
  const dt = intent.destinationTokenAddress ?? intent.quoteRequest?.destinationTokenAddress
  const out: Array<[string, number]> = []
  const from = unitPrice(q.fromAmount, q.fromAmountUsd, decimalsOf(oc, ot) ?? intent.depositTransaction?.decimals)
  const to = unitPrice(q.toAmount, q.toAmountUsd, decimalsOf(dc, dt))
  if (from !== undefined) out.push([priceKey(oc, ot), from])
  if (to !== undefined) out.push([priceKey(dc, dt), to])
  return out
}

/** The prices history entries' balances report. */
export function balancePrices(entries: readonly IntentHistoryEntry[]): Array<[string, number]> {
  const out: Array<[string, number]> = []
  for (const e of entries)
    for (const b of e.balances ?? [])
      for (const t of b.tokens ?? []) {
        const usd = t.priceUsd === undefined ? NaN : Number(t.priceUsd)
        if (Number.isFinite(usd) && usd >= 0) out.push([priceKey(t.chainId ?? b.chainId, t.contractAddress), usd])
      }
  return out
}

/** The newest of two figures for one token. */
export const newerPrice = (a: KnownPrice | undefined, b: KnownPrice): KnownPrice => (a && a.at > b.at ? a : b)
