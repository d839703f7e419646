import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { DataProvider } from '../../data/DataProvider'
import { expectFieldProblem } from '../../testing/fields'
import { AddWatchForm } from './AddWatchForm'
import { fakeCall } from './testing/fakeMain'
import { resetWatchWorld } from './testing/world'

vi.mock('../../data/call', async () => ({ call: (await import('./testing/fakeMain')).fakeCall }))
vi.mock('../../bridge', async () => ({ bridge: (await import('./testing/fakeMain')).fakeBridge }))

beforeEach(() => resetWatchWorld('host'))

describe('adding a watch refuses an empty id', () => {
  it.each([
    ['nothing', ''],
    ['only blanks', '   '],
  ])('%s: refused next to the field and never watched', async (_what, value) => {
    const user = userEvent.setup()
    render(<AddWatchForm />, { wrapper: DataProvider })
    const field = screen.getByLabelText('Add by intent id')
    if (value) await user.type(field, value)
    await user.click(screen.getByRole('button', { name: 'Watch' }))
    expectFieldProblem(field, 'Enter an intent id')
    expect(fakeCall.mock.calls.filter(([method]) => method === 'watchIntent')).toEqual([])
  })
})

describe('adding a watch refuses a malformed id without asking the service', () => {
  it.each([
    ['words', 'hello world'],
    ['too short', '0x1234'],
    ['not hex', `0x${'g'.repeat(64)}`],
    ['no 0x', 'ab'.repeat(32)],
  ])('%s: refused next to the field', async (_what, value) => {
    const user = userEvent.setup()
    render(<AddWatchForm />, { wrapper: DataProvider })
    const field = screen.getByLabelText('Add by intent id')
    await user.type(field, value)
    await user.click(screen.getByRole('button', { name: 'Watch' }))
    expectFieldProblem(field, 'An intent id is 0x followed by 64 hex digits.')
    expect(fakeCall.mock.calls.filter(([method]) => method === 'getIntent' || method === 'watchIntent')).toEqual([])
  })
})
