import { beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen } from '@testing-library/react'
import { resetWorld } from '../testing/harness'
import { NAV_LABELS, renderShellAt, sidebarLinks } from '../testing/shell'

vi.mock('../data/call', async () => ({ call: (await import('../testing/bridge')).fakeCall }))
vi.mock('../bridge', async () => ({ bridge: (await import('../testing/bridge')).fakeEventBridge }))
// A view that cannot be drawn at all (what a hostile record did to History before issue 29).
vi.mock('../features/chains/ChainsView', () => ({
  ChainsView: () => {
    throw new RangeError('Invalid string length')
  },
}))

beforeEach(() => {
  resetWorld()
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

describe('the shell around a view that fails', () => {
  it('keeps the sidebar, says what failed, and opens the next view normally', async () => {
    renderShellAt('/chains')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('This view could not be shown: Invalid string length')
    expect(sidebarLinks()).toEqual(NAV_LABELS)
    fireEvent.click(screen.getByRole('link', { name: 'Settings' }))
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument()
    expect(document.querySelector('[data-render-error="view"]')).toBeNull()
  })
})
