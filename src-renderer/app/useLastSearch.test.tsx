import { describe, expect, it } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/react'
import { Link, MemoryRouter, NavLink } from 'react-router'
import { useLastSearch } from './useLastSearch'

function Sidebar() {
  const lastSearch = useLastSearch()
  return (
    <nav>
      {['/history', '/search'].map((path) => (
        <NavLink key={path} to={{ pathname: path, search: lastSearch(path) }}>
          {path}
        </NavLink>
      ))}
      <Link to="/intent/0xabc">intent</Link>
      <Link to="/history">plain history</Link>
    </nav>
  )
}

const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href')

describe('useLastSearch', () => {
  it('sends a view’s link back to the query it was left with', () => {
    render(
      <MemoryRouter initialEntries={['/history?owner=0x1&cap=200&all=1']}>
        <Sidebar />
      </MemoryRouter>,
    )
    expect(href('/history')).toBe('/history?owner=0x1&cap=200&all=1')
    expect(href('/search')).toBe('/search')

    fireEvent.click(screen.getByRole('link', { name: 'intent' }))
    expect(href('/history')).toBe('/history?owner=0x1&cap=200&all=1')

    // Left again without a query: that is the view as it was left.
    fireEvent.click(screen.getByRole('link', { name: 'plain history' }))
    fireEvent.click(screen.getByRole('link', { name: 'intent' }))
    expect(href('/history')).toBe('/history')
  })
})
