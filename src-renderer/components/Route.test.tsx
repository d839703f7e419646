import { describe, expect, it } from 'vitest'
import { render } from '@testing-library/react'
import { Route } from './Route'
import { intentRoute } from '../lib/intentRoute'
import { DataProvider } from '../data/DataProvider'

describe('Route', () => {
  it('says which amount each leg shows', () => {
    const { container } = render(
      <Route
        from={{ chainId: 8453, amount: '50000000', symbol: 'USDC', decimals: 6 }}
        to={{ chainId: 42161, amount: '34202730', symbol: 'USDC', decimals: 6, amountKind: 'quoted' }}
      />,
      // Legs name their chains from the profile's chain list, which is query data.
      { wrapper: DataProvider },
    )
    expect(container.textContent).toMatch(/50 USDC on .* → quoted 34\.20273 USDC on /)
    const received = render(<Route from={{ amount: '1', decimals: 0 }} to={{ amount: '34134324', decimals: 6, symbol: 'USDC', amountKind: 'received' }} />, { wrapper: DataProvider })
    expect(received.container.textContent).toContain('received 34.134324 USDC')
  })

  it('marks the destination amount an intent carries as quoted', () => {
    const { to } = intentRoute({ destinationChainId: 1, quote: { toAmount: '5' } } as Parameters<typeof intentRoute>[0])
    expect(to).toMatchObject({ amount: '5', amountKind: 'quoted' })
  })
})
