import { describe, expect, it } from 'vitest'
import { EARLIEST_TIME_MS, isChainId, isSaneTime, isTokenDecimals, isUsableChain, LATEST_TIME_AHEAD_MS, listOf, refusedFieldsIn, refusedFieldsOf } from './bounds'

describe('bounds', () => {
  it('token decimals are integers from 0 to 255', () => {
    for (const ok of [0, 6, 18, 255]) expect(isTokenDecimals(ok)).toBe(true)
    for (const bad of [-1, 256, 1.5, 1e15, NaN, Infinity, '6', null, undefined]) expect(isTokenDecimals(bad)).toBe(false)
  })

  it('times lie from 2009-01-01 to ten years after now', () => {
    const now = Date.UTC(2026, 10, 27)
    expect(isSaneTime(EARLIEST_TIME_MS, now)).toBe(true)
    expect(isSaneTime(EARLIEST_TIME_MS - 1, now)).toBe(false)
    expect(isSaneTime(now + LATEST_TIME_AHEAD_MS, now)).toBe(true)
    expect(isSaneTime(Date.parse('9999-12-31T00:00:00Z'), now)).toBe(false)
    expect(isSaneTime(NaN, now)).toBe(false)
  })

  it('chain ids are non-negative safe integers; a usable chain has a name and sane currency', () => {
    expect(isChainId(8453)).toBe(true)
    expect([-1, 1.5, 2 ** 53, '1'].some(isChainId)).toBe(false)
    const chain = { id: 1, name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }
    expect(isUsableChain(chain)).toBe(true)
    expect(isUsableChain({ id: 1, name: 'No currency' })).toBe(true)
    expect(isUsableChain({ ...chain, name: 7 })).toBe(false)
    expect(isUsableChain({ ...chain, nativeCurrency: { ...chain.nativeCurrency, decimals: 1e15 } })).toBe(false)
    expect(isUsableChain(null)).toBe(false)
  })

  it('listOf gives a list only for a list', () => {
    expect(listOf([1, 2])).toEqual([1, 2])
    expect(listOf(5 as never)).toEqual([])
    expect(listOf(undefined)).toEqual([])
  })

  it('reads refused fields defensively, and finds them at any depth', () => {
    expect(refusedFieldsOf({ _refused: 'nonsense' })).toEqual([])
    const record = {
      _refused: [{ field: 'createdAt', reason: 'too late' }, { field: 5, reason: 'x' }],
      receipt: { summary: { originTokenMetadata: { _refused: [{ field: 'decimals', reason: 'too many' }] } } },
      list: [{ _refused: [{ field: 'amount', reason: 'too long' }] }],
    }
    expect(refusedFieldsIn(record)).toEqual([
      { field: 'createdAt', reason: 'too late' },
      { field: 'receipt.summary.originTokenMetadata.decimals', reason: 'too many' },
      { field: 'list[0].amount', reason: 'too long' },
    ])
  })
})
