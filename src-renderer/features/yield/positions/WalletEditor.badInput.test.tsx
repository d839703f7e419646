import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { callsOf } from '../../../testing/bridge'
import { expectFieldProblem } from '../../../testing/fields'
import { renderAt, resetWorld } from '../../../testing/harness'
import { PositionsView } from './PositionsView'

vi.mock('../../../data/call', async () => ({ call: (await import('../../../testing/bridge')).fakeCall }))
vi.mock('../../../bridge', () => ({ bridge: { subscribe: () => () => {} } }))

const A = `0x${'aa'.repeat(20)}`
const render = () => renderAt('/yield/positions', [{ path: '/yield/positions', element: <PositionsView /> }])

beforeEach(resetWorld)

describe('the wallet form refuses incomplete wallets', () => {
  it.each([
    ['Address 1', [['Network 1', 'base']], /Enter the wallet address/],
    ['Network 1', [['Address 1', A]], /Enter the network/],
    ['Yield id 1', [['Address 1', A], ['Network 1', 'base'], ['Yield id 1', 'a,b']], /no commas/],
    ['Address 1', [['Address 1', '0xabc'], ['Network 1', 'base']], /starts like an EVM address but is not 0x and 40 hex digits/],
    ['Address 1', [['Address 1', `${A}zz`], ['Network 1', 'base']], /not 0x and 40 hex digits/],
    ['Address 1', [['Address 1', 'cosmos1 abc'], ['Network 1', 'cosmos']], /no spaces/],
  ] as const)('%s: refused next to the field and never looked up', async (label, fills, message) => {
    const user = userEvent.setup()
    render()
    const form = within(screen.getByRole('form', { name: 'Wallets' }))
    for (const [name, value] of fills) await user.type(form.getByLabelText(name), value)
    await user.click(form.getByRole('button', { name: 'Look up positions' }))
    expectFieldProblem(form.getByLabelText(label), message)
    expect(callsOf('yieldGetAggregateBalances')).toEqual([])
  })

  it('keeps pasted lines it cannot read in the paste box, saying why', async () => {
    const user = userEvent.setup()
    render()
    await user.click(screen.getByText(/paste/i, { selector: 'summary' }))
    const box = screen.getByLabelText('One per line: address,network[,yieldId]')
    await user.type(box, `${A},base,one-market,extra{enter}${A}`)
    await user.click(screen.getByRole('button', { name: 'Add these wallets' }))
    expect(box).toHaveAttribute('aria-invalid', 'true')
    expect(box.parentElement).toHaveTextContent(/Too many fields/)
    expect(box.parentElement).toHaveTextContent(/Enter the network/)
    expect(callsOf('yieldGetAggregateBalances')).toEqual([])
  })
})
