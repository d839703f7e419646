import type { IntentHistoryEntry, TokenMetadata } from '@contract/service'
import { formatUnitsExact, shortHex } from '../../lib/format'
import { balancePrices, priceKey, quotePrices, type KnownPrice, type PriceKind, type QuotedIntent } from '../../lib/priceSource'
import { definedOnly } from '../../db/records'

/**
 * USD prices for History's volume, from what the app already holds: history entries carry
 * no USD amounts except in balance data, but the intents behind them, once fetched and
 * cached, carry their quote's USD values. A quote's `fromAmountUsd` over its `fromAmount`
 * is that token's price when the quote was made; a balance's `priceUsd` is the price when
 * the balance was read. Pure, so the strip and its tests agree on every figure.
 */

/** A price as the book holds it (`KnownPrice`); one found only in this computer's cache or the loaded balances has no `at`. */
export type TokenPrice = Omit<KnownPrice, 'at'> & Partial<Pick<KnownPrice, 'at'>>

/** What pricing needs besides the entries: cached intents (for their quotes) and known token labels. */
export interface PriceKnowledge {
  /** Cached intents (what pricing reads of them): those of the loaded entries and any other the cache holds. */
  intents?: readonly QuotedIntent[]
  /** Decimals and symbols known elsewhere (token labels), by `chainId:address`. */
  tokens?: ReadonlyMap<string, TokenInfo>
  /** The profile's price source: every price any answer stated, whichever view asked (`stores/priceBook.ts`). */
  book?: ReadonlyMap<string, KnownPrice>
}

export type TokenInfo = { symbol?: string; decimals?: number }

/** Folds one entry's receipt metadata (decimals, symbols) into `info`. */
export function addTokenInfo(info: Map<string, TokenInfo>, e: IntentHistoryEntry): void {
  const add = (meta: TokenMetadata | undefined, chainId: number | undefined, address: string | undefined) => {
    if (!meta || (meta.decimals === undefined && meta.symbol === undefined)) return
    const key = priceKey(meta.chainId ?? chainId, meta.tokenAddress ?? address)
    info.set(key, { ...info.get(key), ...definedOnly({ symbol: meta.symbol, decimals: meta.decimals }) })
  }
  const s = e.receipt?.summary
  add(s?.originTokenMetadata, s?.originChainId ?? e.receipt?.originChainId, s?.originTokenAddress)
  add(s?.destinationTokenMetadata, s?.destinationChainId ?? e.receipt?.destinationChainId, s?.destinationTokenAddress)
}

/** The labels, with what the entries' metadata says (`addTokenInfo`) over them. */
export function withLabels(fromEntries: ReadonlyMap<string, TokenInfo>, labels?: PriceKnowledge['tokens']): Map<string, TokenInfo> {
  const info = new Map<string, TokenInfo>(labels ?? [])
  for (const [key, t] of fromEntries) info.set(key, { ...info.get(key), ...t })
  return info
}

/** Token units as a number (a display aggregate: double precision is plenty). */
function unitsOf(raw: string | undefined, decimals: number | undefined): number | undefined {
  if (raw === undefined || decimals === undefined) return undefined
  const n = Number(formatUnitsExact(raw, decimals))
  return Number.isFinite(n) ? n : undefined
}

/** The price keys of an intent's two tokens: origin, destination. */
const quoteKeys = (intent: QuotedIntent): [string, string] => {
  const q = intent.quoteRequest
  return [
    priceKey(intent.originChainId ?? q?.originChainId, intent.originTokenAddress ?? q?.originTokenAddress),
    priceKey(intent.destinationChainId ?? q?.destinationChainId, intent.destinationTokenAddress ?? q?.destinationTokenAddress),
  ]
}

/** The price of each token an intent's quote values (origin and destination), as the profile's price source reads quotes. */
export const pricesOfQuote = (intent: QuotedIntent, info: ReadonlyMap<string, TokenInfo>): Array<[string, number]> =>
  quotePrices(intent, (chainId, token) => info.get(priceKey(chainId, token))?.decimals)

/** Folds the prices one entry's balance data states into `prices` (the last one seen wins). */
export function addBalancePrices(prices: Map<string, TokenPrice>, e: IntentHistoryEntry): void {
  for (const [key, usd] of balancePrices([e])) prices.set(key, { usd, from: 'balance' })
}

/** Each intent's quote prices, kept while the decimals they were read with hold (a summary revalues them on every page). */
const quoteMemo = new WeakMap<QuotedIntent, { decimals: string; prices: Array<[string, number]> }>()

function quotePricesOf(intent: QuotedIntent, info: ReadonlyMap<string, TokenInfo>): Array<[string, number]> {
  if (!intent.quote) return []
  const memo = quoteMemo.get(intent)
  const decimals = quoteKeys(intent).map((key) => info.get(key)?.decimals).join(':')
  if (memo?.decimals === decimals) return memo.prices
  const prices = pricesOfQuote(intent, info)
  quoteMemo.set(intent, { decimals, prices })
  return prices
}

/**
 * Every price the app knows. The profile's book (`lib/priceSource.ts`) wins: it holds every
 * price the service answered in any view, so History prices a token exactly as Needs
 * attention, Recoverable and the intent page do. Only for a token the book lacks does
 * History fall back on what it alone holds: balance data of the loaded entries (folded
 * with `addBalancePrices`), then quotes of intents in this computer's cache (a cache
 * imported or filled before the book was kept); among several quotes of one token the
 * last seen is kept.
 */
export function knownPrices(
  balancePrices: ReadonlyMap<string, TokenPrice>,
  info: ReadonlyMap<string, TokenInfo>,
  knowledge: PriceKnowledge = {},
): Map<string, TokenPrice> {
  const prices = new Map<string, TokenPrice>(balancePrices)
  for (const intent of knowledge.intents ?? []) for (const [key, usd] of quotePricesOf(intent, info)) prices.set(key, { usd, from: 'quote', ...(intent.intentId && { intentId: intent.intentId }) })
  for (const [key, p] of knowledge.book ?? []) prices.set(key, p)
  return prices
}

interface Leg {
  key: string
  token: string | undefined
  raw: string | undefined
  meta: TokenMetadata | undefined
  /** Units at the decimals last asked for, so a summary redone on every page parses each amount once. */
  memo?: { decimals: number | undefined; units: number | undefined }
}

/** What valuing an entry reads of it (`legsOf`), taken once: its origin and destination legs. */
export type EntryLegs = readonly [Leg, Leg]

export function legsOf(e: IntentHistoryEntry): EntryLegs {
  const s = e.receipt?.summary
  const leg = (chainId: number | undefined, token: string | undefined, raw: string | undefined, meta: TokenMetadata | undefined): Leg => ({
    key: priceKey(chainId, token),
    token,
    raw,
    meta,
  })
  return [
    leg(s?.originChainId ?? e.receipt?.originChainId, s?.originTokenAddress, s?.originTokenAmount ?? s?.quotedOriginTokenAmount, s?.originTokenMetadata),
    leg(s?.destinationChainId ?? e.receipt?.destinationChainId, s?.destinationTokenAddress, s?.destinationTokenAmount, s?.destinationTokenMetadata),
  ]
}

function legUnits(leg: Leg, info: ReadonlyMap<string, TokenInfo>): number | undefined {
  const decimals = leg.meta?.decimals ?? info.get(leg.key)?.decimals
  if (leg.memo && leg.memo.decimals === decimals) return leg.memo.units
  leg.memo = { decimals, units: unitsOf(leg.raw, decimals) }
  return leg.memo.units
}

/** A priced entry names the token whose price valued it (`key`, `name`), so the strip can say how each token was priced. */
type EntryValue = { usd: number; from: PriceKind; key: string; name: string } | { unpriced: string }

/**
 * USD value of what an entry sent: its origin amount at the origin token's price, else
 * (a token nobody priced) what it received at the destination token's price. Otherwise
 * the reason it has none, naming the token, so the strip can say what is unpriced.
 */
export function valueOfLegs(legs: EntryLegs, prices: ReadonlyMap<string, TokenPrice>, info: ReadonlyMap<string, TokenInfo>): EntryValue {
  for (const leg of legs) {
    const price = prices.get(leg.key)
    const units = price && legUnits(leg, info)
    if (price && units !== undefined) return { usd: units * price.usd, from: price.from, key: leg.key, name: leg.meta?.symbol ?? info.get(leg.key)?.symbol ?? shortHex(leg.token ?? leg.key) }
  }
  const origin = legs[0]
  if (!origin.token || origin.raw === undefined) return { unpriced: 'no amount sent is recorded' }
  const name = origin.meta?.symbol ?? info.get(origin.key)?.symbol ?? shortHex(origin.token)
  if (!prices.has(origin.key)) return { unpriced: `${name} has no known price` }
  return { unpriced: `${name} has no known decimals` }
}
