import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { WatchState } from '@contract/watch'
import { ID, PROFILE, fakeCall, main, watchState } from './testing/fakeMain'
import { resetWatchWorld } from './testing/world'
import { useWatches } from './store'

vi.mock('../../data/call', async () => ({ call: (await import('./testing/fakeMain')).fakeCall }))

const listOf = (revision: number, ...watches: WatchState[]) => ({ watches, notificationsMuted: false, paused: false, revision })

/** The next list is asked for now and answered, as it was when asked, once `letGo` runs. */
function slowList() {
  const answer = fakeCall.getMockImplementation()!
  let letGo = () => {}
  const held = new Promise<void>((resolve) => (letGo = resolve))
  fakeCall.mockImplementationOnce(async (...args) => {
    const early = await answer(...args)
    await held
    return early
  })
  return { done: useWatches.getState().refresh(), letGo }
}

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

  it('keeps the newest revision: an older event or list delivered later does not roll a watch back', () => {
    const s = useWatches.getState()
    s.applyList(listOf(10, watchState(1, { status: 'EXECUTING', revision: 10 })), PROFILE)
    expect(s.applyWatch(watchState(1, { status: 'SUCCEEDED', phase: 'done', outcome: 'SUCCEEDED', revision: 12 }))).toBe(true)
    // Out of order: an event stamped before the one above, then a list read before it.
    expect(s.applyWatch(watchState(1, { status: 'EXECUTING', phase: 'retrying', revision: 11 }))).toBe(false)
    s.applyList(listOf(11, watchState(1, { status: 'EXECUTING', revision: 11 })), PROFILE)
    expect(useWatches.getState().byId[ID(1)]).toMatchObject({ status: 'SUCCEEDED', revision: 12 })
    // A newer one is taken, whatever it says.
    s.applyList(listOf(13, watchState(1, { status: 'SUCCEEDED', phase: 'done', muted: true, revision: 13 })), PROFILE)
    expect(useWatches.getState().byId[ID(1)]).toMatchObject({ muted: true, revision: 13 })
  })

  it('ignores events for watches it does not show (another profile, or not watched)', () => {
    const s = useWatches.getState()
    s.applyList(listOf(1, watchState(1, { revision: 1 })), PROFILE)
    expect(s.applyWatch(watchState(1, { profileId: 'other', status: 'FAILED' }))).toBe(false)
    expect(s.applyWatch(watchState(2, { status: 'FAILED' }))).toBe(false)
    expect(useWatches.getState().byId[ID(1)].status).toBeUndefined()
    expect(useWatches.getState().byId[ID(2)]).toBeUndefined()
  })

  it('a list read before an add, a remove or a mute does not undo them', async () => {
    main.watches.set(ID(1), watchState(1))
    const s = useWatches.getState()
    await s.refresh()

    const stale = slowList()
    expect(await s.add(ID(2))).toBeNull()
    expect(await s.remove(ID(1))).toBeNull()
    expect(await s.setNotificationsMuted(true)).toBeNull()
    stale.letGo()
    await stale.done
    expect(Object.keys(useWatches.getState().byId)).toEqual([ID(2)])
    expect(useWatches.getState().notificationsMuted).toBe(true)

    const before = slowList()
    expect(await s.setMuted(ID(2), true)).toBeNull()
    before.letGo()
    await before.done
    expect(useWatches.getState().byId[ID(2)].muted).toBe(true)

    // A list read after the actions is believed as it is, removals by others included.
    main.watches.delete(ID(2))
    main.notificationsMuted = false
    main.revision++
    await s.refresh()
    expect(useWatches.getState()).toMatchObject({ byId: {}, removed: {}, notificationsMuted: false })
  })

  it('a list of another profile replaces everything', () => {
    const s = useWatches.getState()
    s.applyList(listOf(5, watchState(1, { revision: 5 })), PROFILE)
    s.applyList(listOf(2, watchState(2, { profileId: 'other', revision: 2 })), 'other')
    expect(Object.keys(useWatches.getState().byId)).toEqual([ID(2)])
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
