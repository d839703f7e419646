import { beforeEach, describe, expect, it } from 'vitest'
import { priceBookOf, usePriceBookStore } from './priceBook'

const KEY = 'intent-explorer.price-book'

beforeEach(() => {
  localStorage.clear()
  usePriceBookStore.setState({ byProfile: new Map() })
})

describe('the price book', () => {
  it('keeps the newest price of a token per profile, with its kind, time and quote', () => {
    const { learn } = usePriceBookStore.getState()
    learn('a', [['1:0xt', { usd: 2, from: 'quote', intentId: '0xi' }]], 200)
    learn('a', [['1:0xt', { usd: 1, from: 'balance' }]], 100)
    learn('b', [['1:0xt', { usd: 3, from: 'service' }]], 50)
    expect(priceBookOf('a').get('1:0xt')).toEqual({ usd: 2, from: 'quote', at: 200, intentId: '0xi' })
    expect(priceBookOf('b').get('1:0xt')).toEqual({ usd: 3, from: 'service', at: 50 })
  })

  it('is kept in local storage and read back, dropping whatever is not a price', async () => {
    usePriceBookStore.getState().learn('a', [['1:0xt', { usd: 2, from: 'service' }]], 200)
    await new Promise((resolve) => setTimeout(resolve, 0))
    const stored = JSON.parse(localStorage.getItem(KEY)!) as { state: { byProfile: Record<string, Record<string, unknown>> }; version: number }
    expect(stored.state.byProfile.a['1:0xt']).toEqual({ usd: 2, from: 'service', at: 200 })
    stored.state.byProfile.a['1:0xbad'] = { usd: -1, from: 'service', at: 1 }
    stored.state.byProfile.a['1:0xodd'] = { usd: 1, from: 'guess', at: 1 }
    stored.state.byProfile.b = 'not a book' as unknown as Record<string, unknown>
    // A fresh start: nothing in memory, the stored book as another run left it.
    usePriceBookStore.setState({ byProfile: new Map() })
    await new Promise((resolve) => setTimeout(resolve, 0))
    localStorage.setItem(KEY, JSON.stringify(stored))
    await usePriceBookStore.persist.rehydrate()
    expect([...priceBookOf('a')]).toEqual([['1:0xt', { usd: 2, from: 'service', at: 200 }]])
    expect(priceBookOf('b').size).toBe(0)
  })
})
