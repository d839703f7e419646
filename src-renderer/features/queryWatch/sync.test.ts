import { act, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { BridgeEvent } from '@contract/bridge'
import type { QueryWatchState } from '@contract/queryWatch'
import { answers, callsOf, emitBridgeEvent, PROFILE } from '../../testing/bridge'
import { resetWorld } from '../../testing/harness'
import { useConnection } from '../../stores/connection'
import { useQueryWatches } from './store'
import { startQueryWatchSync } from './sync'

vi.mock('../../data/call', async () => ({ call: (await import('../../testing/bridge')).fakeCall }))
vi.mock('../../bridge', async () => ({ bridge: (await import('../../testing/bridge')).fakeEventBridge }))
const emit = (e: BridgeEvent) => act(() => emitBridgeEvent(e))

const shown: Array<{ title: string; body?: string }> = []
class RecordingNotification {
  static permission = 'granted'
  onclick: (() => void) | null = null
  constructor(title: string, options?: NotificationOptions) {
    shown.push({ title, body: options?.body })
  }
  close() {}
}

const query = (over: Partial<QueryWatchState> = {}): QueryWatchState => ({
  id: 'q1',
  rev: 1,
  profileId: PROFILE,
  name: 'FAILED',
  query: { byStatuses: ['FAILED'] },
  intervalMs: 60_000,
  addedAt: 1,
  phase: 'waiting',
  seenCount: 1,
  baselined: true,
  findings: [],
  unread: 0,
  ...over,
})
const found = { kind: 'new' as const, intentId: `0x${'5'.repeat(64)}`, status: 'FAILED', foundAt: 2, unread: true }

let stop = () => {}
beforeEach(() => {
  stop()
  resetWorld()
  shown.length = 0
  vi.stubGlobal('Notification', RecordingNotification)
  answers.set('listQueryWatches', () => ({ ok: true, value: { queries: [query()], count: 1, max: 20, minIntervalMs: 30_000 } }))
  useQueryWatches.setState({ queries: [], status: 'idle', profileId: null, error: null })
  stop = startQueryWatchSync()
})

afterEach(() => vi.unstubAllGlobals())

describe('watched queries sync', () => {
  it('loads the list, follows events, and notifies in the browser host only when main says so', async () => {
    await waitFor(() => expect(useQueryWatches.getState().queries).toHaveLength(1))
    emit({ type: 'queryWatch:changed', query: query({ findings: [found], unread: 1 }), fresh: [found], notify: false })
    expect(useQueryWatches.getState().queries[0].unread).toBe(1)
    expect(shown).toEqual([])
    emit({ type: 'queryWatch:changed', query: query({ findings: [found], unread: 1 }), fresh: [found], notify: true })
    expect(shown).toEqual([{ title: 'FAILED: 1 new', body: '0x555555…5555 is new (FAILED)' }])
    // Another profile's query is not shown here.
    emit({ type: 'queryWatch:changed', query: query({ id: 'q2', profileId: 'other' }), fresh: [], notify: false })
    expect(useQueryWatches.getState().queries.map((q) => q.id)).toEqual(['q1'])
  })

  it('keeps the later of an event and a list that crossed it', async () => {
    await waitFor(() => expect(useQueryWatches.getState().queries).toHaveLength(1))
    emit({ type: 'queryWatch:changed', query: query({ rev: 5, findings: [found], unread: 1 }), fresh: [found], notify: false })
    // A list computed before that poll ended arrives after its event.
    useQueryWatches.getState().applyList({ queries: [query({ rev: 3 })], count: 1, max: 20, minIntervalMs: 30_000 }, PROFILE)
    expect(useQueryWatches.getState().queries[0]).toMatchObject({ rev: 5, unread: 1 })
    useQueryWatches.getState().applyQuery(query({ rev: 4 }))
    expect(useQueryWatches.getState().queries[0].rev).toBe(5)
    useQueryWatches.getState().applyList({ queries: [query({ rev: 6 })], count: 1, max: 20, minIntervalMs: 30_000 }, PROFILE)
    expect(useQueryWatches.getState().queries[0]).toMatchObject({ rev: 6, unread: 0 })
  })

  it('opens a clicked notice’s query, switching to its profile first', async () => {
    const info = useConnection.getState().info!
    answers.set('setActiveProfile', () => ({ ok: true, value: { ...info, activeProfileId: 'other' } }))
    emit({ type: 'queryWatch:open', profileId: 'other', queryId: 'q7' })
    await waitFor(() => expect(location.hash).toBe('#/watch/queries?focus=q7'))
    expect(callsOf('setActiveProfile')).toEqual([{ id: 'other' }])
    expect(useConnection.getState().info?.activeProfileId).toBe('other')
  })
})
