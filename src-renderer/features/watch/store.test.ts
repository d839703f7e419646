import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ID, PROFILE, fakeCall, main, watchState } from './fake-main'
import { resetWatchWorld } from './test-harness'
import { useWatches } from './store'

vi.mock('../../lib/call', async () => ({ call: (await import('./fake-main')).fakeCall }))

describe('useWatches', () => {
  beforeEach(() => resetWatchWorld())

  it('loads the list, and remembers which profile it belongs to', async () => {
    main.watches.set(ID(1), watchState(1))
    main.notificationsMuted = true
    await useWatches.getState().refresh()
    const s = useWatches.getState()
    expect(Object.keys(s.byId)).toEqual([ID(1)])
    expect(s).toMatchObject({ status: 'ready', notificationsMuted: true, profileId: PROFILE })
  })

  it('coalesces a burst of refreshes into one call in flight and one after', async () => {
    const r = useWatches.getState()
    await Promise.all([r.refresh(), r.refresh(), r.refresh(), r.refresh()])
    expect(fakeCall.mock.calls.filter((c) => c[0] === 'listWatches')).toHaveLength(2)
  })

  it('keeps a receipt that arrived by event over an older copy in a list answer', () => {
    const s = useWatches.getState()
    s.applyList({ watches: [watchState(1, { status: 'EXECUTING', lastUpdateAt: 100 })], notificationsMuted: false }, PROFILE)
    s.applyWatch(watchState(1, { status: 'SUCCEEDED', lastUpdateAt: 200 }))
    s.applyList({ watches: [watchState(1, { status: 'EXECUTING', lastUpdateAt: 100 })], notificationsMuted: false }, PROFILE)
    expect(useWatches.getState().byId[ID(1)].status).toBe('SUCCEEDED')
    // A retry notice carries no new answer but must still show.
    s.applyWatch(watchState(1, { status: 'SUCCEEDED', lastUpdateAt: 200, phase: 'retrying' }))
    expect(useWatches.getState().byId[ID(1)].phase).toBe('retrying')
  })

  it('ignores events for watches it does not show (another profile, or not watched)', () => {
    const s = useWatches.getState()
    s.applyList({ watches: [watchState(1)], notificationsMuted: false }, PROFILE)
    s.applyWatch(watchState(1, { profileId: 'other', status: 'FAILED', lastUpdateAt: Date.now() }))
    s.applyWatch(watchState(2, { status: 'FAILED' }))
    expect(useWatches.getState().byId[ID(1)].status).toBeUndefined()
    expect(useWatches.getState().byId[ID(2)]).toBeUndefined()
  })

  it('adds, mutes and removes through the bridge, and reports failures', async () => {
    const s = useWatches.getState()
    expect(await s.add(ID(3))).toBeNull()
    expect(useWatches.getState().byId[ID(3)].phase).toBe('queued')
    expect(await s.setMuted(ID(3), true)).toBeNull()
    expect(useWatches.getState().byId[ID(3)].muted).toBe(true)
    expect(await s.remove(ID(3))).toBeNull()
    expect(useWatches.getState().byId[ID(3)]).toBeUndefined()

    main.failNext = { kind: 'Network', message: 'Lost contact with the app host.' }
    expect(await s.add(ID(4))).toMatchObject({ kind: 'Network' })
    expect(useWatches.getState().error?.message).toBe('Lost contact with the app host.')
  })
})
