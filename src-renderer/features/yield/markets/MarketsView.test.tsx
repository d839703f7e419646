import { beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { YieldGetMarketsRequest } from '@contract/service'
import { cacheMarkets, readMarket } from '../../../db'
import { parseCsv } from '@contract/testing'
import { useCacheStatus } from '../../../stores/cache'
import { answers, callsOf, okFetched, PROFILE, source } from '../../../testing/bridge'
import { downloads } from '../../../testing/downloads'
import { renderAt, resetWorld } from '../../../testing/harness'
import { marketFixture, serveRecord } from '../testing'
import { MarketsView } from './MarketsView'

vi.mock('../../../data/call', async () => ({ call: (await import('../../../testing/bridge')).fakeCall }))
vi.mock('../../../bridge', () => ({ bridge: { subscribe: () => () => {} } }))
vi.mock('../../../lib/download', async (original) => (await import('../../../testing/downloads')).recordDownloads(await original()))

const ALL = Array.from({ length: 25 }, (_, i) => marketFixture(i + 1))

/** A service that pages ALL by offset/limit; `withTotal: false` answers like the payload form. */
function serveMarkets({ withTotal = true } = {}) {
  answers.set('yieldGetMarkets', (req: YieldGetMarketsRequest) => {
    const offset = req.offset ?? 0
    const limit = req.limit ?? 50
    const items = ALL.slice(offset, offset + limit)
    return okFetched(withTotal ? { items, total: ALL.length, offset, limit } : { items, offset, limit })
  })
}

const render = (query = '') =>
  renderAt(`/yield${query}`, [
    { path: '/yield', element: <MarketsView /> },
    { path: '/yield/market/:id', element: <p>Market page</p> },
  ])
const rows = () => within(screen.getByRole('table', { name: 'Yield markets' })).getAllByRole('row').slice(1)
const location = () => screen.getByTestId('location').textContent
const summary = () => screen.getByTestId('page-summary').textContent

beforeEach(() => {
  resetWorld()
  answers.set('getChains', () => okFetched({ chains: [{ id: 8453, name: 'Base', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }] }))
  serveRecord({}, { 'base-usdc-p2-lending': { change7d: 0.0042, mean30d: 0.0395, lastAt: 1 } })
})

describe('MarketsView', () => {
  it('lists a page of markets with every column, sorted by reward rate by default', async () => {
    serveMarkets()
    render()
    await waitFor(() => expect(rows()).toHaveLength(20))
    expect(callsOf('yieldGetMarkets')).toEqual([{ sort: 'rewardRateDesc', limit: 20, offset: 0 }])
    // The 7-day change and 30-day mean come from main's record, once the page is known.
    await waitFor(() => expect(within(rows()[1]).getAllByRole('cell')[4]).toHaveTextContent('+0.42 pp'))
    const cells = within(rows()[1]).getAllByRole('cell').map((c) => c.textContent)
    expect(cells).toEqual([
      'MAMarket 2',
      'p2',
      'Base',
      '4.00% APY+ 0.20% APR▸ 2',
      '+0.42 pp',
      '3.95% APY',
      '$2,000,000.00',
      '200',
      'enter ✓ exit ✓',
      'stablecoinlending',
      'A (Exponential)',
    ])
    expect(summary()).toBe('Showing 1–20 of 25')
  })

  it('shows reward components on demand without opening the row', async () => {
    const user = userEvent.setup()
    serveMarkets()
    render()
    await waitFor(() => expect(rows()).toHaveLength(20))
    await user.click(within(rows()[0]).getByRole('button', { name: 'Show 2 reward components' }))
    expect(within(rows()[0]).getByText('4.00% APY from supply in USDC (Interest paid by borrowers)')).toBeInTheDocument()
    expect(within(rows()[0]).getByText('0.10% APR from incentive in OP')).toBeInTheDocument()
    expect(location()).toBe('/yield')
  })

  it('pages with next and previous, saying which markets are shown', async () => {
    const user = userEvent.setup()
    serveMarkets()
    render('?limit=10')
    await waitFor(() => expect(summary()).toBe('Showing 1–10 of 25'))
    await user.click(screen.getByRole('button', { name: 'Next →' }))
    await waitFor(() => expect(summary()).toBe('Showing 11–20 of 25'))
    expect(location()).toBe('/yield?limit=10&offset=10')
    // The summary follows the URL at once; the pager's buttons wait for the page.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next →' })).toBeEnabled())
    await user.click(screen.getByRole('button', { name: 'Next →' }))
    await waitFor(() => expect(summary()).toBe('Showing 21–25 of 25'))
    expect(screen.getByRole('button', { name: 'Next →' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: '← Previous' }))
    await waitFor(() => expect(summary()).toBe('Showing 11–20 of 25'))
    await user.selectOptions(screen.getByLabelText('Per page'), '50')
    await waitFor(() => expect(summary()).toBe('Showing 1–25 of 25'))
    expect(location()).toBe('/yield?limit=50')
  })

  it('pages on without a total when the service answers with a bare list', async () => {
    const user = userEvent.setup()
    serveMarkets({ withTotal: false })
    render('?limit=10&offset=10')
    await waitFor(() => expect(summary()).toBe('Showing 11–20'))
    await user.click(screen.getByRole('button', { name: 'Next →' }))
    await waitFor(() => expect(summary()).toBe('Showing 21–25'))
    expect(screen.getByRole('button', { name: 'Next →' })).toBeDisabled()
  })

  it('sends the filters from the URL, and a changed filter starts at the first page', async () => {
    const user = userEvent.setup()
    serveMarkets()
    render('?provider=p3&chain=8453&q=usdc&sort=tvlDesc&offset=20')
    await waitFor(() => expect(callsOf('yieldGetMarkets')).toHaveLength(1))
    expect(callsOf('yieldGetMarkets')[0]).toEqual({ provider: 'p3', chainId: '8453', search: 'usdc', sort: 'tvlDesc', limit: 20, offset: 20 })
    await user.selectOptions(screen.getByLabelText('Type'), 'vault')
    await waitFor(() => expect(location()).toBe('/yield?provider=p3&chain=8453&q=usdc&sort=tvlDesc&type=vault'))
    const search = screen.getByLabelText('Search')
    await user.clear(search)
    await user.type(search, 'weth{Enter}')
    await waitFor(() => expect(callsOf('yieldGetMarkets').at(-1)).toMatchObject({ search: 'weth', type: 'vault', offset: 0 }))
  })

  it('applies the analyst filters over every market, pages what is left, keeps them in the URL and saves them', async () => {
    const user = userEvent.setup()
    serveMarkets()
    // ALL: market n has TVL $n M and is open to entry when n is even.
    render('?mintvl=10000000&open=1&limit=5')
    await waitFor(() => expect(summary()).toBe('Showing 1–5 of 8'))
    // The service was read in full, 100 a call, without the filters it does not know.
    expect(callsOf('yieldGetMarkets')).toEqual([{ sort: 'rewardRateDesc', limit: 100, offset: 0 }])
    expect(rows().map((r) => within(r).getAllByRole('cell')[1].textContent)).toEqual(['p10', 'p12', 'p14', 'p16', 'p18'])
    await user.click(screen.getByRole('checkbox', { name: 'Hide closed to entry' }))
    await waitFor(() => expect(summary()).toBe('Showing 1–5 of 16'))
    expect(location()).toBe('/yield?mintvl=10000000&limit=5')
    await user.type(screen.getByLabelText('Minimum TVL (USD)'), '{Control>}a{/Control}20000000{Enter}')
    await waitFor(() => expect(summary()).toBe('Showing 1–5 of 6'))

    await user.click(screen.getByRole('button', { name: 'Save filters' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    const saved = await screen.findByRole('navigation', { name: 'Saved market filters' })
    expect(within(saved).getByRole('link', { name: 'TVL ≥ $20,000,000' })).toHaveAttribute('href', '/yield?mintvl=20000000&limit=5')
  })

  it('marks a malformed chain id from a link next to its field and leaves it out', async () => {
    serveMarkets()
    render('?chain=base')
    expect(await screen.findByText('Use numeric chain ids, separated by commas')).toBeInTheDocument()
    await waitFor(() => expect(callsOf('yieldGetMarkets')[0]).toEqual({ sort: 'rewardRateDesc', limit: 20, offset: 0 }))
  })

  it('opens a market with Enter and writes the page through to the cache', async () => {
    const user = userEvent.setup()
    serveMarkets()
    render()
    await waitFor(() => expect(rows()).toHaveLength(20))
    expect((await readMarket(PROFILE, ALL[0].id))?.market.metadata?.name).toBe('Market 1')
    rows()[2].focus()
    await user.keyboard('{Enter}')
    expect(location()).toBe(`/yield/market/${ALL[2].id}`)
  })

  it('offline, answers the same filters from the cache', async () => {
    await cacheMarkets(source(Date.now() - 120_000), [
      marketFixture(1, { providerId: 'aave' }),
      marketFixture(2, { providerId: 'aave' }),
      marketFixture(3),
    ])
    useCacheStatus.setState({ forcedOffline: true })
    render('?provider=aave&sort=tvlDesc')
    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(rows().map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual(['MAMarket 2', 'MAMarket 1'])
    expect(screen.getByText(/cached data, fetched 2 min ago/)).toBeInTheDocument()
    expect(summary()).toBe('Showing 1–2 of 2')
    expect(callsOf('yieldGetMarkets')).toEqual([])
  })

  it('exports every market matching the filters as CSV, not just the page', async () => {
    const user = userEvent.setup()
    serveMarkets()
    render()
    await waitFor(() => expect(rows()).toHaveLength(20))
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    expect(await screen.findByText('Exported 25 markets.')).toBeInTheDocument()
    const [file] = downloads
    expect(file.filename).toMatch(/^yield-markets-\d{4}-\d{2}-\d{2}\.csv$/)
    const csv = parseCsv(file.text)
    expect(csv).toHaveLength(26)
    const header = csv[0]
    const first = Object.fromEntries(header.map((h, i) => [h, csv[1][i]]))
    expect(first).toMatchObject({ id: ALL[0].id, name: 'Market 1', chain: 'Base', rewardRate: '0.041', rateType: 'APY', tvlUsd: '1000000' })
  })
})
