import { describe, expect, it } from 'vitest'
import { describeQuery, intervalText } from './describe'

describe('describeQuery', () => {
  it('names each filter that is set, in a fixed order', () => {
    expect(
      describeQuery(
        { byProjectId: 42, byStatuses: ['FAILED', 'REFUNDED'], byOwnerAddress: `0x${'ab'.repeat(20)}`, originChainId: 1, fromTime: 1_764_000_000 },
        new Map([[1, { id: 1, name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }]]),
      ),
    ).toBe('owner 0xabab…abab · FAILED, REFUNDED · project 42 · Ethereum → any · created from 2025-11-24 16:00 UTC')
  })

  it('calls an empty filter what it is', () => {
    expect(describeQuery({})).toBe('All intents')
  })
})

describe('intervalText', () => {
  it.each([
    [30_000, '30 s'],
    [60_000, '1 min'],
    [900_000, '15 min'],
    [3_600_000, '1 h'],
  ])('%i ms is %s', (ms, text) => expect(intervalText(ms)).toBe(text))
})
