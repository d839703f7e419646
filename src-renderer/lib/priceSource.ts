import type { Intent, IntentHistoryEntry } from '@contract/service'
import { isTokenDecimals, listOf } from '@contract/service/bounds'
import { tokenLabelKey } from './displaySources'
import { countOf, formatAge, formatDateTime, formatUnitsExact, shortHex } from './format'

/**
 * The one price source of a profile: every USD figure the service answers, kept per token
 * (chain and contract address), so every view that shows a USD value of a token amount
 * values it at the same price and says how it was priced (`pricedHow`). It is filled from
 * quotes (`quote`: USD values over amounts, with the intent whose quote it was), balances
 * (`balance`: `priceUsd`, else `balanceUsd` over the amount) and GetTokenPrices (`service`,
 * where the service offers it); the newest figure of a token wins, and each keeps its kind
 * and the time the service answered it. Kept per profile on this computer
 * (`stores/priceBook.ts`), so it is there offline, with each price's age.
 *
 * Tokens are keyed by chain and contract address, not by price-feed id: the service prices
 * by address (GetTokenPrices takes `chainId` + `contractAddress`) and sends feed ids only on
 * yield tokens, which the app does not price. A deployment that priced only by feed id
 * would map it in main's service client, so this key stays the one key.
 */
export type PriceKind = 'quote' | 'balance' | 'service'

export interface KnownPrice {
  usd: number
  from: PriceKind
  /** epoch ms: when the service answered it */
  at: number
  /** For a quote's price: the intent whose quote stated it. */
  intentId?: string
}

/** A book of prices by `priceKey`. */
export type PriceBook = ReadonlyMap<string, KnownPrice>

/** Prices are keyed as token labels are: the chain id and the lower-cased contract address. */
export const priceKey = tokenLabelKey

type Decimals = (chainId: number | undefined, token: string | undefined) => number | undefined

function unitPrice(raw: string | undefined, usd: number | string | undefined, decimals: number | undefined): number | undefined {
  if (raw === undefined || usd === undefined || !isTokenDecimals(decimals)) return undefined
  const units = Number(formatUnitsExact(raw, decimals))
  const dollars = Number(usd)
  return Number.isFinite(units) && units > 0 && Number.isFinite(dollars) && dollars >= 0 ? dollars / units : undefined
}

/** What a quote's prices are read from: an intent, or the few fields of one the cache hands over for pricing. */
export type QuotedIntent = Pick<Intent, 'intentId' | 'originChainId' | 'originTokenAddress' | 'destinationChainId' | 'destinationTokenAddress'> & {
  quote?: Pick<NonNullable<Intent['quote']>, 'fromAmount' | 'fromAmountUsd' | 'toAmount' | 'toAmountUsd'>
  quoteRequest?: Pick<NonNullable<Intent['quoteRequest']>, 'originChainId' | 'originTokenAddress' | 'destinationChainId' | 'destinationTokenAddress'>
  depositTransaction?: Pick<NonNullable<Intent['depositTransaction']>, 'decimals'>
}

/** The prices an intent's quote states: its origin and destination tokens. */
export function quotePrices(intent: QuotedIntent, decimalsOf: Decimals): Array<[string, number]> {
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

/** The prices history entries' balances report: `priceUsd`, else the balance's USD value over its amount. */
export function balancePrices(entries: readonly IntentHistoryEntry[]): Array<[string, number]> {
  const out: Array<[string, number]> = []
  for (const e of entries)
    for (const b of listOf(e.balances))
      for (const t of listOf(b.tokens)) {
        const stated = t.priceUsd === undefined ? NaN : Number(t.priceUsd)
        const usd = Number.isFinite(stated) && stated >= 0 ? stated : unitPrice(t.balance, t.balanceUsd, t.decimals)
        if (usd !== undefined) out.push([priceKey(t.chainId ?? b.chainId, t.contractAddress), usd])
      }
  return out
}

/** A token amount to value: exact base units, the token's decimals when known, and its name for "unpriced" reasons. */
export interface TokenAmount {
  raw: string | undefined
  decimals: number | undefined
  chainId: number | undefined
  token: string | undefined
  symbol?: string
}

export type Valuation = { usd: number; price: KnownPrice } | { unpriced: string; token: string }

/** The name of a token in a reason: its symbol, else its short address. */
const tokenName = (a: TokenAmount) => a.symbol ?? (a.token ? shortHex(a.token) : 'a token with no address')

/** The amount's USD value at the book's price, or why it has none. */
export function valueAt(book: PriceBook, a: TokenAmount): Valuation {
  const price = book.get(priceKey(a.chainId, a.token))
  if (!price) return { unpriced: `${tokenName(a)} has no known price`, token: tokenName(a) }
  if (a.raw === undefined) return { unpriced: `no amount of ${tokenName(a)} is recorded`, token: tokenName(a) }
  if (!isTokenDecimals(a.decimals)) return { unpriced: `${tokenName(a)} has no known decimals`, token: tokenName(a) }
  const units = Number(formatUnitsExact(a.raw, a.decimals))
  if (!Number.isFinite(units)) return { unpriced: `${tokenName(a)}: the amount is not a number`, token: tokenName(a) }
  return { usd: units * price.usd, price }
}

/** Several amounts valued together: the sum of those priced, each distinct way they were priced, and every unpriced reason. */
export interface ValuedSum {
  usd: number
  priced: number
  prices: KnownPrice[]
  unpriced: string[]
}

/** Several sums as one: their values added, each way of pricing and each unpriced reason once. */
export function sumAll(sums: Iterable<ValuedSum>): ValuedSum {
  const out: ValuedSum = { usd: 0, priced: 0, prices: [], unpriced: [] }
  for (const s of sums) {
    out.usd += s.usd
    out.priced += s.priced
    for (const p of s.prices) if (!out.prices.includes(p)) out.prices.push(p)
    for (const u of s.unpriced) if (!out.unpriced.includes(u)) out.unpriced.push(u)
  }
  return out
}

export const valueAll = (book: PriceBook, amounts: readonly TokenAmount[]): ValuedSum =>
  sumAll(
    amounts.map((a): ValuedSum => {
      const v = valueAt(book, a)
      return 'unpriced' in v
        ? { usd: 0, priced: 0, prices: [], unpriced: [v.unpriced] }
        : { usd: v.usd, priced: 1, prices: [v.price], unpriced: [] }
    }),
  )

/**
 * How a price was had, in words: "priced from GetTokenPrices at 2026-11-27 12:01:05 UTC
 * (3 min ago)", "priced from a quote of intent 0x12ab…cdef (3 min ago)", "priced from
 * balances (5 min ago)".
 */
export function pricedHow(p: KnownPrice, now: number): string {
  const age = formatAge(p.at, now)
  if (p.from === 'service') return `priced from GetTokenPrices at ${formatDateTime(p.at)} (${age})`
  if (p.from === 'quote') return `priced from a quote${p.intentId ? ` of intent ${shortHex(p.intentId)}` : ''} (${age})`
  return `priced from balances (${age})`
}

/** How a sum was priced, in words: one price's provenance, or the first and how many others. */
export function pricedHowText(sum: ValuedSum, now: number): string {
  const how = [...new Set(sum.prices.map((p) => pricedHow(p, now)))]
  if (!how.length) return ''
  return how.length === 1 ? how[0] : `${how[0]}, and ${countOf(how.length - 1, 'other price')}`
}

/** A sum's pricing in full, for an export cell or a tooltip: each price's provenance, then what is unpriced. */
export function pricingText(sum: ValuedSum | undefined, now: number): string | undefined {
  if (!sum) return undefined
  const how = new Set(sum.prices.map((p) => pricedHow(p, now)))
  return [...how, ...(sum.unpriced.length ? [`unpriced: ${sum.unpriced.join(', ')}`] : [])].join('; ') || undefined
}

/** The newest of two figures for one token. */
export const newerPrice = (a: KnownPrice | undefined, b: KnownPrice): KnownPrice => (a && a.at > b.at ? a : b)
