import { beforeEach, describe, expect, it, vi } from 'vitest'
import { EventHub } from '../events/hub'
import type { BridgeEvent } from '../../src-shared/contract/bridge'

const made: FakeNotification[] = []
let supported = true

class FakeNotification {
  readonly handlers = new Map<string, () => void>()
  shown = false
  constructor(readonly options: { title: string; body: string }) {
    made.push(this)
  }
  static isSupported = () => supported
  on(event: string, handler: () => void) {
    this.handlers.set(event, handler)
    return this
  }
  show() {
    this.shown = true
  }
}

vi.mock('electron', () => ({ Notification: FakeNotification }))

const { createElectronNotifiers } = await import('./notify')
const createElectronNotify = (...args: Parameters<typeof createElectronNotifiers>) => createElectronNotifiers(...args).notify
const createElectronQueryNotify = (...args: Parameters<typeof createElectronNotifiers>) => createElectronNotifiers(...args).notifyQuery

const notice = { profileId: 'sim', intentId: '0xabc', outcome: 'FAILED' as const, title: 'Intent failed', body: '0xabc: reverted' }

describe('createElectronNotifiers', () => {
  beforeEach(() => {
    made.length = 0
    supported = true
  })

  it('shows the notice and, on click, raises the window and asks it to open the intent', () => {
    const events = new EventHub()
    const seen: BridgeEvent[] = []
    events.on((e) => seen.push(e))
    const win = { isMinimized: vi.fn(() => true), restore: vi.fn(), show: vi.fn(), focus: vi.fn() }
    createElectronNotify(() => win as never, () => events)(notice)

    expect(made[0].options).toEqual({ title: 'Intent failed', body: '0xabc: reverted' })
    expect(made[0].shown).toBe(true)
    made[0].handlers.get('click')!()
    expect(win.restore).toHaveBeenCalled()
    expect(win.focus).toHaveBeenCalled()
    expect(seen).toEqual([{ type: 'list:open', kind: 'watches', profileId: 'sim', id: '0xabc' }])
  })

  it('still asks to open the intent with no window, and shows nothing where notifications are unsupported', () => {
    const events = new EventHub()
    const seen: BridgeEvent[] = []
    events.on((e) => seen.push(e))
    const notify = createElectronNotify(() => null, () => events)
    notify(notice)
    made[0].handlers.get('click')!()
    expect(seen).toHaveLength(1)

    supported = false
    notify(notice)
    expect(made).toHaveLength(1)
  })

  it('opens the watched query when its notice is clicked', () => {
    const events = new EventHub()
    const seen: BridgeEvent[] = []
    events.on((e) => seen.push(e))
    createElectronQueryNotify(() => null, () => events)({ profileId: 'sim', queryId: 'q1', title: 'FAILED: 1 new', body: '0xabc is new' })
    expect(made[0].options).toEqual({ title: 'FAILED: 1 new', body: '0xabc is new' })
    made[0].handlers.get('click')!()
    expect(seen).toEqual([{ type: 'list:open', kind: 'queryWatches', profileId: 'sim', id: 'q1' }])
  })
})
