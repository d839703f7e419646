import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ID, PROFILE, fakeCall, main, watchState } from './testing/fakeMain'
import { resetWatchWorld } from './testing/world'
import { useWatches } from './store'

vi.mock('../../data/call', async () => ({ call: (await import('./testing/fakeMain')).fakeCall }))

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

  it('keeps what its own actions did over a list asked for before they were answered', async () => {
    main.watches.set(ID(1), watchState(1))
    const s = useWatches.getState()
    await s.refresh()
    const answer = fakeCall.getMockImplementation()!
    /** The next list is asked for now and answered once `letGo` runs, read before or after waiting. */
    const slowList = (read: 'when asked' | 'when answered') => {
      let letGo = () => {}
      const held = new Promise<void>((resolve) => (letGo = resolve))
      fakeCall.mockImplementationOnce(async (...args) => {
        const early = read === 'when asked' ? await answer(...args) : undefined
        await held
        return early ?? answer(...args)
      })
      return { done: s.refresh(), letGo }
    }

    // Read before an add and a remove: it lacks the one and still has the other.
    const stale = slowList('when asked')
    expect(await s.add(ID(2))).toBeNull()
    expect(await s.remove(ID(1))).toBeNull()
    stale.letGo()
    await stale.done
    expect(Object.keys(useWatches.getState().byId)).toEqual([ID(2)])

    // Asked before a mute was answered, read after a receipt came: both are kept.
    const later = slowList('when answered')
    expect(await s.setMuted(ID(2), true)).toBeNull()
    main.watches.set(ID(2), { ...main.watches.get(ID(2))!, muted: false, status: 'EXECUTING', lastUpdateAt: Date.now() })
    later.letGo()
    await later.done
    expect(useWatches.getState().byId[ID(2)]).toMatchObject({ status: 'EXECUTING', muted: true })

    // A list asked for after the actions is believed as it is.
    main.watches.delete(ID(2))
    await s.refresh()
    expect(Object.keys(useWatches.getState().byId)).toEqual([])
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
