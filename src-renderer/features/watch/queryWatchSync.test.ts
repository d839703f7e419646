import { act, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { BridgeEvent } from '@contract/bridge'
import type { QueryWatchState } from '@contract/queryWatch'
import { answers, callsOf, emitBridgeEvent, PROFILE } from '../../testing/bridge'
import { resetWorld } from '../../testing/harness'
import { useConnection } from '../../stores/connection'
import { createQueryClient } from '../../data/client'
import { followMainLists, listKey, type Mirror } from '../../data/mainList'
import { readMainList } from '../../data/useMainList'
import { startWatchSync } from './sync'

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
  revision: 1,
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

let stop: Array<() => void> = []
let client = createQueryClient()
const queries = () => client.getQueryData<Mirror<'queryWatches'>>(listKey('queryWatches', PROFILE))?.items ?? []
const listOf = (revision: number, q: QueryWatchState) => ({ kind: 'queryWatches' as const, revision, items: [q], count: 1, max: 20, minIntervalMs: 30_000 })

beforeEach(async () => {
  stop.forEach((s) => s())
  resetWorld()
  client = createQueryClient()
  shown.length = 0
  vi.stubGlobal('Notification', RecordingNotification)
  answers.set('listQueryWatches', () => ({ ok: true, value: { kind: 'queryWatches', revision: 0, items: [query()], count: 1, max: 20, minIntervalMs: 30_000 } }))
  stop = [followMainLists(client), startWatchSync()]
  await client.fetchQuery({ queryKey: listKey('queryWatches', PROFILE), queryFn: () => readMainList(client, 'queryWatches', PROFILE) })
})

afterEach(() => vi.unstubAllGlobals())

describe('watched queries sync', () => {
  it('loads the list, follows events, and notifies in the browser host only when main says so', async () => {
    expect(queries()).toHaveLength(1)
    emit({ type: 'list:changed', kind: 'queryWatches', revision: 0, items: [query({ revision: 2, findings: [found], unread: 1 })], fresh: [found], notify: false })
    expect(queries()[0].unread).toBe(1)
    expect(shown).toEqual([])
    emit({ type: 'list:changed', kind: 'queryWatches', revision: 0, items: [query({ findings: [found], unread: 1 })], fresh: [found], notify: true })
    expect(shown).toEqual([{ title: 'FAILED: 1 new', body: '0x555555…5555 is new (FAILED)' }])
    // Another profile's query is not shown here.
    emit({ type: 'list:changed', kind: 'queryWatches', revision: 0, items: [query({ id: 'q2', profileId: 'other' })], fresh: [], notify: false })
    expect(queries().map((q) => q.id)).toEqual(['q1'])
  })

  it('keeps the later of an event and a list that crossed it', async () => {
    emit({ type: 'list:changed', kind: 'queryWatches', revision: 0, items: [query({ revision: 5, findings: [found], unread: 1 })], fresh: [found], notify: false })
    // A list computed before that poll ended arrives after its event.
    emit({ type: 'list:changed', kind: 'queryWatches', profileId: PROFILE, revision: 0, items: [], list: listOf(3, query({ revision: 3 })) })
    expect(queries()[0]).toMatchObject({ revision: 5, unread: 1 })
    emit({ type: 'list:changed', kind: 'queryWatches', revision: 0, items: [query({ revision: 4 })], fresh: [], notify: false })
    expect(queries()[0].revision).toBe(5)
    emit({ type: 'list:changed', kind: 'queryWatches', profileId: PROFILE, revision: 0, items: [], list: listOf(6, query({ revision: 6 })) })
    expect(queries()[0]).toMatchObject({ revision: 6, unread: 0 })
  })

  it('a list read before a removal does not bring the query back; a later one without it is believed', async () => {
    answers.set('removeQueryWatch', () => ({ ok: true, value: { removed: true, revision: 8 } }))
    const { queryWatchActions } = await import('../../data/queryWatches')
    await queryWatchActions(client).remove('q1')
    expect(queries()).toEqual([])
    emit({ type: 'list:changed', kind: 'queryWatches', profileId: PROFILE, revision: 0, items: [], list: listOf(7, query({ revision: 2 })) })
    expect(queries()).toEqual([])
    emit({ type: 'list:changed', kind: 'queryWatches', profileId: PROFILE, revision: 0, items: [], list: { ...listOf(9, query()), items: [], count: 0 } })
    expect(client.getQueryData<Mirror<'queryWatches'>>(listKey('queryWatches', PROFILE))).toMatchObject({ items: [], removed: {}, count: 0 })
  })

  it('opens a clicked notice’s query, switching to its profile first', async () => {
    const info = useConnection.getState().info!
    answers.set('setActiveProfile', () => ({ ok: true, value: { ...info, activeProfileId: 'other' } }))
    emit({ type: 'list:open', kind: 'queryWatches', profileId: 'other', id: 'q7' })
    await waitFor(() => expect(location.hash).toBe('#/watch/queries?focus=q7'))
    expect(callsOf('setActiveProfile')).toEqual([{ id: 'other' }])
    expect(useConnection.getState().info?.activeProfileId).toBe('other')
  })
})
