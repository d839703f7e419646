import { beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { EarnPool, GetEarnPoolsRequest } from '@contract/service'
import { cacheEarnPools, readEarnPools } from '../../db'
import { useCacheStatus } from '../../stores/cache'
import { answers, callsOf, okFetched, PROFILE, source } from '../../testing/bridge'
import { renderAt, resetWorld } from '../../testing/harness'
import { EarnView } from './EarnView'

vi.mock('../../data/call', async () => ({ call: (await import('../../testing/bridge')).fakeCall }))
vi.mock('../../bridge', () => ({ bridge: { subscribe: () => () => {} } }))

const pool = (id: string, over: Partial<EarnPool>): EarnPool => ({
  id,
  name: `Pool ${id}`,
  protocol: 'Aave v3',
  chainId: 1,
  apy: 4.52,
  tvl: 2_500_000,
  token: { symbol: 'USDC', name: 'USD Coin', address: `0x${'0c'.repeat(20)}`, decimals: 6 },
  depositAddress: `0x${'d0'.repeat(20)}`,
  isActive: true,
  poolUrl: `https://app.example/${id}`,
  protocolUrl: 'https://docs.example/aave',
  ...over,
})
const POOLS = [pool('a', {}), pool('b', { protocol: 'Compound III', chainId: 8453, apy: 7.1, tvl: 400_000, isActive: false }), pool('c', { chainId: 8453, apy: 3 })]

const render = (query = '') =>
  renderAt(`/earn${query}`, [
    { path: '/earn', element: <EarnView /> },
    { path: '/yield', element: <p>Yield page</p> },
  ])
const rows = () => within(screen.getByRole('table', { name: 'Earn pools' })).getAllByRole('row').slice(1)
const location = () => decodeURIComponent(screen.getByTestId('location').textContent ?? '')

beforeEach(() => {
  resetWorld()
  answers.set('getChains', () =>
    okFetched({
      chains: [
        { id: 1, name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
        { id: 8453, name: 'Base', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
      ],
    }),
  )
})

describe('EarnView', () => {
  it('says it is deprecated, links to yield markets, and shows pools with APY, TVL, data time and cache flag', async () => {
    const user = userEvent.setup()
    answers.set('getEarnPools', () => okFetched({ pools: POOLS, timestamp: '2026-11-20T10:00:00.000Z', cached: true }))
    render()
    await waitFor(() => expect(rows()).toHaveLength(3))
    expect(callsOf('getEarnPools')).toEqual([{}])
    // Highest APY first.
    const cells = within(rows()[0]).getAllByRole('cell').map((c) => c.textContent)
    expect(cells.slice(0, 7)).toEqual(['Pool b', 'Compound III', 'Base', expect.stringContaining('USDC'), '7.10%', '$400,000.00', 'closed'])
    const links = within(rows()[0]).getAllByRole('link').filter((a) => a.getAttribute('target') === '_blank' && /Pool|Protocol/.test(a.textContent!))
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://app.example/b', 'https://docs.example/aave'])
    expect(screen.getByTestId('earn-meta')).toHaveTextContent("3 pools · data from 2026-11-20")
    expect(screen.getByTestId('earn-meta')).toHaveTextContent("served from the service's cache")
    expect((await readEarnPools(PROFILE))?.response.pools).toHaveLength(3)

    await user.click(screen.getByRole('link', { name: 'Yield markets' }))
    expect(location()).toBe('/yield')
  })

  it('applies chain, protocol, TVL and APY filters through the URL', async () => {
    const user = userEvent.setup()
    answers.set('getEarnPools', (req: GetEarnPoolsRequest) => okFetched({ pools: POOLS.filter((p) => !req.chainIds || req.chainIds.includes(p.chainId!)), timestamp: '2026-11-20T10:00:00.000Z', cached: false }))
    render()
    await waitFor(() => expect(rows()).toHaveLength(3))
    await user.click(screen.getByText('Any chain'))
    await user.click(screen.getByLabelText('Base (8453)'))
    await user.type(screen.getByLabelText('Protocols'), 'Aave v3, Compound III')
    await user.type(screen.getByLabelText('Minimum TVL (USD)'), '100000')
    await user.type(screen.getByLabelText('Maximum APY (%)'), '8{Enter}')
    await waitFor(() => expect(callsOf('getEarnPools')).toHaveLength(2))
    expect(callsOf('getEarnPools')[1]).toEqual({ chainIds: [8453], protocols: ['Aave v3', 'Compound III'], minTvl: 100000, maxApy: 8 })
    expect(location()).toBe('/earn?chains=8453&protocols=Aave+v3,+Compound+III&minTvl=100000&maxApy=8')
    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(screen.getByTestId('earn-meta')).toHaveTextContent('fresh from the service')
  })

  it('keeps a bad number where it was typed, says why, and asks nothing', async () => {
    const user = userEvent.setup()
    answers.set('getEarnPools', () => okFetched({ pools: POOLS, timestamp: '2026-11-20T10:00:00.000Z', cached: false }))
    render()
    await waitFor(() => expect(rows()).toHaveLength(3))
    await user.type(screen.getByLabelText('Maximum APY (%)'), 'lots{Enter}')
    expect(screen.getByText('Maximum APY must be a number, 0 or more (e.g. 12.5)')).toBeInTheDocument()
    expect(screen.getByLabelText('Maximum APY (%)')).toHaveValue('lots')
    expect(callsOf('getEarnPools')).toHaveLength(1)
    expect(location()).toBe('/earn')
  })

  it('offline, filters the cached pools the same way', async () => {
    await cacheEarnPools(source(Date.now() - 86_400_000 * 2), { pools: POOLS, timestamp: '2026-11-18T10:00:00.000Z', cached: false })
    useCacheStatus.setState({ forcedOffline: true })
    render('?chains=8453&maxApy=5')
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(rows()[0]).toHaveTextContent('Pool c')
    expect(screen.getByText(/cached data, fetched 2 days ago/)).toBeInTheDocument()
    expect(callsOf('getEarnPools')).toEqual([])
  })
})
