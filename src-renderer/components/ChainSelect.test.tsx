import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { ChainInfo } from '@contract/service'
import { DisplaySourcesProvider, useDisplaySources, type DisplaySources } from '../lib/displaySources'
import { ChainSelect } from './ChainSelect'

const chain = (id: number, name: string, isTestnet = false) => ({ id, name, isTestnet }) as ChainInfo

function renderWith(chains: ChainInfo[], value: string) {
  function WithChains({ children }: { children: React.ReactNode }) {
    const base = useDisplaySources()
    const sources: DisplaySources = { ...base, useChainDirectory: () => ({ byId: new Map(chains.map((c) => [c.id, c])), loading: false }) }
    return <DisplaySourcesProvider value={sources}>{children}</DisplaySourcesProvider>
  }
  return render(<ChainSelect aria-label="Chain" value={value} onChange={() => {}} />, { wrapper: WithChains })
}

const optionTexts = (group: HTMLElement) => within(group).getAllByRole('option').map((o) => o.textContent)

describe('ChainSelect', () => {
  afterEach(cleanup)

  it('lists mainnets, then testnets, each by name, and keeps an unknown chain id selectable', () => {
    renderWith([chain(8453, 'Base'), chain(11155111, 'Sepolia', true), chain(1, 'Ethereum'), chain(84532, 'Base Sepolia', true)], '999')
    const [mainnets, testnets] = screen.getAllByRole('group')
    expect(mainnets).toHaveAttribute('label', 'Mainnets')
    expect(optionTexts(mainnets)).toEqual(['Base (8453)', 'Ethereum (1)'])
    expect(testnets).toHaveAttribute('label', 'Testnets')
    expect(optionTexts(testnets)).toEqual(['Base Sepolia (84532)', 'Sepolia (11155111)'])
    expect(screen.getByRole('combobox', { name: 'Chain' })).toHaveValue('999')
    expect(screen.getByRole('option', { name: 'Chain 999' })).toBeInTheDocument()
  })

  it('draws no testnet group when the list has no testnets, and a field for the id when it has no chains', () => {
    const { unmount } = renderWith([chain(1, 'Ethereum')], '')
    expect(screen.getAllByRole('group').map((g) => g.getAttribute('label'))).toEqual(['Mainnets'])
    unmount()
    renderWith([], '')
    expect(screen.getByPlaceholderText('Chain id')).toBeInTheDocument()
  })
})
