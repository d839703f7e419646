import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, within } from '@testing-library/react'
import type { Intent } from '@contract/service'
import { renderAt, resetWorld } from '../../../testing/harness'
import { ExecutionCard } from './ExecutionCard'

vi.mock('../../../data/call', async () => ({ call: (await import('../../../testing/bridge')).fakeCall }))
vi.mock('../../../bridge', () => ({ bridge: { subscribe: () => () => {} } }))

const TO = '0x2222222222222222222222222222222222222222'
const intent = {
  intentId: `0x${'cd'.repeat(32)}`,
  originCalls: {
    chainId: 1,
    calls: [
      { to: TO, value: '0', data: '0xabcdef', gasLimit: '250000', delegateCall: true, onlyFallback: false, behaviorOnError: 2 },
      { to: TO, data: '0x' },
    ],
  },
} as Intent

describe('ExecutionCard', () => {
  beforeEach(resetWorld)
  afterEach(cleanup)

  it('lists each call of a batch in order with every field, and says when a side sent none', () => {
    renderAt('/', [{ path: '/', element: <ExecutionCard intent={intent} /> }])
    const table = screen.getByRole('table', { name: 'Origin calls' })
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['#', 'To', 'Value', 'Data', 'Gas limit', 'Delegate', 'Only fallback', 'On error'])
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(2)
    const first = within(rows[0]).getAllByRole('cell').map((c) => c.textContent)
    expect(first[0]).toBe('1')
    expect(first[4]).toBe('250,000')
    expect(first.slice(5)).toEqual(['Yes', 'No', '2'])
    expect(within(rows[1]).getAllByRole('cell').map((c) => c.textContent).slice(4)).toEqual(['—', '—', '—', '—'])
    expect(within(screen.getByRole('group', { name: 'Destination' })).getAllByText('Not sent by the service.')).toHaveLength(3)
  })
})
