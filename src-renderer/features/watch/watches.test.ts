import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { WatchState } from '@contract/watch'
import { createQueryClient } from '../../data/client'
import { applyListEvent, listKey, withItem, withSnapshot, type Mirror } from '../../data/mainList'
import { readMainList } from '../../data/useMainList'
import { ID, PROFILE, fakeCall, main, watchState } from './testing/fakeMain'
import { resetWatchWorld } from './testing/world'
import { watchActions } from '../../data/watches'

vi.mock('../../data/call', async () => ({ call: (await import('./testing/fakeMain')).fakeCall }))

const listOf = (revision: number, ...watches: WatchState[]) => ({ kind: 'watches' as const, items: watches, notificationsMuted: false, paused: false, revision })

let client = createQueryClient()
const shown = () => client.getQueryData<Mirror<'watches'>>(listKey('watches', PROFILE))
const byId = () => Object.fromEntries((shown()?.items ?? []).map((w) => [w.intentId, w]))
const refresh = () => client.fetchQuery({ queryKey: listKey('watches', PROFILE), queryFn: () => readMainList(client, 'watches', PROFILE), staleTime: 0 })

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
  return { done: refresh(), letGo }
}

describe('the watch list in the query cache', () => {
  beforeEach(() => {
    resetWatchWorld()
    client = createQueryClient()
  })

  it('loads the list under the profile’s key', async () => {
    main.watches.set(ID(1), watchState(1))
    main.notificationsMuted = true
    await refresh()
    expect(Object.keys(byId())).toEqual([ID(1)])
    expect(shown()).toMatchObject({ kind: 'watches', notificationsMuted: true })
  })

  it('keeps the newest revision: an older event or list delivered later does not roll a watch back', () => {
    let m = withSnapshot<'watches'>(undefined, listOf(10, watchState(1, { status: 'EXECUTING', revision: 10 })))
    m = withItem(m, watchState(1, { status: 'SUCCEEDED', phase: 'done', outcome: 'SUCCEEDED', revision: 12 }))
    // Out of order: an event stamped before the one above, then a list read before it.
    expect(withItem(m, watchState(1, { status: 'EXECUTING', phase: 'retrying', revision: 11 }))).toBe(m)
    m = withSnapshot(m, listOf(11, watchState(1, { status: 'EXECUTING', revision: 11 })))
    expect(m.items[0]).toMatchObject({ status: 'SUCCEEDED', revision: 12 })
    // A newer one is taken, whatever it says.
    m = withSnapshot(m, listOf(13, watchState(1, { status: 'SUCCEEDED', phase: 'done', muted: true, revision: 13 })))
    expect(m.items[0]).toMatchObject({ muted: true, revision: 13 })
  })

  it('events reach only the list of the watch’s own profile, and an old event does not bring back a watch the list lacks', () => {
    client.setQueryData(listKey('watches', PROFILE), withSnapshot<'watches'>(undefined, listOf(5, watchState(1, { revision: 1 }))))
    applyListEvent(client, { type: 'list:changed', kind: 'watches', profileId: 'other', revision: 6, items: [watchState(1, { profileId: 'other', status: 'FAILED', revision: 6 })] })
    applyListEvent(client, { type: 'list:changed', kind: 'watches', profileId: PROFILE, revision: 4, items: [watchState(2, { phase: 'retrying', revision: 4 })] })
    expect(byId()[ID(1)].status).toBeUndefined()
    expect(byId()[ID(2)]).toBeUndefined()
    // Added after the list was read: it joins.
    applyListEvent(client, { type: 'list:changed', kind: 'watches', profileId: PROFILE, revision: 7, items: [watchState(3, { phase: 'retrying', revision: 7 })] })
    expect(byId()[ID(3)]).toBeDefined()
  })

  it('a list read before an add, a remove or a mute does not undo them', async () => {
    main.watches.set(ID(1), watchState(1))
    await refresh()
    const act = watchActions(client)

    const stale = slowList()
    await act.add(ID(2))
    await act.remove(ID(1))
    await act.setNotificationsMuted(true)
    stale.letGo()
    await stale.done
    expect(Object.keys(byId())).toEqual([ID(2)])
    expect(shown()?.notificationsMuted).toBe(true)

    const before = slowList()
    await act.setMuted(ID(2), true)
    before.letGo()
    await before.done
    expect(byId()[ID(2)].muted).toBe(true)

    // A list read after the actions is believed as it is, removals by others included.
    main.watches.delete(ID(2))
    main.notificationsMuted = false
    main.revision++
    await refresh()
    expect(shown()).toMatchObject({ items: [], removed: {}, notificationsMuted: false })
  })

  it('adds, mutes and removes through the bridge, and reports failures', async () => {
    await refresh()
    const act = watchActions(client)
    await act.add(ID(3))
    expect(byId()[ID(3)].phase).toBe('queued')
    await act.setMuted(ID(3), true)
    expect(byId()[ID(3)].muted).toBe(true)
    await act.remove(ID(3))
    expect(byId()[ID(3)]).toBeUndefined()

    main.failNext = { kind: 'Network', message: 'Lost contact with the app host.' }
    await expect(act.add(ID(4))).rejects.toMatchObject({ kind: 'Network', message: 'Lost contact with the app host.' })
  })
})
