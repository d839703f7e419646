import { describe, expect, it } from 'vitest'
import { render } from '@testing-library/react'
import { Route } from './Route'
import { intentRoute } from '../lib/intentRoute'
import type { ChainInfo } from '@contract/service'
import { DisplaySourcesProvider, useDisplaySources } from '../lib/displaySources'

const chain = (id: number, name: string): ChainInfo => ({ id, name, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } })
const CHAINS = { byId: new Map([chain(8453, 'Base'), chain(42161, 'Arbitrum One')].map((c) => [c.id, c])), loading: false }

/** Legs name their chains from the profile's chain list, which the data layer provides. */
function KnownChains({ children }: { children: React.ReactNode }) {
  const base = useDisplaySources()
  return <DisplaySourcesProvider value={{ ...base, useChainDirectory: () => CHAINS }}>{children}</DisplaySourcesProvider>
}

describe('Route', () => {
  it('says which amount each leg shows', () => {
    const { container } = render(
      <Route
        from={{ chainId: 8453, amount: '50000000', symbol: 'USDC', decimals: 6 }}
        to={{ chainId: 42161, amount: '34202730', symbol: 'USDC', decimals: 6, amountKind: 'quoted' }}
      />,
      { wrapper: KnownChains },
    )
    expect(container.textContent).toBe('50 USDC on Base → quoted 34.20273 USDC on Arbitrum One')
    const received = render(<Route from={{ amount: '1', decimals: 0 }} to={{ amount: '34134324', decimals: 6, symbol: 'USDC', amountKind: 'received' }} />)
    expect(received.container.textContent).toContain('received 34.134324 USDC')
  })

  it('marks the destination amount an intent carries as quoted', () => {
    const { to } = intentRoute({ destinationChainId: 1, quote: { toAmount: '5' } } as Parameters<typeof intentRoute>[0])
    expect(to).toMatchObject({ amount: '5', amountKind: 'quoted' })
  })
})
