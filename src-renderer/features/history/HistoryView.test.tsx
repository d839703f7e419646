import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { GetIntentHistoryRequest, IntentHistoryEntry, Page } from '@contract/service'
import { flushHistoryJournal, readHistoryEntry } from '../../db'
import { cacheHistoryFiled } from '../../db/testing'
import { useCacheStatus } from '../../stores/cache'
import { useConnection } from '../../stores/connection'
import { answers, callsOf, failure, okFetched, PROFILE, source } from '../../testing/bridge'
import { renderAt, resetWorld } from '../../testing/harness'
import { HistoryView } from './HistoryView'
import { useHistoryUi } from '../../stores/historyUi'
import { balance, makeEntry, OWNER, WETH } from './testing/entries'
import { giveScrollBoxAViewport } from './testing/layout'

vi.mock('../../data/call', async () => ({ call: (await import('../../testing/bridge')).fakeCall }))
vi.mock('../../bridge', () => ({ bridge: { subscribe: () => () => {} } }))

giveScrollBoxAViewport()

const render = (query = '') => renderAt(`/history${query}`, [{ path: '/history', element: <HistoryView /> }])
const location = () => screen.getByTestId('location').textContent
const shownIds = () => screen.queryAllByTestId('history-row').map((r) => r.getAttribute('data-intent-id'))

/** A service of `total` entries paged by an `after` offset, like the simulator's cursors. */
function serveHistory(list: IntentHistoryEntry[]) {
  answers.set('getIntentHistory', (req: GetIntentHistoryRequest) => {
    const page = req.page ?? {}
    const from = Number(page.after ?? 0)
    const size = page.pageSize ?? 20
    const intents = list.slice(from, from + size)
    const nextPage: Page = { column: page.column, sort: page.sort, pageSize: size, after: String(from + intents.length), more: from + size < list.length }
    return okFetched({ intents, nextPage })
  })
}

afterEach(async () => {
  // Entries still being filed would land in the next test's database.
  await flushHistoryJournal()
})

beforeEach(() => {
  resetWorld()
  useHistoryUi.setState({ selection: { list: null, picked: new Map() }, detail: null, scroll: { at: '', top: 0 } })
})

describe('HistoryView', () => {
  it('sends the URL filters and pages forward with nextPage and back to the pages read', async () => {
    const list = Array.from({ length: 25 }, () => makeEntry({ status: 'FAILED' }))
    serveHistory(list)
    render(`?owner=${OWNER}&status=FAILED&size=10`)

    await waitFor(() => expect(shownIds()).toHaveLength(10))
    const first = { column: 'createdAt', sort: [{ column: 'createdAt', order: 'DESC' }], pageSize: 10 }
    expect(callsOf('getIntentHistory')).toEqual([{ byOwnerAddress: OWNER, byStatuses: ['FAILED'], page: first }])
    expect(screen.getByTestId('history-page')).toHaveTextContent('Page 1')
    expect(screen.getByTestId('history-more')).toHaveTextContent('More pages: yes')

    fireEvent.click(screen.getByRole('button', { name: 'Next →' }))
    await waitFor(() => expect(screen.getByTestId('history-page')).toHaveTextContent('Page 2'))
    fireEvent.click(screen.getByRole('button', { name: 'Next →' }))
    await waitFor(() => expect(screen.getByTestId('history-page')).toHaveTextContent('Page 3'))
    expect(screen.getByTestId('history-more')).toHaveTextContent('More pages: no')
    expect(screen.getByRole('button', { name: 'Next →' })).toBeDisabled()
    expect(shownIds()).toEqual(list.slice(20).map((e) => e.intentId))

    fireEvent.click(screen.getByRole('button', { name: '← Previous' }))
    await waitFor(() => expect(screen.getByTestId('history-page')).toHaveTextContent('Page 2'))
    const pages = callsOf('getIntentHistory').map((c) => (c as GetIntentHistoryRequest).page)
    // Previous shows the page as it was read: no request.
    expect(pages.map((p) => p?.after)).toEqual([undefined, '10', '20'])
    expect(shownIds()).toEqual(list.slice(10, 20).map((e) => e.intentId))
  })

  it('writes every page through to the cache', async () => {
    const list = [makeEntry()]
    serveHistory(list)
    render()
    await waitFor(() => expect(shownIds()).toHaveLength(1))
    await waitFor(async () => expect((await readHistoryEntry(PROFILE, list[0].intentId!))?.entry).toEqual(list[0]))
  })

  it('asks nothing while a filter in the URL is invalid, and says which', async () => {
    serveHistory([makeEntry()])
    render('?owner=0x12&originChain=abc&swap=not%20a%20code')
    expect(await screen.findByText('Fix the highlighted filters')).toBeInTheDocument()
    expect(screen.getByLabelText('Owner address')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByText('Use a 0x address with 40 hex digits')).toBeInTheDocument()
    expect(screen.getByLabelText('Origin chain')).toHaveAttribute('aria-invalid', 'true')
    // The wrong provider is among the folded filters: the fold opens to show it.
    expect(screen.getByText(/More filters/).closest('details')).toHaveAttribute('open')
    expect(screen.getByLabelText('Swap provider')).toHaveAttribute('aria-invalid', 'true')
    expect(callsOf('getIntentHistory')).toEqual([])
  })

  it('applies typed filters on Enter, refusing an invalid address next to its field', async () => {
    const user = userEvent.setup()
    serveHistory([makeEntry()])
    render()
    await waitFor(() => expect(callsOf('getIntentHistory')).toHaveLength(1))
    const owner = screen.getByLabelText('Owner address')
    await user.type(owner, '0xnot-an-address{Enter}')
    expect(screen.getByText('Use a 0x address with 40 hex digits')).toBeInTheDocument()
    expect(location()).toBe('/history')
    expect(callsOf('getIntentHistory')).toHaveLength(1)

    await user.clear(owner)
    await user.type(owner, `${OWNER}{Enter}`)
    expect(location()).toBe(`/history?owner=${OWNER}`)
    await waitFor(() => expect(callsOf('getIntentHistory')).toHaveLength(2))
    expect(callsOf('getIntentHistory')[1]).toMatchObject({ byOwnerAddress: OWNER })
  })

  it('lists stuck balances with their USD total for the recoverable funds preset', async () => {
    const stuck = [
      makeEntry({ status: 'FAILED', hasBalance: true, balances: [balance({ raw: '250000000', usd: '250.00', price: '1' })] }),
      makeEntry({
        status: 'ABORTED',
        hasBalance: true,
        balances: [balance({ token: WETH, symbol: 'WETH', decimals: 18, raw: '1234567890123456789012', usd: '3703703.67', price: '3000' })],
      }),
    ]
    serveHistory(stuck)
    render()
    await waitFor(() => expect(shownIds()).toHaveLength(2))
    fireEvent.click(screen.getByRole('button', { name: 'Recoverable funds' }))
    expect(location()).toBe('/history?balances=1&recoverable=1')
    await waitFor(() => expect(callsOf('getIntentHistory')).toHaveLength(2))
    expect(callsOf('getIntentHistory')[1]).toMatchObject({ includeBalances: true, onlyRecoverable: true })
    const panel = await screen.findByRole('region', { name: 'Recoverable funds' })
    expect(within(panel).getByTestId('history-stuck-total')).toHaveTextContent('$3,703,953.67')
    expect(within(panel).getByText('1,234.567890123456789012')).toBeInTheDocument()
  })

  it('shows an entry’s balances in the detail panel', async () => {
    const entry = makeEntry({ status: 'FAILED', hasBalance: true, balances: [balance({ chainId: 1, raw: '250000000', usd: '250.00' })] })
    serveHistory([entry])
    render('?balances=1')
    await waitFor(() => expect(shownIds()).toHaveLength(1))
    fireEvent.click(screen.getByRole('button', { name: /Details of intent/ }))
    const detail = screen.getByRole('complementary', { name: 'Intent details' })
    const balances = within(detail).getByRole('list', { name: 'Intent balances' })
    expect(balances).toHaveTextContent('250 USDC')
    expect(balances).toHaveTextContent('$250.00')
    expect(balances).toHaveTextContent('on Chain 1 at 0x9999…9999')
    expect(within(detail).getByText('yes')).toBeInTheDocument()
  })

  it('shows a failure with a retry that repeats the request', async () => {
    let fail = true
    const list = [makeEntry()]
    answers.set('getIntentHistory', () => (fail ? failure('RateLimited', 'Too many requests; wait a minute') : okFetched({ intents: list })))
    render()
    expect(await screen.findByText('Too many requests; wait a minute')).toBeInTheDocument()
    fail = false
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(shownIds()).toHaveLength(1))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('reads the cache with the same filters when working offline', async () => {
    const failed = makeEntry({ status: 'FAILED', createdAt: '2026-11-02T00:00:00.000Z' })
    const ok = makeEntry({ status: 'SUCCEEDED', createdAt: '2026-11-03T00:00:00.000Z' })
    await cacheHistoryFiled(source(Date.now() - 3 * 86_400_000), [failed, ok])
    useCacheStatus.setState({ forcedOffline: true })
    render('?status=FAILED&protocol=v1')
    await waitFor(() => expect(shownIds()).toEqual([failed.intentId]))
    expect(screen.getByText(/Working offline — cached data, fetched 3 days ago/)).toBeInTheDocument()
    expect(screen.getByRole('list', { name: 'Filters the cache cannot apply exactly' })).toHaveTextContent('protocol')
    expect(callsOf('getIntentHistory')).toEqual([])
  })

  it('falls back to the cache when the service is out of reach, and goes back online on retry', async () => {
    const cached = makeEntry({ createdAt: '2026-11-02T00:00:00.000Z' })
    await cacheHistoryFiled(source(Date.now() - 3_600_000), [cached])
    useConnection.setState({ reachability: 'offline', lastOutage: { kind: 'Network', message: 'Cannot connect to http://sim' } })
    const live = [makeEntry(), makeEntry()]
    answers.set('getIntentHistory', () => {
      // What the real `call` does on any answer: the service is reachable again.
      useConnection.getState().noteReachable()
      return okFetched({ intents: live })
    })
    render()
    await waitFor(() => expect(shownIds()).toEqual([cached.intentId]))
    expect(screen.getByText(/Offline — cached data, fetched 1 hour ago/)).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('Cannot connect to http://sim')
    expect(callsOf('getIntentHistory')).toEqual([])

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(shownIds()).toEqual(live.map((e) => e.intentId)))
    expect(screen.queryByText(/Offline —/)).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
    // The retry asks the service; its answer ends the outage, and the list is read again from the service.
    expect(callsOf('getIntentHistory')).toHaveLength(2)
  })

  it('shows cached rows beside a notice naming the failed call and its fetch time when the key is rejected (the one fallback rule)', async () => {
    const cached = makeEntry({ createdAt: '2026-11-02T00:00:00.000Z' })
    await cacheHistoryFiled(source(Date.now() - 3_600_000), [cached])
    answers.set('getIntentHistory', () => ({ ok: false, error: { kind: 'Unauthorized', message: 'access key rejected', operation: 'GetIntentHistory' } }))
    render()
    await waitFor(() => expect(shownIds()).toEqual([cached.intentId]))
    expect(screen.getByTestId('cached-notice')).toHaveTextContent(/^GetIntentHistory failed — cached data, fetched 1 hour ago/)
    // The failure shows once, with a way to try again.
    expect(screen.getAllByRole('alert')).toHaveLength(1)
    expect(screen.getByRole('alert')).toHaveTextContent('access key rejected')
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })

  it('keeps the "all" view in the URL: a link opens it loading, and Back to pages or a new list leaves it', async () => {
    const list = Array.from({ length: 60 }, () => makeEntry())
    serveHistory(list)
    render('?size=10&cap=40&all=1')
    await waitFor(() => expect(screen.getByTestId('history-loadall-status')).toHaveTextContent('Stopped at the cap: 40 loaded, more remain.'))
    expect(callsOf('getIntentHistory').map((c) => (c as GetIntentHistoryRequest).page?.pageSize)).toEqual([40])
    expect(screen.queryByTestId('history-page')).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'Back to pages' }))
    await waitFor(() => expect(screen.getByTestId('history-page')).toHaveTextContent('Page 1'))
    expect(location()).toBe('/history?size=10&cap=40')
    // The loaded list stays on screen until the first page arrives.
    await waitFor(() => expect(shownIds()).toHaveLength(10))

    fireEvent.change(screen.getByLabelText('Stop after'), { target: { value: '25' } })
    fireEvent.click(screen.getByRole('button', { name: 'Load all' }))
    await waitFor(() => expect(screen.getByTestId('history-loadall-status')).toHaveTextContent('Stopped at the cap: 25 loaded'))
    expect(location()).toBe('/history?size=10&cap=25&all=1')

    // Pressed again in the "all" view, it reads everything again.
    fireEvent.click(screen.getByRole('button', { name: 'Load all' }))
    await waitFor(() => expect(callsOf('getIntentHistory')).toHaveLength(4))
    await waitFor(() => expect(screen.getByTestId('history-loadall-status')).toHaveTextContent('Stopped at the cap: 25 loaded'))

    fireEvent.change(screen.getByLabelText('Per page'), { target: { value: '15' } })
    await waitFor(() => expect(screen.getByTestId('history-page')).toHaveTextContent('Page 1'))
    expect(location()).toBe('/history?size=15&cap=25')
    await waitFor(() => expect(shownIds()).toHaveLength(15))
  })

  it('says why the list is empty', async () => {
    serveHistory([])
    render(`?owner=${OWNER}`)
    expect(await screen.findByText('No intents match these filters')).toBeInTheDocument()
  })

  it('exports what is loaded as CSV with exact amounts', async () => {
    const entry = makeEntry({ originAmount: '1234567890123456789012', originToken: { address: WETH, symbol: 'WETH', decimals: 18 } })
    serveHistory([entry])
    const blobs: Blob[] = []
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => (blobs.push(b as Blob), 'blob:x'))
    const names: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download)
    })
    render()
    await waitFor(() => expect(shownIds()).toHaveLength(1))
    fireEvent.click(screen.getByRole('button', { name: 'Export loaded as CSV' }))
    expect(names[0]).toMatch(/^intent-history-\d{4}-\d{2}-\d{2}\.csv$/)
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader()
      reader.onload = () => resolve(String(reader.result))
      reader.readAsText(blobs[0])
    })
    expect(text).toContain(`${entry.intentId},SUCCEEDED,`)
    expect(text).toContain(',1234567890123456789012,1234.567890123456789012,')
  })
})
