import { beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { cacheMarkets } from '../../../db'
import { parseCsv } from '@contract/testing'
import { callsOf, source } from '../../../testing/bridge'
import { downloads } from '../../../testing/downloads'
import { renderAt, resetWorld } from '../../../testing/harness'
import { marketFixture, observation, serveRecord } from '../testing'
import { mergedRows } from './compareRows'
import { CompareView } from './CompareView'

vi.mock('../../../data/call', async () => ({ call: (await import('../../../testing/bridge')).fakeCall }))
vi.mock('../../../bridge', () => ({ bridge: { subscribe: () => () => {} } }))
vi.mock('../../../lib/download', async (original) => (await import('../../../testing/downloads')).recordDownloads(await original()))

const T0 = Date.UTC(2026, 10, 1)
const H = 3_600_000
const A = 'base-usdc-p1-lending'
const B = 'base-usdc-p2-lending'
const C = 'base-usdc-p3-lending'
const stats = (base: number, outlier = false) => ({ present: observation(T0 + 2 * H, base), change1d: null, change7d: 0.001, change30d: null, mean30d: 0.05, sd30d: 0.001, samples30d: 9, outlier })

beforeEach(async () => {
  resetWorld()
  await cacheMarkets(source(), [marketFixture(1), marketFixture(2), marketFixture(3)])
  serveRecord({
    [A]: { points: [observation(T0, 0.05), observation(T0 + 2 * H, 0.051)], stats: stats(0.051), firstAt: T0, lastAt: T0 + 2 * H },
    [B]: { points: [observation(T0 + H, 0.07), { t: T0 + 1.5 * H, gap: true }, observation(T0 + 2 * H, 0.09)], stats: stats(0.09, true), firstAt: T0 + H, lastAt: T0 + 2 * H },
    [C]: { points: [observation(T0, 0.03)], stats: stats(0.03), firstAt: T0, lastAt: T0 },
  })
})

describe('CompareView', () => {
  it('puts the picked markets on one chart and their state side by side, in the URL', async () => {
    const user = userEvent.setup()
    renderAt(`/yield/compare?m=${A}&range=24h`, [{ path: '/yield/compare', element: <CompareView /> }])
    expect(await screen.findByText(/Pick two to four markets/)).toBeInTheDocument()
    await user.selectOptions(await screen.findByLabelText('Add a market'), 'Market 2')
    await waitFor(() => expect(callsOf('getMarketHistories')).toContainEqual({ marketIds: [A, B], range: '24h' }))
    expect(screen.getByTestId('location')).toHaveTextContent(`m=${A}&m=${B}`)
    expect(await screen.findByTestId('chart-Base rate over time')).toHaveAttribute('data-points', '4')
    const table = screen.getByRole('table', { name: 'Compared markets' })
    const row = (label: string) => within(table).getByRole('rowheader', { name: label }).parentElement!
    expect(within(row('Base rate now')).getAllByRole('cell').map((c) => c.textContent)).toEqual(['5.10% APY', '9.00% APY'])
    expect(within(row('Outlier (> 3 σ)')).getAllByRole('cell').map((c) => c.textContent)).toEqual(['No', 'Yes'])
    // Every observation of both, one file.
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    await waitFor(() => expect(downloads).toHaveLength(1))
    const csv = parseCsv(downloads[0].text)
    expect(csv.slice(1).map((r) => [r[0], r[2]])).toEqual([[A, '0.05'], [A, '0.051'], [B, '0.07'], [B, '0.09']])
    await user.click(screen.getByRole('button', { name: 'Remove Market 1' }))
    expect(await screen.findByText(/Pick two to four markets/)).toBeInTheDocument()
  })
})

describe('the merged rows', () => {
  it('hold each market at its last value between its own points, and keep its breaks', () => {
    const rows = mergedRows(
      [
        { marketId: A, points: [observation(T0, 0.05), observation(T0 + 2 * H, 0.06)], stats: stats(0.06), firstAt: T0, lastAt: T0 + 2 * H },
        { marketId: B, points: [observation(T0 + H, 0.07), { t: T0 + 1.5 * H, gap: true }, observation(T0 + 2 * H, 0.09)], stats: stats(0.09), firstAt: T0 + H, lastAt: T0 + 2 * H },
      ],
      'base',
    )
    expect(rows).toEqual([
      { t: T0, m0: 0.05, m1: null },
      { t: T0 + H, m0: 0.05, m1: 0.07 },
      { t: T0 + 1.5 * H, m0: 0.05, m1: null },
      { t: T0 + 2 * H, m0: 0.06, m1: 0.09 },
    ])
  })
})
