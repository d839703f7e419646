import { describe, expect, it } from 'vitest'
import { render } from '@testing-library/react'
import { Amount, TokenAmount } from './Amount'
import { DisplaySourcesProvider, tokenLabelKey, useDisplaySources, type DisplaySources } from '../lib/displaySources'

const text = (el: React.ReactElement) => render(el).container.textContent

describe('Amount', () => {
  it('writes base units in token units when the decimals are known', () => {
    expect(text(<Amount raw="1500000" decimals={6} symbol="USDC" base />)).toBe('1.5 USDC')
  })

  it('never passes base units off as token units: with no decimals known it says base units', () => {
    expect(text(<Amount raw="1500000" symbol="USDC" base />)).toBe('1500000 base units of USDC')
    expect(text(<Amount raw="1500000" base />)).toBe('1500000 base units')
    expect(text(<Amount raw="1500000" decimals={1e15} symbol="USDC" />)).toBe('1500000 base units of USDC')
  })

  it('copies the base units it shows', () => {
    const { getByRole } = render(<Amount raw="1500000" symbol="USDC" base copyable />)
    expect(getByRole('button')).toHaveAttribute('title', 'Copy 1500000')
  })

  it('shows a figure the service sent in token units as it is', () => {
    expect(text(<Amount raw="1234.5" symbol="USDC" />)).toBe('1,234.5 USDC')
  })
})

describe('TokenAmount', () => {
  const USDC = '0xaf88d065e77c8cc2239327c5edb3a432268e5831'
  const learnt = (el: React.ReactElement) => {
    function WithLabels() {
      const sources: DisplaySources = { ...useDisplaySources(), useTokenLabels: () => new Map([[tokenLabelKey(42161, USDC), { symbol: 'USDC', decimals: 6 }]]) }
      return <DisplaySourcesProvider value={sources}>{el}</DisplaySourcesProvider>
    }
    return text(<WithLabels />)
  }

  it('labels the token from learnt labels when the view gives no resolver', () => {
    expect(learnt(<TokenAmount raw="1500000" chainId={42161} token={USDC} copyable={false} />)).toBe('1.5 USDC')
  })

  it('asks the view’s resolver instead of learnt labels when one is given', () => {
    const resolve = () => ({ symbol: 'uUSDC', decimals: 0 })
    expect(learnt(<TokenAmount raw="1500000" chainId={42161} token={USDC} resolve={resolve} copyable={false} />)).toBe('1,500,000 uUSDC')
  })

  it('lets what the record states win over the resolver, field by field', () => {
    expect(learnt(<TokenAmount raw="1500000" chainId={42161} token={USDC} stated={{ decimals: 3 }} copyable={false} />)).toBe('1,500 USDC')
  })

  it('names an unknown token by its short address and keeps its amount in base units', () => {
    expect(text(<TokenAmount raw="1500000" chainId={1} token={USDC} copyable={false} />)).toBe('1500000 base units of 0xaf88…5831')
  })
})
