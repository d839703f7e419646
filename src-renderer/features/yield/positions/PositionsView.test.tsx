import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { YieldBalanceQuery, YieldBalances } from '@contract/service'
import { cacheBalanceSnapshot, cacheMarkets, listBalanceSnapshots, walletKey } from '../../../db'
import { parseCsv } from '@contract/testing'
import { useCacheStatus } from '../../../stores/cache'
import { answers, callsOf, okFetched, PROFILE, source } from '../../../testing/bridge'
import { downloads } from '../../../testing/downloads'
import { renderAt, resetWorld } from '../../../testing/harness'
import { marketFixture } from '../testing'
import { PositionsView } from './PositionsView'

vi.mock('../../../data/call', async () => ({ call: (await import('../../../testing/bridge')).fakeCall }))
vi.mock('../../../bridge', () => ({ bridge: { subscribe: () => () => {} } }))
vi.mock('../../../lib/download', async (original) => (await import('../../../testing/downloads')).recordDownloads(await original()))

const A = `0x${'aa'.repeat(20)}`
const B = `0x${'bb'.repeat(20)}`
const usdc = { symbol: 'USDC', decimals: 6, network: 'base' }

/** Each call answers one position per wallet; the value grows with every call. */
function serveBalances() {
  let round = 0
  answers.set('yieldGetAggregateBalances', ({ queries }: { queries: YieldBalanceQuery[] }) => {
    round++
    const items: YieldBalances[] = queries.map((q, i) => ({
      yieldId: q.yieldId ?? `base-usdc-p${i + 1}-lending`,
      balances: [
        { address: q.address, type: 'active', amount: `${100 * round}`, amountRaw: `${100 * round}000000`, amountUsd: `${100 * round}`, token: usdc },
        {
          address: q.address,
          type: 'withdrawable',
          amount: '5',
          amountUsd: '5',
          token: usdc,
          pendingActions: [{ type: 'WITHDRAW', intent: 'exit', amount: '5', passthrough: 'cGFzcw==' }],
          validators: [{ name: 'Kiln', address: `0x${'7e'.repeat(20)}`, commission: 0.05 }],
        },
      ],
    }))
    return okFetched({ items, errors: [{ yieldId: 'ethereum-usdt-bad-lending', error: 'yield provider temporarily unavailable' }] })
  })
}

const render = (query = '') => renderAt(`/yield/positions${query}`, [{ path: '/yield/positions', element: <PositionsView /> }])
const location = () => decodeURIComponent(screen.getByTestId('location').textContent ?? '')
const markets = () => screen.queryAllByTestId('position-market')

beforeEach(resetWorld)
afterEach(() => vi.useRealTimers())

describe('PositionsView', () => {
  it('asks for an address and a network before looking anything up', async () => {
    const user = userEvent.setup()
    serveBalances()
    render()
    expect(screen.getByText('No wallets yet')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Look up positions' }))
    expect(screen.getByText('Add at least one wallet: an address and its network')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Address 1'), A)
    await user.click(screen.getByRole('button', { name: 'Look up positions' }))
    expect(screen.getByLabelText('Network 1')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByText('Enter the network (e.g. ethereum)')).toBeInTheDocument()
    expect(screen.getByLabelText('Address 1')).toHaveValue(A)
    expect(callsOf('yieldGetAggregateBalances')).toEqual([])
  })

  it('looks up wallets, keeps them in the URL, and shows positions by market and type with the failed lookups', async () => {
    const user = userEvent.setup()
    serveBalances()
    await cacheMarkets(source(), [marketFixture(1)])
    answers.set('yieldGetMarkets', () => okFetched({ items: [marketFixture(9)], total: 1, offset: 0, limit: 100 }))
    render()
    await user.type(screen.getByLabelText('Address 1'), A)
    // The network is picked from the service's networks (the cached markets'), not typed.
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Network 1' }), 'base')
    await user.click(screen.getByRole('button', { name: 'Add wallet' }))
    await user.type(screen.getByLabelText('Address 2'), B)
    await user.selectOptions(screen.getByLabelText('Network 2'), 'base')
    await user.type(screen.getByLabelText('Yield id 2'), 'base-usdc-p9-lending{Enter}')

    await waitFor(() => expect(markets()).toHaveLength(2))
    expect(location()).toBe(`/yield/positions?w=${A},base&w=${B},base,base-usdc-p9-lending`)
    expect(callsOf('yieldGetAggregateBalances')).toEqual([
      { queries: [{ address: A, network: 'base' }, { address: B, network: 'base', yieldId: 'base-usdc-p9-lending' }] },
    ])
    // Named from the cached market list where known, by id otherwise.
    expect(screen.getByRole('region', { name: 'Market Market 1' })).toHaveTextContent('base-usdc-p1-lending')
    expect(screen.getByRole('link', { name: 'Market 1' })).toHaveAttribute('href', '/yield/market/base-usdc-p1-lending')
    // The yield without a cached market sends the view to the market list once, and its name appears.
    expect(await screen.findByRole('region', { name: 'Market Market 9' }, { timeout: 5000 })).toHaveTextContent('$105.00')
    expect(callsOf('yieldGetMarkets')).toEqual([{ sort: 'nameAsc', limit: 100, offset: 0 }])
    expect(screen.getByTestId('positions-total')).toHaveTextContent('$210.00')
    const totals = screen.getByRole('region', { name: 'Totals' })
    expect(within(totals).getByText('active').nextElementSibling).toHaveTextContent('$200.00')
    expect(within(totals).getByText('withdrawable').nextElementSibling).toHaveTextContent('$10.00')
    const withdrawable = screen.getByRole('table', { name: 'Market 1 withdrawable' })
    expect(withdrawable).toHaveTextContent('WITHDRAW')
    expect(withdrawable).toHaveTextContent('Kiln')
    expect(withdrawable).toHaveTextContent('commission 5.00%')
    const errors = screen.getByRole('complementary', { name: 'Failed lookups' })
    expect(errors).toHaveTextContent('1 lookup failed')
    expect(errors).toHaveTextContent('ethereum-usdt-bad-lending: yield provider temporarily unavailable')
    expect(screen.getByTestId('chart-Allocation by market')).toBeInTheDocument()
  })

  it('keeps a snapshot per fetch and charts the value over time', async () => {
    const user = userEvent.setup()
    serveBalances()
    render(`?w=${A},base`)
    await waitFor(() => expect(markets()).toHaveLength(1))
    expect(await screen.findByText(/\(1 fetch with a USD value, of exactly these wallets/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Refresh' }))
    await waitFor(() => expect(screen.getByTestId('positions-total')).toHaveTextContent('$205.00'))
    expect(await screen.findByText(/\(2 fetches with a USD value, of exactly these wallets; value axis from \$0; times in /)).toBeInTheDocument()
    const snapshots = await listBalanceSnapshots(PROFILE, walletKey([{ address: A, network: 'base' }]))
    expect(snapshots.map((s) => s.totalUsd)).toEqual([105, 205])
  })

  it('adds many wallets from pasted lines and keeps the bad lines to fix', async () => {
    const user = userEvent.setup()
    serveBalances()
    render()
    await user.click(screen.getByText('Paste many wallets'))
    const box = screen.getByLabelText('One per line: address,network[,yieldId]')
    await user.type(box, `${A},base{Enter}${B}{Enter}${B},base,y7`)
    await user.click(screen.getByRole('button', { name: 'Add these wallets' }))
    expect(screen.getByLabelText('Address 1')).toHaveValue(A)
    expect(screen.getByLabelText('Yield id 2')).toHaveValue('y7')
    expect(screen.queryByLabelText('Address 3')).toBeNull()
    expect(box).toHaveValue(B)
    expect(screen.getByText('Line 2: Enter the network (e.g. ethereum)')).toBeInTheDocument()
  })

  it('offline, shows the latest cached snapshot of the same wallets', async () => {
    const queries = [{ address: A, network: 'base' }]
    await cacheBalanceSnapshot(source(Date.now() - 7_200_000), queries, { items: [{ yieldId: 'old', balances: [{ type: 'active', amountUsd: '1' }] }], errors: [] })
    await cacheBalanceSnapshot(source(Date.now() - 3_600_000), queries, { items: [{ yieldId: 'new', balances: [{ type: 'active', amountUsd: '2' }] }], errors: [] })
    useCacheStatus.setState({ forcedOffline: true })
    render(`?w=${A.toUpperCase().replace('0X', '0x')},base`)
    await waitFor(() => expect(markets()).toHaveLength(1))
    expect(markets()[0]).toHaveTextContent('new')
    expect(screen.getByText(/cached data, fetched 1 hour ago/)).toBeInTheDocument()
    expect(callsOf('yieldGetAggregateBalances')).toEqual([])
  })

  it('auto-refreshes at the chosen interval and stops when the view is left', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    serveBalances()
    const view = render(`?w=${A},base&refresh=30`)
    await waitFor(() => expect(callsOf('yieldGetAggregateBalances')).toHaveLength(1))
    // A tick while the first answer is still on its way joins it rather than asking twice.
    await waitFor(() => expect(markets()).toHaveLength(1))
    expect(screen.getByLabelText('Auto-refresh')).toHaveValue('30')
    await act(async () => vi.advanceTimersByTime(30_000))
    await waitFor(() => expect(callsOf('yieldGetAggregateBalances')).toHaveLength(2))
    view.unmount()
    await act(async () => vi.advanceTimersByTime(120_000))
    expect(callsOf('yieldGetAggregateBalances')).toHaveLength(2)
  })

  it('exports the positions and the failed lookups as CSV', async () => {
    const user = userEvent.setup()
    serveBalances()
    render(`?w=${A},base`)
    await waitFor(() => expect(markets()).toHaveLength(1))
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    const csv = parseCsv(downloads[0].text)
    expect(downloads[0].filename).toMatch(/^yield-positions-.*\.csv$/)
    expect(csv.slice(1).map((r) => [r[0], r[2], r[9], r.at(-1)])).toEqual([
      ['base-usdc-p1-lending', 'active', '100000000', ''],
      ['base-usdc-p1-lending', 'withdrawable', '', ''],
      ['ethereum-usdt-bad-lending', '', '', 'yield provider temporarily unavailable'],
    ])
  })
})
