import { describe, expect, it } from 'vitest'
import { marketName, periodLabel, rewardComponentLines, rewardRateLabel, riskLabel, statusLabel, untypedText } from './marketText'

describe('market text', () => {
  it('shows the reward rate fraction as a percent with its rate type', () => {
    expect(rewardRateLabel({ total: 0.045, rateType: 'APY' })).toBe('4.50% APY')
    expect(rewardRateLabel({ total: 0.0123 })).toBe('1.23%')
    expect(rewardRateLabel(undefined)).toBe('—')
  })

  it('describes each reward component', () => {
    const lines = rewardComponentLines({
      total: 0.05,
      components: [
        { rate: 0.04, rateType: 'APY', yieldSource: 'supply', token: { symbol: 'USDC' }, description: 'Interest paid by borrowers' },
        { rate: 0.01, rateType: 'APR', yieldSource: 'incentive', token: { symbol: 'OP' } },
      ],
    })
    expect(lines).toEqual(['4.00% APY from supply in USDC (Interest paid by borrowers)', '1.00% APR from incentive in OP'])
  })

  it('names a market by its metadata, token, or id', () => {
    expect(marketName({ id: 'x', metadata: { name: 'Aave USDC' } })).toBe('Aave USDC')
    expect(marketName({ id: 'x', token: { symbol: 'USDC' } })).toBe('USDC')
    expect(marketName({ id: 'x' })).toBe('x')
  })

  it('tells "no period" from "not reported"', () => {
    expect(periodLabel({ seconds: 0 })).toBe('None')
    expect(periodLabel({ seconds: 3 * 86_400 })).toBe('3d 0h')
    expect(periodLabel(undefined)).toBe('—')
  })

  it('summarises enter/exit status and risk ratings', () => {
    expect(statusLabel({ enter: false, exit: true })).toBe('Exit only')
    expect(statusLabel({ enter: true, exit: true })).toBe('Enter and exit')
    expect(riskLabel({ ratings: [{ rating: 'A', source: 'Exponential' }, { rating: 'BBB' }] })).toBe('A (Exponential), BBB')
  })

  it('renders untyped values safely', () => {
    expect(untypedText({ a: 1 })).toBe('{"a":1}')
    expect(untypedText(0.42)).toBe('0.42')
    expect(untypedText(null)).toBe('—')
  })
})
