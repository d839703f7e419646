import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ChainInfo } from '@contract/service'
import { DisplaySourcesProvider, useDisplaySources, type DisplaySources } from '../lib/displaySources'
import { Hex } from './Hex'

const OWNER = `0x5${'0'.repeat(35)}c0de`

function renderWithExplorer(url: string) {
  const chain: ChainInfo = { id: 1, name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, blockExplorer: { name: 'X', url } }
  function WithChains({ children }: { children: React.ReactNode }) {
    const base = useDisplaySources()
    const sources: DisplaySources = { ...base, useChainDirectory: () => ({ byId: new Map([[1, chain]]), loading: false }) }
    return <DisplaySourcesProvider value={sources}>{children}</DisplaySourcesProvider>
  }
  return render(<Hex value={OWNER} kind="address" chainId={1} />, { wrapper: WithChains })
}

describe('Hex', () => {
  it('links to an http(s) block explorer', () => {
    renderWithExplorer('https://etherscan.io/')
    expect(screen.getByRole('link')).toHaveAttribute('href', `https://etherscan.io/address/${OWNER}`)
  })

  it('makes no link of an explorer that is not http(s), and still shows and copies the value', () => {
    for (const url of ['javascript:alert(1)//', 'vscode://file/etc', 'file:///etc/passwd', 'data:text/html,x']) {
      const { unmount } = renderWithExplorer(url)
      expect(screen.queryByRole('link'), url).toBeNull()
      expect(screen.getByTitle(OWNER)).toBeInTheDocument()
      expect(screen.getByRole('button', { name: /copy/i })).toBeInTheDocument()
      unmount()
    }
  })

  it('flags a look-alike value (a Cyrillic “с”) and makes no link of it', () => {
    const lookAlike = OWNER.replace('c0de', '\u0441' + '0de')
    const chain: ChainInfo = { id: 1, name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, blockExplorer: { url: 'https://etherscan.io' } }
    function WithChains({ children }: { children: React.ReactNode }) {
      const base = useDisplaySources()
      return <DisplaySourcesProvider value={{ ...base, useChainDirectory: () => ({ byId: new Map([[1, chain]]), loading: false }) }}>{children}</DisplaySourcesProvider>
    }
    render(<Hex value={lookAlike} kind="address" chainId={1} />, { wrapper: WithChains })
    expect(screen.queryByRole('link')).toBeNull()
    expect(screen.getByRole('img', { name: /^Look-alike: this value holds “с” \(U\+0441\)/ })).toBeInTheDocument()
  })
})
