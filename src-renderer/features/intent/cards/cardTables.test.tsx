import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, within } from '@testing-library/react'
import type { Intent } from '@contract/service'
import { renderAt, resetWorld } from '../../../testing/harness'
import { FeesCard } from './FeesCard'
import { QuoteCard } from './QuoteCard'

vi.mock('../../../data/call', async () => ({ call: (await import('../../../testing/bridge')).fakeCall }))
vi.mock('../../../bridge', () => ({ bridge: { subscribe: () => () => {} } }))

const TOKEN = '0x1111111111111111111111111111111111111111'
const COLLECTOR = '0x2222222222222222222222222222222222222222'
const base = { intentId: `0x${'ab'.repeat(32)}`, originChainId: 1, destinationChainId: 10 }

const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent)
const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1)

describe('the intent cards’ tables', () => {
  beforeEach(resetWorld)
  afterEach(cleanup)

  it('lists each gas fee option with its exact amount to copy, and says where a field was not sent', () => {
    const intent = {
      ...base,
      gasFeeOptions: {
        feeOptions: [
          { tokenAddress: TOKEN, tokenSymbol: 'USDC', tokenDecimals: 6, amount: '1500000', amountUsd: 1.5, feeCollectorAddress: COLLECTOR, is2612: true, isPassthroughEligible: false },
          { tokenAddress: TOKEN, tokenSymbol: 'USDC', tokenDecimals: 6 },
        ],
      },
    } as Intent
    renderAt('/', [{ path: '/', element: <FeesCard intent={intent} /> }])
    const table = screen.getByRole('table', { name: 'Fee options' })
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Token', 'Amount', 'USD', 'Collector', 'Permit (EIP-2612)', 'Passthrough eligible'])
    const [first, second] = bodyRows(table)
    expect(cells(first).slice(4)).toEqual(['Yes', 'No'])
    expect(within(first).getAllByRole('cell')[1]).toHaveClass('num')
    expect(within(within(first).getAllByRole('cell')[1]).getByRole('button', { name: /1\.5/ })).toBeInTheDocument()
    expect(cells(second).slice(1)).toEqual(['—', '—', expect.any(String), '—', '—'])
  })

  it('lists the route providers with their request ids and fees, and the price impacts sent', () => {
    const intent = {
      ...base,
      quote: {
        routeProviders: ['RELAY', 'CCTP'],
        routeProvidersRequestIds: ['req-1'],
        routeProvidersFeeUsd: [0.25, 1],
        priceImpactDetails: { marketPriceImpact: { priceImpact: 0.0012, priceImpactUsd: 0.12 }, netPriceImpact: { priceImpact: 0.002 } },
      },
    } as unknown as Intent
    renderAt('/', [{ path: '/', element: <QuoteCard intent={intent} /> }])
    const providers = bodyRows(screen.getByRole('table', { name: 'Route providers' }))
    expect(providers.map((r) => cells(r)[0])).toEqual(['RELAY', 'CCTP'])
    expect(cells(providers[0])[1]).toContain('req-1')
    expect(cells(providers[1])).toEqual(['CCTP', '—', '$1.00'])
    const impacts = bodyRows(screen.getByRole('table', { name: 'Price impact details' }))
    expect(impacts.map((r) => cells(r)[0])).toEqual(['Market', 'Net'])
    expect(cells(impacts[1])[2]).toBe('—')
  })
})
