import { describe, expect, it } from 'vitest'
import { aprToApy, splitRate, totalApy } from './marketHistory'

const usdc = { symbol: 'USDC' }

describe('the rate split', () => {
  it('keeps a 6.90% APY base apart from a 2.76% APR reward, never adding them into one APY', () => {
    const m = {
      token: usdc,
      rewardRate: {
        total: 0.0966,
        rateType: 'APY',
        components: [
          { rate: 0.069, rateType: 'APY', yieldSource: 'supply', token: usdc },
          { rate: 0.0276, rateType: 'APR', yieldSource: 'incentive', token: { symbol: 'OP' } },
        ],
      },
    }
    expect(splitRate(m)).toEqual({ base: 0.069, baseUnit: 'APY', rewards: 0.0276, rewardsUnit: 'APR' })
    const total = totalApy(splitRate(m))!
    expect(total.estimate).toBe(true)
    expect(total.how).toMatch(/daily compounding/)
    expect(total.apy).toBeCloseTo(0.069 + aprToApy(0.0276), 12)
    expect(total.apy).toBeGreaterThan(0.0966)
  })

  it('tells rewards by source, points or a token other than the market token; a bare total is the base', () => {
    expect(splitRate({ token: usdc, rewardRate: { components: [{ rate: 0.01, rateType: 'APR', token: { symbol: 'X-PTS', isPoints: true } }] } })).toMatchObject({ rewards: 0.01, base: undefined })
    expect(splitRate({ token: usdc, rewardRate: { total: 0.04, rateType: 'apr' } })).toEqual({ base: 0.04, baseUnit: 'APR' })
    expect(splitRate({ token: usdc, rewardRate: undefined })).toEqual({})
  })

  it('adds two APYs exactly and says a rate without a unit makes the total an estimate', () => {
    expect(totalApy({ base: 0.03, baseUnit: 'APY', rewards: 0.01, rewardsUnit: 'APY' })).toEqual({ apy: 0.04, estimate: false })
    expect(totalApy({ base: 0.03 })).toMatchObject({ estimate: true, how: expect.stringMatching(/without a stated unit/) })
    expect(aprToApy(0.1)).toBeCloseTo(0.10516, 4)
  })
})
