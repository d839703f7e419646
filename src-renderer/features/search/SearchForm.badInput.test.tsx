import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { callsOf } from '../../testing/bridge'
import { expectFieldProblem } from '../../testing/fields'
import { renderAt, resetWorld } from '../../testing/harness'
import { SearchView } from './SearchView'

vi.mock('../../data/call', async () => ({ call: (await import('../../testing/bridge')).fakeCall }))
vi.mock('../../bridge', () => ({ bridge: { subscribe: () => () => {} } }))

/** A malformed value for every checked filter, and what the field must say. */
const BAD: Array<[label: string, value: string, message: RegExp]> = [
  ['Intent id', '0x1234', /64 hex digits/],
  ['Transaction hash', 'deadbeef', /64 hex digits/],
  ['Owner wallet', `0x${'z'.repeat(40)}`, /40 hex digits/],
  ['Deposit address (origin intent address)', '0x12', /40 hex digits/],
  ['Destination intent address', 'vitalik.eth', /40 hex digits/],
  ['Edge address', 'not an account!', /base58/],
  ['Edge network (rail)', 'sol ana', /upper-case name/],
  ['Project id', '99999999999999999999', /whole number/],
]

beforeEach(resetWorld)

const filters = () => within(screen.getByRole('form', { name: 'Search filters' }))

describe('search filters refuse malformed values', () => {
  it.each(BAD)('%s: “%s” is refused next to the field and never searched for', async (label, value, message) => {
    const user = userEvent.setup()
    renderAt('/search', [{ path: '/search', element: <SearchView /> }])
    await user.click(screen.getByText('Search by filters'))
    const field = screen.getByLabelText(label, { exact: true })
    await user.type(field, value)
    await user.click(filters().getByRole('button', { name: 'Search' }))
    expectFieldProblem(field, message)
    expect(callsOf('searchIntents')).toEqual([])
  })

  it('refuses an empty search with a message by the form', async () => {
    const user = userEvent.setup()
    renderAt('/search', [{ path: '/search', element: <SearchView /> }])
    await user.click(screen.getByText('Search by filters'))
    await user.click(filters().getByRole('button', { name: 'Search' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Fill in at least one filter')
    expect(callsOf('searchIntents')).toEqual([])
  })
})
