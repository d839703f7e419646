import { render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { DisplaySourcesProvider, useDisplaySources, type DisplaySources } from '../lib/displaySources'
import { Logo } from './Logo'

function renderLogo(uri: string, servedLogo: DisplaySources['servedLogo']) {
  function WithLogos({ children }: { children: React.ReactNode }) {
    const base = useDisplaySources()
    return <DisplaySourcesProvider value={{ ...base, servedLogo }}>{children}</DisplaySourcesProvider>
  }
  return render(<Logo name="Ethereum" uri={uri} />, { wrapper: WithLogos })
}

describe('Logo', () => {
  it('asks for an https logo and shows it from the page’s own origin', async () => {
    const served = vi.fn(async () => '/logos/a.png')
    const { container } = renderLogo('https://logos.test/1.svg', served)
    await waitFor(() => expect(container.querySelector('img')).toHaveAttribute('src', '/logos/a.png'))
    expect(served).toHaveBeenCalledWith('https://logos.test/1.svg')
  })

  it('never asks for a logo that is not http(s): the initials show', async () => {
    const served = vi.fn(async () => '/logos/a.png')
    for (const uri of ['file:///etc/passwd', 'javascript:alert(1)', 'vscode://x', 'data:image/png;base64,AAAA']) {
      const { container, unmount } = renderLogo(uri, served)
      await new Promise((r) => setTimeout(r, 0))
      expect(container.querySelector('img')).toBeNull()
      expect(screen.getByText('ET')).toBeInTheDocument()
      unmount()
    }
    expect(served).not.toHaveBeenCalled()
  })
})
