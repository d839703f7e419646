import { describe, expect, it } from 'vitest'
import type { Intent, IntentHistoryEntry } from '@contract/service'
import { addBalancePrices, addTokenInfo, knownPrices, legsOf, pricesOfQuote, valueOfLegs, withLabels, type PriceKnowledge, type TokenInfo, type TokenPrice } from './pricing'
import { balance, makeEntry, USDC, WETH } from './testing/entries'

const DAI = '0x6b175474e89094c44da98b954eedeac495271d0f'
const valueOfEntry = (e: IntentHistoryEntry, prices: ReadonlyMap<string, TokenPrice>, info: ReadonlyMap<string, TokenInfo>) => valueOfLegs(legsOf(e), prices, info)

/** Decimals and symbols per token: the entries' receipt metadata first, then the labels (as the summary folds them). */
function tokenInfo(entries: readonly IntentHistoryEntry[], labels?: PriceKnowledge['tokens']): Map<string, TokenInfo> {
  const fromEntries = new Map<string, TokenInfo>()
  for (const e of entries) addTokenInfo(fromEntries, e)
  return withLabels(fromEntries, labels)
}

/** `knownPrices` over a list of entries, as the summary folds them. */
function learnPrices(entries: readonly IntentHistoryEntry[], knowledge: PriceKnowledge = {}): Map<string, TokenPrice> {
  const balancePrices = new Map<string, TokenPrice>()
  for (const e of entries) addBalancePrices(balancePrices, e)
  return knownPrices(balancePrices, tokenInfo(entries, knowledge.tokens), knowledge)
}

/** A cached intent whose quote sends `fromAmount` of `token` on chain 1 worth `fromUsd`. */
const quoted = (intentId: string, token: string, fromAmount: string, fromUsd: number, toAmount = '0', toUsd?: number): Intent => ({
  intentId,
  originChainId: 1,
  originTokenAddress: token,
  destinationChainId: 8453,
  destinationTokenAddress: USDC,
  quote: { fromAmount, fromAmountUsd: fromUsd, toAmount, toAmountUsd: toUsd },
})

describe('pricesOfQuote', () => {
  it('divides a quote USD value by its token units, using decimals the entries report', () => {
    const info = tokenInfo([makeEntry({ originToken: { address: WETH, symbol: 'WETH', decimals: 18 } })])
    // 0.5 WETH quoted at $1,600 -> $3,200 per WETH; 1,580 USDC (6 decimals) at $1,580 -> $1.
    const prices = pricesOfQuote(quoted('0x01', WETH, '500000000000000000', 1600, '1580000000', 1580), info)
    expect(prices).toEqual([
      [`1:${WETH}`, 3200],
      [`8453:${USDC}`, 1],
    ])
  })

  it('learns nothing from a zero amount or a token without known decimals', () => {
    expect(pricesOfQuote(quoted('0x01', DAI, '1000000000000000000', 1), tokenInfo([]))).toEqual([])
    const info = tokenInfo([], new Map([[`1:${DAI}`, { symbol: 'DAI', decimals: 18 }]]))
    expect(pricesOfQuote(quoted('0x01', DAI, '0', 0), info)).toEqual([])
    expect(pricesOfQuote(quoted('0x01', DAI, '2000000000000000000', 2.02), info)).toEqual([[`1:${DAI}`, 1.01]])
  })
})

describe('learnPrices', () => {
  it('prefers a quote price to a balance price for the same token', () => {
    const entries = [
      makeEntry({ originToken: { address: WETH, symbol: 'WETH', decimals: 18 } }),
      makeEntry({ status: 'FAILED', balances: [balance({ token: WETH, symbol: 'WETH', decimals: 18, raw: '1', price: '3000' })] }),
    ]
    expect(learnPrices(entries).get(`1:${WETH}`)).toEqual({ usd: 3000, from: 'balance' })
    const withQuote = learnPrices(entries, { intents: [quoted('0x02', WETH, '1000000000000000000', 3100)] })
    expect(withQuote.get(`1:${WETH}`)).toEqual({ usd: 3100, from: 'quote', intentId: '0x02' })
  })

  it('reads a balance without a stated price at its USD value over its amount, as every view does', () => {
    const entries = [makeEntry({ status: 'FAILED', balances: [balance({ token: WETH, symbol: 'WETH', decimals: 18, raw: '2000000000000000000', usd: '6000' })] })]
    expect(learnPrices(entries).get(`1:${WETH}`)).toEqual({ usd: 3000, from: 'balance' })
  })

  it('takes the profile’s book over anything only History holds, so every view prices a token alike', () => {
    const entries = [makeEntry({ status: 'FAILED', balances: [balance({ token: WETH, symbol: 'WETH', decimals: 18, raw: '1', price: '3000' })] })]
    const book = new Map([[`1:${WETH}`, { usd: 2950, from: 'service' as const, at: 1_700_000_000_000 }]])
    const prices = learnPrices(entries, { intents: [quoted('0x02', WETH, '1000000000000000000', 3100)], book })
    expect(prices.get(`1:${WETH}`)).toEqual({ usd: 2950, from: 'service', at: 1_700_000_000_000 })
  })
})

describe('valueOfEntry', () => {
  it('values the sent amount, falls back to what was received, and names the token otherwise', () => {
    const weth = makeEntry({ originAmount: '2500000000000000000', originToken: { address: WETH, symbol: 'WETH', decimals: 18 } })
    const dai = makeEntry({ originAmount: '7000000000000000000', originToken: { address: DAI, symbol: 'DAI', decimals: 18 } })
    const info = tokenInfo([weth, dai])
    const prices = new Map([
      [`1:${WETH}`, { usd: 3000, from: 'quote' as const }],
      [`8453:${USDC}`, { usd: 1, from: 'balance' as const }],
    ])
    expect(valueOfEntry(weth, prices, info)).toEqual({ usd: 7500, from: 'quote', key: `1:${WETH}`, name: 'WETH' })
    // DAI is unpriced, but the entry received 1.49 USDC on 8453, which is.
    expect(valueOfEntry(dai, prices, info)).toMatchObject({ usd: 1.49, from: 'balance', key: `8453:${USDC}` })
    expect(valueOfEntry(dai, new Map(), info)).toEqual({ unpriced: 'DAI has no known price' })
  })
})
