import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { BridgeEvent } from '@contract/bridge'
import type { QueryWatchList, QueryWatchState } from '@contract/queryWatch'
import { answers, callsOf, emitBridgeEvent, PROFILE } from '../../testing/bridge'
import { renderAt, resetWorld } from '../../testing/harness'
import { QueryWatchView } from './QueryWatchView'

vi.mock('../../data/call', async () => ({ call: (await import('../../testing/bridge')).fakeCall }))
vi.mock('../../bridge', async () => ({ bridge: (await import('../../testing/bridge')).fakeEventBridge }))
const emit = (e: BridgeEvent) => act(() => emitBridgeEvent(e))

const ID = `0x${'7'.repeat(64)}`
const query = (over: Partial<QueryWatchState> = {}): QueryWatchState => ({
  id: 'q1',
  revision: 1,
  profileId: PROFILE,
  name: 'FAILED · project 42',
  query: { byProjectId: 42, byStatuses: ['FAILED'] },
  historyParams: 'project=42&status=FAILED',
  intervalMs: 60_000,
  addedAt: Date.now() - 120_000,
  phase: 'waiting',
  lastPollAt: Date.now() - 10_000,
  nextPollAt: Date.now() + 50_000,
  lastCount: 12,
  seenCount: 12,
  baselined: true,
  findings: [],
  unread: 0,
  ...over,
})
const listOf = (queries: QueryWatchState[]): QueryWatchList => ({ kind: 'queryWatches', revision: 0, items: queries, count: queries.length, max: 20, minIntervalMs: 30_000 })

beforeEach(() => {
  resetWorld()
})

const renderView = () => renderAt('/watch/queries', [{ path: '/watch/queries', element: <QueryWatchView /> }])

describe('Watched filters view', () => {
  it('says how to watch a filter when there is none, with the limits', async () => {
    answers.set('listQueryWatches', () => ({ ok: true, value: listOf([]) }))
    renderView()
    expect(await screen.findByText('No filters watched')).toBeInTheDocument()
    expect(screen.getByLabelText('Watched filter limits')).toHaveTextContent('0 of 20 watched filters (all profiles) · each polled at most every 30 s')
  })

  it('shows each query’s schedule, error and findings, follows events, and drives its controls', async () => {
    answers.set('listQueryWatches', () => ({ ok: true, value: listOf([query({ error: { kind: 'RateLimited', message: 'Slow down' }, phase: 'retrying' })]) }))
    answers.set('setQueryWatchPaused', (a: { paused: boolean }) => ({ ok: true, value: query({ revision: 4, phase: a.paused ? 'paused' : 'waiting', nextPollAt: undefined }) }))
    renderView()
    const card = await screen.findByRole('article', { name: /FAILED · project 42/ })
    expect(within(card).getByText('1 min')).toBeInTheDocument()
    expect(within(card).getByText(/^Retrying in/)).toBeInTheDocument()
    expect(within(card).getByText('Slow down')).toBeInTheDocument()
    expect(within(card).getByRole('link', { name: 'Open in History' })).toHaveAttribute('href', '/history?project=42&status=FAILED')

    const found = { kind: 'new' as const, intentId: ID, status: 'FAILED', foundAt: Date.now(), unread: true }
    emit({ type: 'list:changed', kind: 'queryWatches', revision: 0, items: [query({ revision: 2, findings: [found], unread: 1 })], fresh: [found], notify: true })
    const list = await within(card).findByRole('list', { name: /Found by/ })
    expect(within(list).getByRole('link')).toHaveAttribute('href', `/intent/${ID}`)
    expect(within(list).getByText('New')).toBeInTheDocument()
    expect(within(card).getByRole('button', { name: /Mark what/ })).toHaveTextContent('Mark seen (1)')

    const left = { kind: 'left' as const, intentId: `0x${'8'.repeat(64)}`, previousStatus: 'FAILED', foundAt: Date.now(), unread: true }
    emit({ type: 'list:changed', kind: 'queryWatches', revision: 0, items: [query({ revision: 3, findings: [left, found], unread: 2 })], fresh: [left], notify: true })
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2))
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent(/No longer matches.*was FAILED/)

    await userEvent.click(within(card).getByRole('button', { name: 'Pause “FAILED · project 42”' }))
    expect(callsOf('setQueryWatchPaused')).toEqual([{ id: 'q1', paused: true }])
    await waitFor(() => expect(within(card).getByText('Paused')).toBeInTheDocument())
    expect(within(card).getByRole('button', { name: /Poll .* now/ })).toBeDisabled()
  })
})
