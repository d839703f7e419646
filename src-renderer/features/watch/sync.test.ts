import { waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DataSource } from '@contract/app'
import type { BridgeEvent } from '@contract/bridge'
import type { WatchNotice, WatchState } from '@contract/watch'
import { listWatchMirror, readReceipt, readTransitions } from '../../db'
import { fakeReceipt } from '../../db/testing'
import { useConnection } from '../../stores/connection'
import { ID, PROFILE, emit, main, watchState } from './testing/fakeMain'
import { createQueryClient } from '../../data/client'
import { followMainLists, listKey, type Mirror } from '../../data/mainList'
import { readMainList } from '../../data/useMainList'
import { followWatchCache } from '../../data/watches'
import { startWatchSync } from './sync'
import { fakeNotifications, resetWatchWorld } from './testing/world'

vi.mock('../../data/call', async () => ({ call: (await import('./testing/fakeMain')).fakeCall }))
vi.mock('../../bridge', async () => ({ bridge: (await import('./testing/fakeMain')).fakeBridge }))

const source = (fetchedAt: number, profileId = PROFILE): DataSource => ({ profileId, baseUrl: 'http://sim', simulated: true, fetchedAt })
const T = Date.UTC(2026, 10, 20, 10, 2, 11)

/** Main's event for a watch's new state, its receipt read at `read`. */
const changed = (watch: WatchState, read: DataSource, notice?: WatchNotice): BridgeEvent => ({
  type: 'list:changed',
  kind: 'watches',
  profileId: watch.profileId,
  revision: watch.revision,
  items: [{ ...watch, receiptSource: read }],
  ...(notice && { notice }),
})

function progress(n: number, status: 'EXECUTING' | 'SUCCEEDED' | 'FAILED', at: number, over: Partial<WatchState> = {}): WatchState {
  const done = status !== 'EXECUTING'
  return watchState(n, {
    status,
    phase: done ? 'done' : 'polling',
    outcome: done ? status : undefined,
    receipt: fakeReceipt(n, { status, pending: !done }),
    lastUpdateAt: at,
    lastChangeAt: at,
    ...over,
  })
}

let stop: Array<() => void> = []
let client = createQueryClient()
beforeEach(() => {
  resetWatchWorld('host')
  client = createQueryClient()
})
afterEach(() => {
  stop.forEach((s) => s())
  stop = []
  vi.unstubAllGlobals()
})

/** Reads a profile's list as a view showing it would. */
const read = (profileId = PROFILE) => client.fetchQuery({ queryKey: listKey('watches', profileId), queryFn: () => readMainList(client, 'watches', profileId), staleTime: 0 })
const byId = () => Object.fromEntries((client.getQueryData<Mirror<'watches'>>(listKey('watches', PROFILE))?.items ?? []).map((w) => [w.intentId, w]))

async function started(...watches: WatchState[]) {
  for (const w of watches) main.watches.set(w.intentId, w)
  stop = [followMainLists(client), followWatchCache(client), startWatchSync()]
  await read()
}

describe('watch sync', () => {
  it('writes every received receipt through to the cache, so the intent view can list the statuses seen', async () => {
    await started(watchState(1))
    emit(changed(progress(1, 'EXECUTING', T), source(T)))
    emit(changed(progress(1, 'SUCCEEDED', T + 89_000), source(T + 89_000)))
    await waitFor(async () =>
      expect(await readTransitions(PROFILE, ID(1))).toEqual([
        { status: 'EXECUTING', seenAt: T },
        { status: 'SUCCEEDED', seenAt: T + 89_000 },
      ]),
    )
    expect((await readReceipt(PROFILE, ID(1)))?.receipt.status).toBe('SUCCEEDED')
    expect(byId()[ID(1)].outcome).toBe('SUCCEEDED')
  })

  it('caches receipts of other profiles’ watches under their own profile without showing them', async () => {
    await started(watchState(1))
    emit(changed(progress(1, 'EXECUTING', T, { profileId: 'other' }), source(T, 'other')))
    await waitFor(async () => expect(await readTransitions('other', ID(1))).toHaveLength(1))
    expect(await readTransitions(PROFILE, ID(1))).toEqual([])
    expect(byId()[ID(1)].status).toBeUndefined()
  })

  it('caches the receipts main received while no window was open, with the time each was read', async () => {
    await started(progress(1, 'EXECUTING', T, { receiptSource: source(T) }), progress(2, 'EXECUTING', T))
    await waitFor(async () => expect((await readReceipt(PROFILE, ID(1)))?.fetchedAt).toBe(T))
    expect((await readReceipt(PROFILE, ID(1)))?.receipt.status).toBe('EXECUTING')
    // Without its source a receipt's age is unknown, so it is left to the next event.
    expect(await readReceipt(PROFILE, ID(2))).toBeUndefined()
  })

  it('never caches a trimmed receipt (main’s summary of one too large to keep), from a list or an event', async () => {
    await started(progress(1, 'EXECUTING', T, { receiptSource: source(T), receiptTrimmed: true }), watchState(2))
    emit(changed(progress(2, 'FAILED', T, { receiptTrimmed: true }), source(T)))
    emit(changed(progress(3, 'EXECUTING', T), source(T)))
    // The untrimmed one is cached; by then the other two would have been too.
    await waitFor(async () => expect(await readReceipt(PROFILE, ID(3))).toBeDefined())
    expect(await readReceipt(PROFILE, ID(1))).toBeUndefined()
    expect(await readReceipt(PROFILE, ID(2))).toBeUndefined()
    // The board still shows where each is.
    expect(byId()[ID(2)].outcome).toBe('FAILED')
  })

  it('mirrors the list in the cache after each load, dropping removed watches', async () => {
    await started(watchState(1), watchState(2))
    await waitFor(async () => expect((await listWatchMirror(PROFILE)).map((m) => m.intentId).sort()).toEqual([ID(1), ID(2)]))
    main.watches.delete(ID(1))
    emit({ type: 'list:changed', kind: 'watches', profileId: PROFILE, revision: main.revision, items: [], brief: true, list: { kind: 'watches', items: [], notificationsMuted: false, paused: false, revision: main.revision } })
    await waitFor(async () => expect((await listWatchMirror(PROFILE)).map((m) => m.intentId)).toEqual([ID(2)]))
  })

  it('mirrors a list read for another profile under that profile', async () => {
    await started(watchState(1))
    main.watches.set(ID(2), watchState(2, { profileId: 'other' }))
    await read('other')
    await waitFor(async () => expect((await listWatchMirror('other')).map((m) => m.intentId).sort()).toEqual([ID(1), ID(2)]))
  })

  it('shows the notice main decided on, in the browser host, and opens the intent on click', async () => {
    const { shown } = fakeNotifications()
    vi.spyOn(window, 'focus').mockImplementation(() => {})
    await started(progress(1, 'EXECUTING', T), progress(2, 'EXECUTING', T, { muted: true }))
    const notice = { profileId: PROFILE, intentId: ID(1), outcome: 'FAILED' as const, title: 'Intent failed', body: 'slippage tolerance exceeded' }
    emit(changed(progress(1, 'FAILED', T + 5_000, { failureReason: 'slippage tolerance exceeded' }), source(T + 5_000), notice))
    // Muted: main sends no notice, and the page makes none up.
    emit(changed(progress(2, 'SUCCEEDED', T + 5_000, { muted: true }), source(T + 5_000)))
    expect(shown).toHaveLength(1)
    expect(shown[0]).toMatchObject({ title: 'Intent failed', body: 'slippage tolerance exceeded' })
    shown[0].onclick!()
    await waitFor(() => expect(location.hash).toBe(`#/intent/${ID(1)}`))
  })

  it('shows no notice from the page in the desktop app, where main shows it', async () => {
    const { shown } = fakeNotifications()
    useConnection.setState({ info: { ...useConnection.getState().info!, runtime: 'electron' } })
    await started(progress(2, 'EXECUTING', T))
    const notice = { profileId: PROFILE, intentId: ID(2), outcome: 'SUCCEEDED' as const, title: 'Intent succeeded', body: 'done' }
    emit(changed(progress(2, 'SUCCEEDED', T), source(T), notice))
    expect(shown).toHaveLength(0)
    expect(byId()[ID(2)].outcome).toBe('SUCCEEDED')
  })

  it('opens the intent a desktop notification was clicked for, switching profile when needed', async () => {
    await started()
    emit({ type: 'list:open', kind: 'watches', profileId: 'other', id: ID(7) })
    await waitFor(() => expect(location.hash).toBe(`#/intent/${ID(7)}`))
    expect(useConnection.getState().info?.activeProfileId).toBe('other')
  })
})
