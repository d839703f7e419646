import { beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { parseCsv } from '@contract/testing'
import { callsOf } from '../../../testing/bridge'
import { downloads } from '../../../testing/downloads'
import { renderAt, resetWorld } from '../../../testing/harness'
import { observation, serveRecord } from '../testing'
import { MarketHistoryCard } from './MarketHistoryCard'

vi.mock('../../../data/call', async () => ({ call: (await import('../../../testing/bridge')).fakeCall }))
vi.mock('../../../bridge', () => ({ bridge: { subscribe: () => () => {} } }))
vi.mock('../../../lib/download', async (original) => (await import('../../../testing/downloads')).recordDownloads(await original()))

const ID = 'base-usdc-p1-lending'
const T0 = Date.UTC(2026, 10, 1)
const H = 3_600_000

const render = (query = '') => renderAt(`/yield/market/${ID}${query}`, [{ path: '/yield/market/:id', element: <MarketHistoryCard marketId={ID} /> }])
const figures = () => screen.getByLabelText('History figures')

beforeEach(() => {
  resetWorld()
  serveRecord({
    [ID]: {
      points: [observation(T0, 0.05), observation(T0 + H, 0.051), { t: T0 + 2.5 * H, gap: true }, observation(T0 + 4 * H, 0.09)],
      stats: { present: observation(T0 + 4 * H, 0.09), change1d: 0.04, change7d: null, change30d: null, mean30d: 0.0505, sd30d: 0.0005, samples30d: 6, outlier: true },
      firstAt: T0,
      lastAt: T0 + 4 * H,
    },
  })
})

describe('MarketHistoryCard', () => {
  it('draws rates and TVL over the chosen range, breaks the line at a gap, and flags an outlier', async () => {
    const user = userEvent.setup()
    render()
    const rates = await screen.findByTestId('chart-Rates over time')
    expect(rates).toHaveAttribute('data-points', '3')
    expect(rates).toHaveTextContent(/value axis from 0; times in/)
    expect(screen.getByTestId('chart-TVL over time')).toHaveAttribute('data-points', '3')
    expect(screen.getByTestId('outlier-flag')).toHaveTextContent('more than 3 σ from its 30-day mean')
    expect(within(figures()).getByText('Base rate now').nextSibling).toHaveTextContent('9.00% APY')
    expect(within(figures()).getByText('Change, 1 day').nextSibling).toHaveTextContent('+4.00 pp')
    expect(within(figures()).getByText('Change, 7 days').nextSibling).toHaveTextContent('—')
    expect(screen.getByTestId('history-age')).toHaveTextContent(/Recorded by this app/)
    expect(callsOf('getMarketHistory')).toEqual([{ marketId: ID, range: '7d' }])

    await user.click(screen.getByRole('button', { name: '30 d' }))
    await waitFor(() => expect(callsOf('getMarketHistory')).toContainEqual({ marketId: ID, range: '30d' }))
    expect(screen.getByTestId('location')).toHaveTextContent('range=30d')
  })

  it('exports the history as CSV, one line per observation, rates with their units', async () => {
    const user = userEvent.setup()
    render('?range=all')
    await user.click(await screen.findByRole('button', { name: 'Export history CSV' }))
    await waitFor(() => expect(downloads).toHaveLength(1))
    expect(callsOf('getMarketHistory').at(-1)).toEqual({ marketId: ID, range: 'all', points: 20_000 })
    const csv = parseCsv(downloads[0].text)
    expect(csv[0]).toEqual(['market_id', 'time_utc', 'base_rate', 'base_unit', 'rewards_rate', 'rewards_unit', 'tvl_token_units', 'tvl_usd', 'utilization', 'open_to_entry', 'open_to_exit'])
    expect(csv).toHaveLength(4)
    expect(csv[3].slice(0, 6)).toEqual([ID, new Date(T0 + 4 * H).toISOString(), '0.09', 'APY', '0.002', 'APR'])
  })

  it('says what it waits for when nothing was recorded, and never flags a short record', async () => {
    serveRecord()
    render()
    expect(await screen.findByText(/Nothing recorded for this market yet/)).toBeInTheDocument()
    expect(screen.queryByTestId('outlier-flag')).toBeNull()
  })
})
