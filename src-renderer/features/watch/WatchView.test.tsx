import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DataProvider } from '../../data/DataProvider'
import { listWatchMirror, readReceipt, readTransitions } from '../../db'
import { fakeReceipt } from '../../db/testing'
import { useCacheStatus } from '../../stores/cache'
import { ID, PROFILE, emit, fakeCall, main, watchState } from './testing/fakeMain'
import { fakeNotifications, resetWatchWorld } from './testing/world'
import { WatchButton } from './WatchButton'
import { WatchView } from './WatchView'
import { NotificationAccessButton } from './NotificationAccessButton'

vi.mock('../../data/call', async () => ({ call: (await import('./testing/fakeMain')).fakeCall }))
vi.mock('../../bridge', async () => ({ bridge: (await import('./testing/fakeMain')).fakeBridge }))

const callsOf = (method: string) => fakeCall.mock.calls.filter((c) => c[0] === method).map((c) => c[1])
const source = { profileId: PROFILE, baseUrl: 'http://sim', simulated: true, fetchedAt: Date.now() }

function renderView() {
  return render(
    <MemoryRouter initialEntries={['/watch']}>
      <Routes>
        <Route path="/watch" element={<WatchView />} />
        <Route path="/intent/:intentId" element={<p>Intent page</p>} />
      </Routes>
    </MemoryRouter>,
    { wrapper: DataProvider },
  )
}

const rowOf = (n: number) => screen.getByRole('link', { name: new RegExp(ID(n).slice(0, 10)) }).closest('tr')!

beforeEach(() => resetWatchWorld('host'))
afterEach(() => vi.unstubAllGlobals())

describe('Watch view', () => {
  it('explains how to add watches when there are none', async () => {
    renderView()
    expect(await screen.findByText('No intents watched')).toBeInTheDocument()
    expect(screen.getByText(/press/i)).toHaveTextContent('Search, History or on the intent page')
  })

  it('keeps a copy of the watches in the cache for offline review, as listed and as events change them', async () => {
    const read = { ...source, fetchedAt: Date.UTC(2026, 10, 20, 10) }
    main.watches.set(ID(1), watchState(1, { status: 'EXECUTING', receipt: fakeReceipt(1, { status: 'EXECUTING', pending: true }), receiptSource: read }))
    main.watches.set(ID(2), watchState(2))
    renderView()
    await waitFor(() => rowOf(1))
    // The view only draws the list; the data layer under it mirrors the list and caches the receipt main held.
    await waitFor(async () => expect((await listWatchMirror(PROFILE)).map((m) => m.intentId).sort()).toEqual([ID(1), ID(2)]))
    await waitFor(async () => expect((await readReceipt(PROFILE, ID(1)))?.fetchedAt).toBe(read.fetchedAt))

    const done = { ...read, fetchedAt: read.fetchedAt + 60_000 }
    const succeeded = watchState(1, { status: 'SUCCEEDED', outcome: 'SUCCEEDED', phase: 'done', receipt: fakeReceipt(1, { status: 'SUCCEEDED' }), receiptSource: done })
    emit({ type: 'list:changed', kind: 'watches', profileId: PROFILE, revision: main.revision, items: [succeeded] })
    await waitFor(async () => expect((await listWatchMirror(PROFILE)).find((m) => m.intentId === ID(1))).toMatchObject({ status: 'SUCCEEDED', done: true }))
    expect((await readTransitions(PROFILE, ID(1))).map((t) => t.status)).toEqual(['EXECUTING', 'SUCCEEDED'])
  })

  it('shows each watch with its status, current step, watch state and link, and follows events live', async () => {
    const now = Date.now()
    main.watches.set(ID(1), watchState(1, { status: 'EXECUTING', receipt: fakeReceipt(1, { status: 'EXECUTING', pending: true }), lastUpdateAt: now - 12_000 }))
    main.watches.set(
      ID(2),
      watchState(2, { phase: 'retrying', status: 'EXECUTING', error: { kind: 'Unavailable', message: 'The service is unavailable (503).' }, retryAt: now + 8_000 }),
    )
    renderView()
    const first = await waitFor(() => rowOf(1))
    expect(within(first).getByText('EXECUTING')).toBeInTheDocument()
    expect(within(first).getByText('Live')).toBeInTheDocument()
    expect(within(first).getByText(/^1\ds ago$/)).toBeInTheDocument()
    // The pending fixture has deposit and origin mined, destination not started.
    expect(within(first).getByText('Destination')).toHaveAttribute('aria-current', 'step')
    expect(within(first).getByRole('link')).toHaveAttribute('href', `/intent/${ID(1)}`)

    const second = rowOf(2)
    expect(within(second).getByText(/^Retrying in \ds$/)).toBeInTheDocument()
    expect(within(second).getByText('The service is unavailable (503).')).toBeInTheDocument()

    emit({
      type: 'list:changed',
      kind: 'watches',
      profileId: PROFILE,
      revision: main.revision,
      items: [
        watchState(1, {
        status: 'FAILED',
        outcome: 'FAILED',
        phase: 'done',
        failureReason: 'destination call reverted',
        receipt: fakeReceipt(1, { status: 'FAILED' }),
        lastUpdateAt: Date.now(),
        receiptSource: source,
      }),
      ],
    })
    await waitFor(() => expect(within(rowOf(1)).getByText('FAILED')).toBeInTheDocument())
    expect(within(rowOf(1)).getByText('destination call reverted')).toBeInTheDocument()
    expect(within(rowOf(1)).getByText('Finished')).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('1 live, 1 finished')
  })

  it('adds by intent id: refuses an empty or malformed id, asks the service whether it exists, and adds', async () => {
    const user = userEvent.setup()
    fakeNotifications()
    renderView()
    await screen.findByText('No intents watched')
    const field = screen.getByLabelText('Add by intent id')
    await user.click(screen.getByRole('button', { name: 'Watch' }))
    expect(screen.getByText('Enter an intent id')).toBeInTheDocument()

    await user.type(field, 'hello world{Enter}')
    expect(screen.getByText('An intent id is 0x followed by 64 hex digits.')).toBeInTheDocument()
    expect(callsOf('getIntent')).toHaveLength(0)

    main.unknownIds.add(ID(6))
    await user.clear(field)
    await user.type(field, `${ID(6)}{Enter}`)
    expect(await screen.findByText(/knows no intent .* Check the id, or switch to the profile it belongs to\./)).toBeInTheDocument()
    expect(callsOf('getIntent')).toEqual([{ intentId: ID(6) }])
    expect(callsOf('watchIntent')).toHaveLength(0)

    await user.clear(field)
    await user.type(field, `${ID(5)}{Enter}`)
    await waitFor(() => expect(callsOf('watchIntent')).toEqual([{ intentId: ID(5) }]))
    expect(field).toHaveValue('')
    await waitFor(() => expect(rowOf(5)).toBeInTheDocument())
  })

  it('while working offline: says watching is paused, shows paused rows, tells main, and adds nothing it cannot confirm', async () => {
    const user = userEvent.setup()
    main.watches.set(ID(1), watchState(1, { status: 'EXECUTING', lastUpdateAt: Date.now() - 9_000 }))
    renderView()
    await waitFor(() => rowOf(1))
    expect(within(rowOf(1)).getByText('Live')).toBeInTheDocument()

    act(() => useCacheStatus.getState().setForcedOffline(true))
    await waitFor(() => expect(callsOf('setWatchingPaused')).toContainEqual({ paused: true }))
    expect(screen.getByRole('status')).toHaveTextContent(/Paused while working offline/)
    // Main parks the watch and says so; the row follows.
    main.watches.set(ID(1), { ...main.watches.get(ID(1))!, phase: 'paused', revision: ++main.revision })
    emit({ type: 'list:changed', kind: 'watches', profileId: PROFILE, revision: main.revision, items: [], brief: true, list: { kind: 'watches', items: [], notificationsMuted: false, paused: true, revision: main.revision } })
    await waitFor(() => expect(within(rowOf(1)).getByText('Paused')).toBeInTheDocument())
    expect(within(rowOf(1)).queryByText('Live')).toBeNull()

    await user.type(screen.getByLabelText('Add by intent id'), `${ID(2)}{Enter}`)
    expect(await screen.findByText(/Working offline: the service cannot confirm this intent exists/)).toBeInTheDocument()
    expect(callsOf('getIntent')).toHaveLength(0)
    act(() => useCacheStatus.getState().setForcedOffline(false))
    await waitFor(() => expect(callsOf('setWatchingPaused')).toContainEqual({ paused: false }))
  })

  it('mutes one watch, mutes all, removes, and clears finished ones', async () => {
    const user = userEvent.setup()
    main.watches.set(ID(1), watchState(1))
    main.watches.set(ID(2), watchState(2, { phase: 'done', status: 'SUCCEEDED', outcome: 'SUCCEEDED' }))
    main.watches.set(ID(3), watchState(3))
    renderView()
    await waitFor(() => rowOf(1))

    await user.click(within(rowOf(1)).getByRole('button', { name: /^Mute notifications/ }))
    await waitFor(() => expect(within(rowOf(1)).getByRole('button', { name: /^Unmute/ })).toHaveAttribute('aria-pressed', 'true'))
    await user.click(screen.getByRole('checkbox', { name: 'Mute all notifications' }))
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Mute all notifications' })).toBeChecked())
    expect(callsOf('setNotificationsMuted')).toEqual([{ muted: true }])

    await user.click(within(rowOf(3)).getByRole('button', { name: /^Remove .* from the watch list$/ }))
    await waitFor(() => expect(screen.queryByRole('link', { name: new RegExp(ID(3).slice(0, 10)) })).toBeNull())

    await user.click(screen.getByRole('button', { name: 'Clear finished (1)' }))
    await waitFor(() => expect(screen.queryByRole('link', { name: new RegExp(ID(2).slice(0, 10)) })).toBeNull())
    expect(main.watches.size).toBe(1)
  })

  it('offers to enable browser notifications in the browser host', async () => {
    const user = userEvent.setup()
    const { FakeNotification } = fakeNotifications()
    FakeNotification.permission = 'default'
    FakeNotification.requestPermission.mockImplementation(async () => (FakeNotification.permission = 'granted'))
    renderView()
    await user.click(await screen.findByRole('button', { name: 'Enable desktop notifications' }))
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Enable desktop notifications' })).toBeNull())
  })
})

describe('NotificationAccessButton', () => {
  it('is offered in either runtime when not host-only, and says so when the browser blocks notifications', async () => {
    const { FakeNotification } = fakeNotifications()
    FakeNotification.permission = 'default'
    FakeNotification.requestPermission.mockImplementation(async () => (FakeNotification.permission = 'denied'))
    render(<NotificationAccessButton about="to be told when intents arrive in the queue" />, { wrapper: DataProvider })
    await userEvent.setup().click(screen.getByRole('button', { name: 'Enable desktop notifications' }))
    expect(await screen.findByText(/allow them in the site settings to be told when intents arrive in the queue/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Enable desktop notifications' })).toBeNull()
  })
})

describe('WatchButton', () => {
  it('is not offered for an id that is not an intent id', () => {
    render(<WatchButton intentId="hello world" />, { wrapper: DataProvider })
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('watches, shows Watching, offers Unwatch when pointed at, and unwatches', async () => {
    const user = userEvent.setup()
    render(
      <div onClick={() => {throw new Error('the row must not open')}}>
        <WatchButton intentId={ID(9)} />
      </div>,
      { wrapper: DataProvider },
    )
    const button = await screen.findByRole('button', { name: /^Watch intent/ })
    expect(button).toHaveTextContent('Watch')
    await user.click(button)
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'))
    expect(button).toHaveTextContent('Watching')
    await user.unhover(button)
    await user.hover(button)
    expect(button).toHaveTextContent('Unwatch')
    await user.click(button)
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'))
    expect(callsOf('unwatchIntent')).toEqual([{ intentId: ID(9) }])
  })
})

describe('watch actions are mutations: the control that acted shows it running and its failure', () => {
  /** Holds main's answer to `method` until `release` is called; other calls answer at once. */
  function holdAnswer(method: string) {
    const answer = fakeCall.getMockImplementation()!
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    fakeCall.mockImplementation(async (m, a) => {
      if (m === method) await held
      return answer(m, a)
    })
    return { release: () => release(), restore: () => fakeCall.mockImplementation(answer) }
  }

  it('the add form says Adding… while main answers, then shows main’s refusal beside the field and keeps the id', async () => {
    const user = userEvent.setup()
    fakeNotifications()
    renderView()
    await screen.findByText('No intents watched')
    const hold = holdAnswer('watchIntent')
    try {
      const field = screen.getByLabelText('Add by intent id')
      await user.type(field, `${ID(7)}{Enter}`)
      const button = await screen.findByRole('button', { name: 'Adding…' })
      expect(button).toBeDisabled()
      main.failNext = { kind: 'NotFound', message: 'Too many watches: the limit is 50.' }
      hold.release()
      expect(await screen.findByText('Too many watches: the limit is 50.')).toBeInTheDocument()
      expect(screen.getByRole('button', { name: 'Watch' })).toBeEnabled()
      expect(field).toHaveValue(ID(7))
    } finally {
      hold.restore()
    }
  })

  it('a row’s Mute is disabled while main answers, and a failure shows above the board', async () => {
    const user = userEvent.setup()
    main.watches.set(ID(1), watchState(1, { status: 'EXECUTING', lastUpdateAt: Date.now() }))
    renderView()
    await waitFor(() => rowOf(1))
    const hold = holdAnswer('setWatchMuted')
    try {
      const mute = within(rowOf(1)).getByRole('button', { name: /^Mute notifications/ })
      await user.click(mute)
      await waitFor(() => expect(mute).toBeDisabled())
      main.failNext = { kind: 'Network', message: 'Main could not save the change.' }
      hold.release()
      expect(await screen.findByText(/Main could not save the change\./)).toBeInTheDocument()
      await waitFor(() => expect(mute).toBeEnabled())
      expect(mute).toHaveAttribute('aria-pressed', 'false')
    } finally {
      hold.restore()
    }
  })

  it('the Watch button names main’s refusal on itself', async () => {
    const user = userEvent.setup()
    render(<WatchButton intentId={ID(8)} />, { wrapper: DataProvider })
    const button = await screen.findByRole('button', { name: /^Watch intent/ })
    main.failNext = null
    const hold = holdAnswer('watchIntent')
    try {
      await user.click(button)
      await waitFor(() => expect(button).toBeDisabled())
      main.failNext = { kind: 'NotFound', message: 'Too many watches: the limit is 50.' }
      hold.release()
      await waitFor(() => expect(button).toHaveAttribute('title', 'Too many watches: the limit is 50.'))
      expect(button).toBeEnabled()
      expect(button).toHaveAttribute('aria-pressed', 'false')
      expect(button).toHaveTextContent('⚠')
    } finally {
      hold.restore()
    }
  })
})
