import type { Intent, IntentHistoryEntry, TokenMetadata } from '@contract/service'
import { formatUnitsExact, shortHex } from '../../lib/format'
import type { KnownPrice, PriceKind } from '../../lib/priceSource'
import { listOf } from '@contract/service/bounds'

/**
 * USD prices for History's volume, from what the app already holds: history entries carry
 * no USD amounts except in balance data, but the intents behind them, once fetched and
 * cached, carry their quote's USD values. A quote's `fromAmountUsd` over its `fromAmount`
 * is that token's price when the quote was made; a balance's `priceUsd` is the price when
 * the balance was read. Pure, so the strip and its tests agree on every figure.
 */

/** How a figure was priced: see `lib/priceSource.ts`, the profile's one price source. */
export type PriceSource = PriceKind
export interface TokenPrice {
  usd: number
  from: PriceSource
}
/** Prices by `chainId:lower-cased token address`. */
export type PriceBook = ReadonlyMap<string, TokenPrice>

/** What pricing needs besides the entries: cached intents (for their quotes) and known token labels. */
export interface PriceKnowledge {
  /** Cached intents: those of the loaded entries and any other the cache holds. */
  intents?: readonly Intent[]
  /** Decimals and symbols known elsewhere (token labels), by `chainId:address`. */
  tokens?: ReadonlyMap<string, { symbol?: string; decimals?: number }>
  /** The profile's price source: every price any answer stated, whichever view asked (`stores/priceBook.ts`). */
  book?: ReadonlyMap<string, KnownPrice>
}

export const priceKey = (chainId: number | undefined, token: string | undefined) => `${chainId ?? '?'}:${(token ?? '').toLowerCase()}`

type TokenInfo = { symbol?: string; decimals?: number }

/** Decimals and symbols per token: the entries' receipt metadata first, then the labels. */
export function tokenInfo(entries: readonly IntentHistoryEntry[], labels?: PriceKnowledge['tokens']): Map<string, TokenInfo> {
  const info = new Map<string, TokenInfo>(labels ?? [])
  const add = (meta: TokenMetadata | undefined, chainId: number | undefined, address: string | undefined) => {
    const key = priceKey(meta?.chainId ?? chainId, meta?.tokenAddress ?? address)
    if (meta && (meta.decimals !== undefined || meta.symbol !== undefined)) info.set(key, { ...info.get(key), ...definedOf(meta) })
  }
  for (const e of entries) {
    const s = e.receipt?.summary
    add(s?.originTokenMetadata, s?.originChainId ?? e.receipt?.originChainId, s?.originTokenAddress)
    add(s?.destinationTokenMetadata, s?.destinationChainId ?? e.receipt?.destinationChainId, s?.destinationTokenAddress)
  }
  return info
}

const definedOf = (m: TokenMetadata): TokenInfo => ({
  ...(m.symbol !== undefined ? { symbol: m.symbol } : {}),
  ...(m.decimals !== undefined ? { decimals: m.decimals } : {}),
})

/** Token units as a number (a display aggregate: double precision is plenty). */
function unitsOf(raw: string | undefined, decimals: number | undefined): number | undefined {
  if (raw === undefined || decimals === undefined) return undefined
  const n = Number(formatUnitsExact(raw, decimals))
  return Number.isFinite(n) ? n : undefined
}

/** A quote's price for one of its two tokens: USD over token units; none for a zero amount. */
function quotePrice(raw: string | undefined, usd: number | undefined, decimals: number | undefined): number | undefined {
  const units = unitsOf(raw, decimals)
  if (units === undefined || usd === undefined || !Number.isFinite(usd) || units <= 0 || usd < 0) return undefined
  return usd / units
}

/** The price of each token an intent's quote values (origin and destination). */
export function pricesOfQuote(intent: Intent, info: ReadonlyMap<string, TokenInfo>): Array<[string, number]> {
  const q = intent.quote
  if (!q) return []
  const origin = priceKey(intent.originChainId ?? intent.quoteRequest?.originChainId, intent.originTokenAddress ?? intent.quoteRequest?.originTokenAddress)
  const dest = priceKey(
    intent.destinationChainId ?? intent.quoteRequest?.destinationChainId,
    intent.destinationTokenAddress ?? intent.quoteRequest?.destinationTokenAddress,
  )
  const out: Array<[string, number]> = []
  const from = quotePrice(q.fromAmount, q.fromAmountUsd, info.get(origin)?.decimals)
  const to = quotePrice(q.toAmount, q.toAmountUsd, info.get(dest)?.decimals)
  if (from !== undefined) out.push([origin, from])
  if (to !== undefined) out.push([dest, to])
  return out
}

/**
 * Every price the app knows. Quotes win over balances (a quote prices the very transfer);
 * among several quotes of one token the last seen is kept, which is close enough for a
 * figure that says what it is.
 */
export function learnPrices(entries: readonly IntentHistoryEntry[], knowledge: PriceKnowledge = {}): Map<string, TokenPrice> {
  const prices = new Map<string, TokenPrice>()
  for (const [key, p] of knowledge.book ?? []) prices.set(key, { usd: p.usd, from: p.from })
  for (const e of entries)
    for (const b of listOf(e.balances))
      for (const t of listOf(b.tokens)) {
        const usd = t.priceUsd === undefined ? NaN : Number(t.priceUsd)
        if (Number.isFinite(usd) && usd >= 0) prices.set(priceKey(t.chainId ?? b.chainId, t.contractAddress), { usd, from: 'balance' })
      }
  const info = tokenInfo(entries, knowledge.tokens)
  for (const intent of knowledge.intents ?? [])
    for (const [key, usd] of pricesOfQuote(intent, info)) prices.set(key, { usd, from: 'quote' })
  return prices
}

export type EntryValue = { usd: number; from: PriceSource } | { unpriced: string }

/**
 * USD value of what an entry sent: its origin amount at the origin token's price, else
 * (a token nobody priced) what it received at the destination token's price. Otherwise
 * the reason it has none, naming the token, so the strip can say what is unpriced.
 */
export function valueOfEntry(e: IntentHistoryEntry, prices: PriceBook, info: ReadonlyMap<string, TokenInfo>): EntryValue {
  const s = e.receipt?.summary
  const legs = [
    { chainId: s?.originChainId ?? e.receipt?.originChainId, token: s?.originTokenAddress, raw: s?.originTokenAmount ?? s?.quotedOriginTokenAmount, meta: s?.originTokenMetadata },
    { chainId: s?.destinationChainId ?? e.receipt?.destinationChainId, token: s?.destinationTokenAddress, raw: s?.destinationTokenAmount, meta: s?.destinationTokenMetadata },
  ]
  for (const leg of legs) {
    const key = priceKey(leg.chainId, leg.token)
    const price = prices.get(key)
    const units = unitsOf(leg.raw, leg.meta?.decimals ?? info.get(key)?.decimals)
    if (price && units !== undefined) return { usd: units * price.usd, from: price.from }
  }
  const origin = legs[0]
  if (!origin.token || origin.raw === undefined) return { unpriced: 'no amount sent is recorded' }
  const key = priceKey(origin.chainId, origin.token)
  const name = origin.meta?.symbol ?? info.get(key)?.symbol ?? shortHex(origin.token)
  if (!prices.has(key)) return { unpriced: `${name} has no known price` }
  return { unpriced: `${name} has no known decimals` }
}
