import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { QueryWatchState } from '@contract/queryWatch'
import { answers, callsOf, failure, PROFILE } from '../../testing/bridge'
import { renderAt, resetWorld } from '../../testing/harness'
import { EMPTY_DRAFT } from './filters'
import { WatchFilterButton } from './WatchFilterButton'

vi.mock('../../data/call', async () => ({ call: (await import('../../testing/bridge')).fakeCall }))
vi.mock('../../bridge', () => ({ bridge: { subscribe: () => () => {} } }))

const query = (over: Partial<QueryWatchState>): QueryWatchState => ({
  id: 'q1',
  revision: 1,
  profileId: PROFILE,
  name: 'x',
  query: {},
  intervalMs: 60_000,
  addedAt: 1,
  phase: 'waiting',
  seenCount: 0,
  baselined: false,
  findings: [],
  unread: 0,
  ...over,
})

beforeEach(() => resetWorld())

describe('Watch this filter', () => {
  it('saves the applied filters with a name, their History link and the chosen rate', async () => {
    answers.set('addQueryWatch', (a: { name: string }) => ({ ok: true, value: query({ name: a.name, id: 'q9' }) }))
    const applied = { ...EMPTY_DRAFT, owner: `0x${'ab'.repeat(20)}`, statuses: ['FAILED' as const] }
    renderAt('/history', [{ path: '/history', element: <WatchFilterButton applied={applied} /> }])
    await userEvent.selectOptions(screen.getByLabelText('Poll every'), '5 min')
    await userEvent.click(screen.getByRole('button', { name: 'Watch this filter' }))
    expect(callsOf('addQueryWatch')).toEqual([
      {
        name: 'owner 0xabab…abab · FAILED',
        query: { byOwnerAddress: `0x${'ab'.repeat(20)}`, byStatuses: ['FAILED'] },
        historyParams: `owner=0x${'ab'.repeat(20)}&status=FAILED`,
        intervalMs: 300_000,
      },
    ])
    expect(await screen.findByRole('link', { name: 'see watched filters' })).toHaveAttribute('href', '/watch/queries?focus=q9')
  })

  it('shows why a filter was refused, and cannot save invalid filters', async () => {
    answers.set('addQueryWatch', () => failure('InvalidArgument', 'The app already watches 20 filters'))
    const { unmount } = renderAt('/history', [{ path: '/history', element: <WatchFilterButton applied={EMPTY_DRAFT} /> }])
    await userEvent.click(screen.getByRole('button', { name: 'Watch this filter' }))
    expect(await screen.findByRole('status')).toHaveTextContent('The app already watches 20 filters')
    unmount()
    renderAt('/history', [{ path: '/history', element: <WatchFilterButton applied={{ ...EMPTY_DRAFT, owner: '0x12' }} /> }])
    expect(screen.getByRole('button', { name: 'Watch this filter' })).toBeDisabled()
  })
})
