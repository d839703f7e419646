import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { answers, callsOf, okFetched } from '../../testing/bridge'
import { expectFieldProblem } from '../../testing/fields'
import { renderAt, resetWorld } from '../../testing/harness'
import { HistoryView } from './HistoryView'

vi.mock('../../data/call', async () => ({ call: (await import('../../testing/bridge')).fakeCall }))
vi.mock('../../bridge', () => ({ bridge: { subscribe: () => () => {} } }))

/** A malformed value for every free-text filter, and what the field must say. */
const BAD: Array<[label: string, value: string, message: RegExp]> = [
  ['Owner address', '0x123', /40 hex digits/],
  ['Project id', '-4', /whole number/],
  ['Swap provider', 'not a code!', /provider code/],
  ['Bridge provider', 'lifi v2', /provider code/],
  ['Participant addresses', `0x${'1'.repeat(40)}, nobody`, /is not an address/],
  ['Origin token address', 'USDC', /40 hex digits/],
  ['Destination token address', '0xZZ', /40 hex digits/],
  ['Edge address', '0x12', /40 hex digits/],
  ['Edge rail', 'so-la-na', /capitals/],
]

beforeEach(() => {
  resetWorld()
  answers.set('getIntentHistory', () => okFetched({ intents: [] }))
})

describe('history filters refuse malformed values', () => {
  it.each(BAD)('%s: “%s” is refused next to the field and never sent', async (label, value, message) => {
    const user = userEvent.setup()
    renderAt('/history', [{ path: '/history', element: <HistoryView /> }])
    const form = within(screen.getByRole('form', { name: 'History filters' }))
    await user.click(form.getByText('More filters'))
    const asked = callsOf('getIntentHistory').length
    const field = form.getByLabelText(label, { exact: true })
    await user.type(field, value)
    await user.click(form.getByRole('button', { name: 'Apply' }))
    expectFieldProblem(field, message)
    expect(callsOf('getIntentHistory').slice(asked)).toEqual([])
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/history$/)
  })
})
