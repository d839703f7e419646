import { describe, expect, it } from 'vitest'
import { render } from '@testing-library/react'
import { Amount } from './Amount'

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
