import { describe, expect, it } from 'vitest'
import type { YieldBalances } from '@contract/service'
import { allocationByMarket, allocationByToken, groupByMarket, totalsByType, UNTYPED, valueSeries } from './positionsModel'

const usdc = { symbol: 'USDC', network: 'ethereum', decimals: 6 }
const weth = { symbol: 'WETH', network: 'ethereum', decimals: 18 }
const baseUsdc = { symbol: 'USDC', network: 'base', decimals: 6 }

const items: YieldBalances[] = [
  {
    yieldId: 'eth-usdc',
    balances: [
      { type: 'claimable', amount: '1', amountUsd: '1.50', token: usdc },
      { type: 'active', amount: '100', amountUsd: '100.25', token: usdc },
      { type: 'active', amount: '50', amountUsd: '50', token: usdc, address: '0xb' },
    ],
  },
  { yieldId: 'eth-weth', balances: [{ type: 'locked', amount: '1', amountUsd: '3000', token: weth }, { type: 'entering', amount: '0.1', token: weth }] },
  { yieldId: 'empty', balances: [] },
  { yieldId: 'base-usdc', balances: [{ amount: '10', amountUsd: '10', network: 'base', token: baseUsdc }] },
]
const names = new Map([['eth-weth', 'WETH Staking']])

describe('positions model', () => {
  const groups = groupByMarket(items, (id) => names.get(id))

  it('groups by market, largest first, then by balance type in lifecycle order', () => {
    expect(groups.map((g) => [g.yieldId, g.name, g.totalUsd])).toEqual([
      ['eth-weth', 'WETH Staking', 3000],
      ['eth-usdc', 'eth-usdc', 151.75],
      ['base-usdc', 'base-usdc', 10],
    ])
    expect(groups[1].types.map((t) => [t.type, t.totalUsd, t.balances.length])).toEqual([
      ['active', 150.25, 2],
      ['claimable', 1.5, 1],
    ])
    expect(groups[0].types.map((t) => [t.type, t.totalUsd])).toEqual([
      ['entering', undefined],
      ['locked', 3000],
    ])
    expect(groups[2].types[0].type).toBe(UNTYPED)
  })

  it('merges entries of the same market', () => {
    const merged = groupByMarket([items[0], { yieldId: 'eth-usdc', balances: [{ type: 'active', amountUsd: '1', token: usdc }] }], () => undefined)
    expect(merged).toHaveLength(1)
    expect(merged[0].totalUsd).toBeCloseTo(152.75)
  })

  it('totals each balance type across markets', () => {
    expect(totalsByType(groups).map((t) => [t.type, t.totalUsd])).toEqual([
      ['active', 150.25],
      ['entering', undefined],
      ['claimable', 1.5],
      ['locked', 3000],
      [UNTYPED, 10],
    ])
  })

  it('allocates USD by market and by token, telling apart one symbol on two networks', () => {
    expect(allocationByMarket(groups)).toEqual([
      { label: 'WETH Staking', value: 3000 },
      { label: 'eth-usdc', value: 151.75 },
      { label: 'base-usdc', value: 10 },
    ])
    expect(allocationByToken(groups)).toEqual([
      { label: 'WETH', value: 3000 },
      { label: 'USDC (ethereum)', value: 151.75 },
      { label: 'USDC (base)', value: 10 },
    ])
  })

  it('charts the value of each cached fetch in time order, skipping fetches without USD', () => {
    expect(valueSeries([{ fetchedAt: 3, totalUsd: 30 }, { fetchedAt: 1, totalUsd: 10 }, { fetchedAt: 2 }])).toEqual([
      { t: 1, usd: 10 },
      { t: 3, usd: 30 },
    ])
  })
})
