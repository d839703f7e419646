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

  it('sends Search back to the result, not to the id that opened its intent again', () => {
    render(
      <MemoryRouter initialEntries={['/search?q=0xabc']}>
        <Sidebar />
        {/* The search's exact match: its entry replaced by the intent, the result marked opened as the way back. */}
        <Link to="/intent/0xabc" replace state={{ backTo: '/search?q=0xabc&opened=1' }}>
          opened
        </Link>
      </MemoryRouter>,
    )
    expect(href('/search')).toBe('/search?q=0xabc')
    fireEvent.click(screen.getByRole('link', { name: 'opened' }))
    expect(href('/search')).toBe('/search?q=0xabc&opened=1')
  })
})
