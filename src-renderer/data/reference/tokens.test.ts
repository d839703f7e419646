import { afterEach, describe, expect, it } from 'vitest'
import { useTokenLabelStore } from '../../stores/tokenLabels'
import { forgetLearntData } from './testing'
import { tokenLabel } from '../../lib/displaySources'
import { learnTokens, tokenLabelsOf } from './tokens'

const USDC = '0xA0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
const KEY = 'intent-explorer.token-labels'

afterEach(forgetLearntData)

describe('token labels', () => {
  it('keeps what it learnt across a restart, per profile, so symbols show offline too', async () => {
    learnTokens('sim', [{ chainId: 1, tokenAddress: USDC, symbol: 'USDC', decimals: 6 }])
    learnTokens('other', [{ chainId: 1, tokenAddress: USDC, symbol: 'USD Coin', decimals: 6 }])
    // A restart: nothing in memory, what was kept still on disk, then read back.
    window.dispatchEvent(new Event('pagehide'))
    const kept = localStorage.getItem(KEY)
    forgetLearntData()
    expect(tokenLabelsOf('sim').size).toBe(0)
    localStorage.setItem(KEY, kept!)
    await useTokenLabelStore.persist.rehydrate()
    expect(tokenLabel(tokenLabelsOf('sim'), 1, USDC.toLowerCase())).toMatchObject({ symbol: 'USDC', decimals: 6 })
    expect(tokenLabel(tokenLabelsOf('other'), 1, USDC)?.symbol).toBe('USD Coin')
  })

  it('reads a damaged record as nothing known', async () => {
    localStorage.setItem(KEY, JSON.stringify({ state: { byProfile: 'garbage' }, version: 0 }))
    await useTokenLabelStore.persist.rehydrate()
    expect(tokenLabelsOf('sim').size).toBe(0)
  })
})
