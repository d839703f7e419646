import { beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import type { YieldGetMarketsRequest, YieldMarket } from '@contract/service'
import { cacheMarkets, readMarket } from '../../../db'
import { useCacheStatus } from '../../../stores/cache'
import { answers, callsOf, failure, okFetched, PROFILE, source } from '../../../testing/bridge'
import { renderAt, resetWorld } from '../../../testing/harness'
import { marketFixture, serveRecord } from '../testing'
import { allocationSlices } from './StateCard'
import { MarketDetailView } from './MarketDetailView'

vi.mock('../../../data/call', async () => ({ call: (await import('../../../testing/bridge')).fakeCall }))
vi.mock('../../../bridge', () => ({ bridge: { subscribe: () => () => {} } }))

const usdc = { symbol: 'USDC', name: 'USD Coin', decimals: 6, network: 'base', address: `0x${'0c'.repeat(20)}` }
const share = { symbol: 'gtUSDC', name: 'Gauntlet USDC', decimals: 18, network: 'base', address: `0x${'5a'.repeat(20)}` }

const vault: YieldMarket = marketFixture(7, {
  id: 'base-usdc-morpho-gauntlet-vault',
  metadata: { name: 'Gauntlet USDC (Morpho)', description: 'Supply USDC', documentation: 'https://docs.example/morpho', supportedStandards: ['ERC4626'], deprecated: false },
  outputToken: share,
  supportsBeneficiary: true,
  mechanics: {
    type: 'vault',
    rewardSchedule: 'day',
    rewardClaiming: 'auto',
    lockupPeriod: { seconds: 0 },
    cooldownPeriod: { seconds: 3 * 86_400 },
    fee: { deposit: '0', withdrawal: '0', management: '0.01', performance: '0.1' },
    entryLimits: { minimum: '0', maximum: '1234567890123456789012' },
    requirements: { kycRequired: true, kycUrl: 'https://kyc.example' },
    arguments: {
      enter: {
        fields: [
          { name: 'amount', type: 'string', label: 'Amount', required: true, minimum: '0', maximum: '1000', default: { unit: 'token' } },
          { name: 'validator', type: 'enum', label: 'Validator', required: false, options: ['a', 'b'] },
        ],
        notes: 'Deposits settle daily.',
      },
      manage: { CLAIM_REWARDS: { fields: [] } },
    },
    possibleFeeTakingMechanisms: { depositFee: false, managementFee: true, performanceFee: true, validatorRebates: false },
  },
  statistics: { tvlUsd: '2500000.5', tvl: '2500000.123456', tvlRaw: '2500000123456', uniqueUsers: 321, averagePositionSizeUsd: '7788.16' },
  risk: { ratings: [{ rating: 'A-', source: 'Exponential' }, { rating: 'AA', source: 'Credora' }] },
  curator: { name: 'Gauntlet', description: { text: 'curates risk' }, logoURI: 42 },
  state: {
    pricePerShareState: { price: 1.0732, shareToken: share, quoteToken: usdc },
    capacityState: { current: '100', max: '250', remaining: '150' },
    liquidityState: { liquidity: '900000.5', utilization: 0.71 },
    allocations: [
      { name: 'USDC market 1', address: `0x${'a1'.repeat(20)}`, yieldId: 'base-usdc-aave-v3-lending', weight: 0.6, targetWeight: 0.55, allocationUsd: '1500000.30' },
      { name: 'USDC market 2', address: `0x${'a2'.repeat(20)}`, yieldId: 'base-usdc-fluid-lending', weight: 0.4, allocationUsd: '1000000.20' },
    ],
  },
})

const render = (id = vault.id) =>
  renderAt(`/yield/market/${encodeURIComponent(id)}`, [{ path: '/yield/market/:id', element: <MarketDetailView /> }])
const card = (name: string) => screen.getByRole('region', { name })
const value = (region: HTMLElement, label: string) => within(region).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent

beforeEach(() => {
  resetWorld()
  serveRecord()
})

describe('MarketDetailView', () => {
  it('finds the market through the list and shows every field group', async () => {
    answers.set('yieldGetMarkets', (req: YieldGetMarketsRequest) =>
      okFetched({ items: req.search ? [] : [marketFixture(1), vault], total: 2, offset: req.offset ?? 0, limit: req.limit }),
    )
    render()
    expect(await screen.findByRole('heading', { name: /Gauntlet USDC \(Morpho\)/ })).toBeInTheDocument()
    // A search by id first, then the list from the top.
    expect(callsOf('yieldGetMarkets')).toEqual([{ search: vault.id, limit: 100 }, { limit: 100, offset: 0 }])
    expect((await readMarket(PROFILE, vault.id))?.market.id).toBe(vault.id)

    const overview = card('Overview')
    expect(value(overview, 'Market id')).toContain(vault.id)
    expect(value(overview, 'Supported standards')).toBe('ERC4626')
    expect(within(overview).getByRole('link', { name: 'https://docs.example/morpho' })).toHaveAttribute('target', '_blank')

    expect(within(card('Reward rate')).getByRole('table', { name: 'Reward components' })).toHaveTextContent('supply')
    const rewardRows = within(within(card('Reward rate')).getByRole('table', { name: 'Reward components' })).getAllByRole('row').slice(1)
    expect(rewardRows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['4.00%', 'APY', 'USDC', 'supply', 'Interest paid by borrowers'],
      ['0.70%', 'APR', 'OP', 'incentive', '—'],
    ])
    expect(within(card('Tokens')).getAllByRole('row').map((r) => within(r).queryAllByRole('cell')[0]?.textContent)).toEqual([
      undefined,
      'Token',
      'Input',
      'Output',
    ])

    const mechanics = card('Mechanics')
    expect(value(mechanics, 'Lockup period')).toBe('None')
    expect(value(mechanics, 'Cooldown period')).toBe('3d 0h')
    expect(value(mechanics, 'Warmup period')).toBe('—')
    expect(value(mechanics, 'Management fee')).toBe('0.01')
    expect(value(mechanics, 'Entry maximum')).toContain('1,234,567,890,123,456,789,012')
    expect(value(mechanics, 'KYC required')).toBe('Yes')
    expect(value(mechanics, 'Possible fees')).toBe('management, performance')

    const enter = screen.getByRole('table', { name: 'Enter arguments' })
    const amountRow = within(enter).getAllByRole('row')[1]
    expect(within(amountRow).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      'amount',
      'string',
      'Amount',
      'Yes',
      '—',
      '0',
      '1000',
      '{"unit":"token"}',
      '—',
      '—',
      '—',
    ])
    expect(within(enter).getAllByRole('row')[2]).toHaveTextContent('a, b')
    expect(screen.getByText('Deposits settle daily.')).toBeInTheDocument()
    expect(within(card('Arguments')).getByRole('group', { name: 'Manage arguments' })).toHaveTextContent('CLAIM_REWARDS')

    const tokens = within(card('Tokens')).getByRole('table', { name: 'Market tokens' })
    const tokenRows = within(tokens).getAllByRole('row').slice(1)
    expect(tokenRows.map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual(['Token', 'Input', 'Output'])
    const output = within(tokenRows[2]).getAllByRole('cell').map((c) => c.textContent)
    expect(output[1]).toContain('gtUSDC')
    expect([output[2], output[3], output[5], output[6], output[7]]).toEqual(['Gauntlet USDC', 'base', '18', '—', '—'])

    expect(value(card('Statistics'), 'TVL (token units, from the raw amount)')).toContain('2,500,000.123456')
    expect(value(card('Statistics'), 'Unique users')).toBe('321')
    expect(value(card('Risk'), 'Credora')).toBe('AA')
    expect(value(card('Curator'), 'Description')).toBe('{"text":"curates risk"}')
    expect(value(card('Curator'), 'Logo')).toBe('42')

    expect(value(card('State'), 'Price per share')).toBe('1.0732')
    expect(value(card('State'), 'Utilization')).toBe('71.0%')
    expect(value(card('State'), 'Liquidity')).toBe(`900,000.5 ${vault.token?.symbol}`)
    // A vault without a pool: that section does not apply and is not shown.
    expect(screen.queryByRole('region', { name: 'Concentrated liquidity pool' })).toBeNull()
    const allocations = within(card('Allocations')).getByRole('table', { name: 'Allocation list' })
    expect(within(allocations).getAllByRole('row')).toHaveLength(3)
    const first = within(within(allocations).getAllByRole('row')[1]).getAllByRole('cell').map((c) => c.textContent)
    expect(first[0]).toContain('USDC market 1')
    expect(first[2]).toBe('base-usdc-aave-v3-lending')
    expect(first[3]).toContain('$1,500,000.30')
    expect(first[4]).toBe('60.00%target 55.00%')
    expect(within(card('Allocations')).getByText('Allocation (USD)')).toBeInTheDocument()
  })

  it('charts allocations in USD when all have it, else by weight', () => {
    const allocs = vault.state!.allocations!
    expect(allocationSlices(allocs)).toEqual({
      unit: 'usd',
      slices: [
        { label: 'USDC market 1', value: 1500000.3 },
        { label: 'USDC market 2', value: 1000000.2 },
      ],
    })
    expect(allocationSlices([{ ...allocs[0], allocationUsd: undefined }, allocs[1]])?.unit).toBe('weight')
    expect(allocationSlices([{ name: 'x' }])).toBeUndefined()
  })

  it('says when the service lists no such market', async () => {
    answers.set('yieldGetMarkets', (req: YieldGetMarketsRequest) => okFetched({ items: [marketFixture(1)], total: 1, offset: req.offset ?? 0, limit: req.limit }))
    render('nope')
    expect(await screen.findByText('Market not found')).toBeInTheDocument()
    expect(callsOf('yieldGetMarkets')).toHaveLength(2)
  })

  it('shows the cached copy offline', async () => {
    await cacheMarkets(source(), [vault])
    useCacheStatus.setState({ forcedOffline: true })
    render()
    expect(await screen.findByRole('heading', { name: /Gauntlet USDC/ })).toBeInTheDocument()
    expect(screen.getByText(/cached data, fetched just now/)).toBeInTheDocument()
    expect(callsOf('yieldGetMarkets')).toEqual([])
  })

  it('offline, says when the market was never loaded', async () => {
    useCacheStatus.setState({ forcedOffline: true })
    render('base-weth-unknown-vault')
    expect(await screen.findByText('Market not cached')).toBeInTheDocument()
  })

  it('reports a failure with a retry', async () => {
    answers.set('yieldGetMarkets', () => failure('RateLimited', 'Slow down'))
    render()
    expect(await screen.findByText('Slow down')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })

  it('shows only the state parts a lending market reports, liquidity with separators and its unit', async () => {
    const lending = marketFixture(9, {
      id: 'base-usdc-aave-lending',
      token: usdc,
      state: { liquidityState: { liquidity: '2817282.557760', utilization: 0.904 } },
    })
    answers.set('yieldGetMarkets', (req: YieldGetMarketsRequest) =>
      okFetched({ items: req.search ? [] : [lending], total: 1, offset: req.offset ?? 0, limit: req.limit }),
    )
    render(lending.id)
    const state = await screen.findByRole('region', { name: 'State' }, { timeout: 5000 })
    expect(value(state, 'Liquidity')).toBe('2,817,282.55776 USDC')
    expect(value(state, 'Utilization')).toBe('90.4%')
    expect(within(state).queryByText('Price per share')).toBeNull()
    expect(within(state).queryByText('Capacity: max')).toBeNull()
    expect(screen.queryByRole('region', { name: 'Concentrated liquidity pool' })).toBeNull()
    expect(screen.queryByRole('region', { name: 'Allocations' })).toBeNull()
  })
})
