import { describe, expect, it } from 'vitest'
import { render } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import type { ChainInfo } from '@contract/service'
import { intentColumns, intentPath } from './IntentLink'

const chain = (id: number, name: string): ChainInfo => ({ id, name, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } })
const CHAINS = new Map([chain(8453, 'Base'), chain(1, 'Ethereum')].map((c) => [c.id, c]))
type Row = { at: number; intent: { intentId: string; originChainId?: number; destinationChainId?: number } }

describe('intentColumns', () => {
  const [intent, route] = intentColumns<Row>(CHAINS, (r) => r.intent)

  it('links the intent by its id, escaped, and marks the link with the id', () => {
    const id = '0xab/cd'
    const { container } = render(<MemoryRouter>{intent.cell({ at: 0, intent: { intentId: id } })}</MemoryRouter>)
    const link = container.querySelector('a')!
    expect(link.getAttribute('href')).toBe('/intent/0xab%2Fcd')
    expect(link.getAttribute('data-intent')).toBe(id)
    expect(intentPath(id)).toBe('/intent/0xab%2Fcd')
  })

  it('names the route by its chains, unknown and missing chains too', () => {
    expect([intent.id, route.id, route.wrap]).toEqual(['intent', 'route', true])
    expect(route.cell({ at: 0, intent: { intentId: 'x', originChainId: 1, destinationChainId: 8453 } })).toBe('Ethereum → Base')
    expect(route.cell({ at: 0, intent: { intentId: 'x', originChainId: 10 } })).toBe('Chain 10 → —')
  })
})
