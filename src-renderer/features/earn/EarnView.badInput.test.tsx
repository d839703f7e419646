import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { answers, callsOf, okFetched } from '../../testing/bridge'
import { expectFieldProblem } from '../../testing/fields'
import { renderAt, resetWorld } from '../../testing/harness'
import { EarnView } from './EarnView'

vi.mock('../../data/call', async () => ({ call: (await import('../../testing/bridge')).fakeCall }))
vi.mock('../../bridge', () => ({ bridge: { subscribe: () => () => {} } }))

beforeEach(() => {
  resetWorld()
  answers.set('getEarnPools', () => okFetched({ pools: [], timestamp: '2026-11-20T10:00:00.000Z', cached: false }))
})

describe('earn pool filters refuse malformed values', () => {
  it.each([
    ['Minimum TVL (USD)', '-5', /Minimum TVL/],
    ['Minimum TVL (USD)', 'lots', /Minimum TVL/],
    ['Maximum APY (%)', '1e3', /Maximum APY/],
    ['Maximum APY (%)', '4.5.1', /Maximum APY/],
    ['Minimum TVL (USD)', '9'.repeat(400), /Minimum TVL is too large/],
  ])('%s: “%s” is refused next to the field and never sent', async (label, value, message) => {
    const user = userEvent.setup()
    renderAt('/earn', [{ path: '/earn', element: <EarnView /> }])
    const form = within(screen.getByRole('form', { name: 'Earn pool filters' }))
    const asked = callsOf('getEarnPools').length
    await user.type(form.getByLabelText(label), value)
    await user.click(form.getByRole('button', { name: 'Apply' }))
    expectFieldProblem(form.getByLabelText(label), message)
    expect(callsOf('getEarnPools').slice(asked)).toEqual([])
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/earn$/)
  })
})
