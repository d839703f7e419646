import { fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { callsOf } from '../../testing/bridge'
import { expectFieldProblem } from '../../testing/fields'
import { renderAt, resetWorld } from '../../testing/harness'
import { CommitView } from './CommitView'

vi.mock('../../data/call', async () => ({ call: (await import('../../testing/bridge')).fakeCall }))
vi.mock('../../bridge', () => ({ bridge: { subscribe: () => () => {} } }))

const render = () => renderAt('/commit', [{ path: '/commit', element: <CommitView /> }])

/** A malformed value for every field of the quote form, and what the field must say. */
const BAD: Array<[label: string, value: string, message: RegExp]> = [
  ['Owner wallet', '0xabc', /40 hex digits/],
  ['Amount (USDC)', '1.5000001', /USDC has 6 decimals: at most 6 digits after the point/],
  ['Amount (USDC)', '0', /above 0/],
  ['Amount (USDC)', '-3', /cannot be negative/],
  ['Amount (USDC)', '12.5 USDC', /digits with at most one decimal point/],
  ['Amount (USDC)', '9'.repeat(80), /Too large: no token can hold more than/],
  ['Recipient', 'alice', /40 hex digits/],
  ['Max slippage (%)', '150', /between 0 and 100/],
]

beforeEach(() => {
  resetWorld()
  // The box's text outlives a restart (local storage): each test starts with it empty.
  localStorage.removeItem('commit.text')
})

describe('the quote form refuses malformed values', () => {
  it.each(BAD)('%s: “%s” is refused next to the field and never quoted', async (label, value, message) => {
    const user = userEvent.setup()
    render()
    await user.click(screen.getByRole('button', { name: 'Get a quote…' }))
    const form = within(screen.getByRole('form', { name: 'Get a quote' }))
    const field = form.getByLabelText(label, { exact: true })
    await user.clear(field)
    await user.type(field, value)
    await user.click(form.getByRole('button', { name: 'Get quote' }))
    expectFieldProblem(field, message)
    expect(callsOf('quoteIntent')).toEqual([])
  })
})

describe('the quote form refuses a typed token address that is not one', () => {
  it.each([
    ['From token', 'USDC'],
    ['To token', '0x12'],
  ])('%s: “%s” is refused next to the address field', async (label, value) => {
    const user = userEvent.setup()
    render()
    await user.click(screen.getByRole('button', { name: 'Get a quote…' }))
    const form = within(screen.getByRole('form', { name: 'Get a quote' }))
    await user.selectOptions(form.getByLabelText(label, { exact: true }), 'Other (enter its address)…')
    const field = form.getByLabelText(`${label} address`)
    await user.type(field, value)
    await user.click(form.getByRole('button', { name: 'Get quote' }))
    expectFieldProblem(field, /contract address/)
    expect(callsOf('quoteIntent')).toEqual([])
  })
})

describe('the intent box refuses what is not an intent', () => {
  it.each([
    ['text that is not JSON', 'commit this please', /not JSON|JSON/i],
    ['an intent with fields of the wrong type', JSON.stringify({ intent: { intentId: 7, originChainId: 'mainnet' } }), /cannot be read/],
  ])('%s: says so by the box and cannot be committed', async (_what, text, message) => {
    render()
    const box = screen.getByLabelText('Intent to commit')
    fireEvent.change(box, { target: { value: text } })
    expect(box).toHaveAttribute('aria-invalid', 'true')
    expect(box.closest('.card')!.querySelector('[role="alert"]')).toHaveTextContent(message)
    expect(screen.getByRole('button', { name: 'Commit intent' })).toBeDisabled()
    expect(callsOf('commitIntent')).toEqual([])
  })
})
