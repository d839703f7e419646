import { beforeEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import type { SvcError } from '@contract/errors'
import { cacheHistoryFiled } from '../../db/testing'
import { useCacheStatus } from '../../stores/cache'
import { answers, okFetched, source } from '../../testing/bridge'
import { renderAt, resetWorld } from '../../testing/harness'
import { AttentionView } from './AttentionView'

vi.mock('../../data/call', async () => ({ call: (await import('../../testing/bridge')).fakeCall }))
vi.mock('../../bridge', () => ({ bridge: { subscribe: () => () => {} } }))

/**
 * The queue's age is the one age line of every view (`ShownAge`): when the service
 * answered, or for a cached queue the fetch time from the service, never the cache read.
 * The status line beside it gives no second, differently worded time.
 */
const executing = { intentId: `0x${'1'.repeat(64)}`, status: 'EXECUTING' as const, createdAt: new Date(Date.now() - 3_600_000).toISOString() }
const REJECTED: SvcError = { kind: 'Unauthorized', message: 'access key rejected', operation: 'GetIntentHistory' }
const render = () => renderAt('/attention', [{ path: '/attention', element: <AttentionView /> }])
const queueStatus = () => screen.getByRole('status', { name: 'Queue status' })

beforeEach(() => resetWorld())

describe('AttentionView data age', () => {
  it('online, names the queue’s calls and when the service answered', async () => {
    answers.set('getIntentHistory', () => okFetched({ intents: [executing], page: {} }))
    render()
    expect(await screen.findByTestId('data-age')).toHaveTextContent(/^The queue from the service \(its three GetIntentHistory questions\), fetched just now, at \d{4}-\d\d-\d\d /)
    expect(screen.queryByTestId('cached-notice')).toBeNull()
    expect(queueStatus()).toHaveTextContent(/^\d+ of \d+ intents shown, refreshed every 60 s\. SLA baselines/)
  })

  it('with Work offline ticked, gives the cached queue’s fetch time in the cached-data notice', async () => {
    await cacheHistoryFiled(source(Date.now() - 6 * 60_000), [executing])
    useCacheStatus.setState({ forcedOffline: true })
    render()
    expect(await screen.findByTestId('cached-notice')).toHaveTextContent(/^Working offline — cached data, fetched 6 min ago, at /)
    expect(screen.queryByTestId('data-age')).toBeNull()
    expect(queueStatus()).toHaveTextContent(/^\d+ of \d+ intents shown, refreshed every 60 s\. SLA baselines/)
  })

  it('when the service call fails, names it beside the cached queue and its fetch time', async () => {
    await cacheHistoryFiled(source(Date.now() - 4 * 60_000), [executing])
    answers.set('getIntentHistory', () => ({ ok: false, error: REJECTED }))
    render()
    expect(await screen.findByTestId('cached-notice')).toHaveTextContent(/^GetIntentHistory failed — cached data, fetched 4 min ago, at /)
    expect(screen.getAllByRole('alert').filter((a) => a.textContent?.includes('access key rejected'))).toHaveLength(1)
  })
})
