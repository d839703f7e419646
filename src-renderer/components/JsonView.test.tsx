import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { JsonView } from './JsonView'

const value = { intentId: '0xabc', quote: { toAmount: '1234567890123456789012', routeProviders: ['AUTO'] }, ok: true, none: null }

describe('JsonView', () => {
  it('opens the first level and folds deeper objects with a count', () => {
    render(<JsonView value={value} />)
    expect(screen.getByText('"0xabc"')).toBeInTheDocument()
    expect(screen.getByText(/2 fields/)).toBeInTheDocument()
    expect(screen.queryByText('"1234567890123456789012"')).toBeNull()
  })

  it('writes an empty object or array (or one with only undefined fields) on its line, with nothing to expand', () => {
    const { container } = render(<JsonView value={{ empty: {}, list: [], gone: { a: undefined } }} />)
    const lines = [...container.querySelectorAll('.json-children > .json-line')].map((l) => l.textContent)
    expect(lines).toEqual(['"empty": {},', '"list": [],', '"gone": {}'])
    expect(screen.getAllByRole('button', { name: /^(Expand|Collapse) (?!all$)/ })).toHaveLength(1)
  })

  it('expands a node, and everything at once', async () => {
    render(<JsonView value={value} />)
    await userEvent.click(screen.getByRole('button', { name: 'Expand quote' }))
    expect(screen.getByText('"1234567890123456789012"')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Collapse all' }))
    expect(screen.queryByText('"1234567890123456789012"')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Expand all' }))
    expect(screen.getByText('"AUTO"')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Collapse quote.routeProviders' })).toHaveAttribute('aria-expanded', 'true')
  })

  it('copies the whole value as indented JSON', async () => {
    const user = userEvent.setup()
    const write = vi.spyOn(navigator.clipboard, 'writeText')
    render(<JsonView value={value} />)
    await user.click(screen.getByRole('button', { name: /^Copy JSON/ }))
    expect(write).toHaveBeenCalledWith(JSON.stringify(value, null, 2))
    expect(screen.getByRole('button', { name: /^Copy JSON/ })).toHaveTextContent('Copied')
  })
})
