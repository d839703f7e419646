import { beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { cacheIntents } from '../../db'
import userEvent from '@testing-library/user-event'
import { writeThrough } from '../../data/keepAnswers'
import { CAPABILITY_OPERATIONS, type Capabilities } from '@contract/service/extras'
import { answers, callsOf, okFetched, PROFILE, source } from '../../testing/bridge'
import { renderAt, resetWorld } from '../../testing/harness'
import { SummaryStrip, unpricedText } from './SummaryStrip'
import { usePriceBookStore } from '../../stores/priceBook'
import { makeEntry, WETH } from './testing/entries'

vi.mock('../../data/call', async () => ({ call: (await import('../../testing/bridge')).fakeCall }))
vi.mock('../../bridge', () => ({ bridge: { subscribe: () => () => {} } }))

beforeEach(() => {
  resetWorld()
  usePriceBookStore.setState({ byProfile: new Map() })
})

describe('unpricedText', () => {
  it('names the reasons, most common first, and counts the rest', () => {
    expect(unpricedText([])).toBe('')
    expect(unpricedText([{ reason: 'WETH has no known price', count: 61 }])).toBe('61 unpriced: WETH has no known price')
    expect(
      unpricedText([
        { reason: 'WETH has no known price', count: 1200 },
        { reason: 'DAI has no known price', count: 21 },
        { reason: 'no amount sent is recorded', count: 1 },
      ]),
    ).toBe('1,222 unpriced: WETH has no known price (1,200), DAI has no known price (21)')
  })
})

describe('SummaryStrip volume', () => {
  it('prices entries from a quote in the cache and says what stays unpriced', async () => {
    const usdc = makeEntry({ status: 'SUCCEEDED', originAmount: '2000000000' })
    const weth = makeEntry({ status: 'SUCCEEDED', originAmount: '1000000000000000000', originToken: { address: WETH, symbol: 'WETH', decimals: 18 } })
    // The USDC intent was searched before: its quote says 2,000 USDC were worth $1,999.
    await cacheIntents(source(), [
      {
        intentId: usdc.intentId,
        originChainId: 1,
        originTokenAddress: usdc.receipt?.summary?.originTokenAddress,
        destinationChainId: 8453,
        destinationTokenAddress: usdc.receipt?.summary?.destinationTokenAddress,
        quote: { fromAmount: '2000000000', fromAmountUsd: 1999 },
      },
    ])
    const entries = [usdc, weth]
    renderAt('/', [{ path: '/', element: <SummaryStrip entries={entries} scope="This page" /> }])
    await waitFor(() => expect(screen.getByTestId('history-summary-volume').textContent).toBe('$1,999.00'))
    expect(screen.getByTestId('history-summary-priced').textContent).toBe('from 1 of 2 succeeded')
    expect(screen.getByTestId('history-summary-unpriced').textContent).toBe('1 unpriced: WETH has no known price')
  })
})

describe('SummaryStrip definitions', () => {
  it('shows what each figure counts beside it, and that a p95 of few intents says so', async () => {
    const at = (s: number) => new Date(Date.parse('2026-11-01T10:00:00.000Z') + s * 1000).toISOString()
    const entries = [10, 20, 30].map((s) => makeEntry({ status: 'SUCCEEDED', startedAt: at(0), finishedAt: at(s) }))
    renderAt('/', [{ path: '/', element: <SummaryStrip entries={[...entries, makeEntry({ status: 'INVALID' })]} scope="This page" /> }])
    await waitFor(() => expect(screen.getByTestId('history-summary-p95')).toHaveTextContent('p95 30s · 3 timed (from only 3 intents; a p95 needs 20)'))
    expect(screen.getByText(/INVALID and pending intents are left out/)).toBeInTheDocument()
    expect(screen.getByText(/Succeeded intents only, from the start of execution to its finish/)).toBeInTheDocument()
    expect(screen.getByTestId('history-summary-success')).toHaveTextContent('100.0%')
  })
})

describe('SummaryStrip prices', () => {
  it('prices from the profile’s price source, whichever view the quote was answered in, and says how', async () => {
    // A search answered elsewhere (another view) quoted 2,000 USDC at $1,999: the one price source learns it.
    const usdc = makeEntry({ status: 'SUCCEEDED', originAmount: '2000000000' })
    const summary = usdc.receipt!.summary!
    await writeThrough(
      'searchIntents',
      { source: source(), data: { intents: [{ intentId: '0xother', originChainId: summary.originChainId, originTokenAddress: summary.originTokenAddress, depositTransaction: { decimals: 6 }, quote: { fromAmount: '4000000', fromAmountUsd: 3.998 } }] } },
      { byOwnerAddress: '0x00' },
    )
    const book = usePriceBookStore.getState().byProfile.get(PROFILE)
    expect([...(book?.values() ?? [])]).toEqual([{ usd: 0.9995, from: 'quote', at: expect.any(Number), intentId: '0xother' }])
    renderAt('/', [{ path: '/', element: <SummaryStrip entries={[usdc]} scope="This page" /> }])
    await waitFor(() => expect(screen.getByTestId('history-summary-volume').textContent).toBe('$1,999.00'))
    expect(screen.getByTestId('history-summary-priced-how').textContent).toBe('1 at quote prices')
  })

  it('opens every unpriced reason from "N more reasons"', async () => {
    const user = userEvent.setup()
    const tokensOf = ['AAA', 'BBB', 'CCC', 'DDD'].map((symbol, n) => makeEntry({ status: 'SUCCEEDED', originToken: { address: `0x${String(n + 1).repeat(40)}`, symbol, decimals: 18 } }))
    renderAt('/', [{ path: '/', element: <SummaryStrip entries={tokensOf} scope="This page" /> }])
    const more = await screen.findByText('2 more reasons')
    expect(screen.getByRole('list', { name: 'Why intents are unpriced', hidden: true })).not.toBeVisible()
    await user.click(more)
    expect(screen.getByRole('list', { name: 'Why intents are unpriced' })).toHaveTextContent('DDD has no known price')
  })
})

describe('SummaryStrip on a first visit', () => {
  const USDT = '0xdac17f958d2ee523a2206206994597c13d831ec7'
  const capabilities: Capabilities = { operations: Object.fromEntries(CAPABILITY_OPERATIONS.map((op) => [op, 'available'])) as Capabilities['operations'], checkedAt: 1 }

  it('asks GetTokenPrices when the service has it, prices the volume from it, says how, and keeps the price for the profile', async () => {
    const user = userEvent.setup()
    answers.set('getCapabilities', () => ({ ok: true, value: capabilities }))
    answers.set('getTokenPrices', (a: { tokens: Array<{ chainId: number; contractAddress: string }> }) => okFetched({ prices: a.tokens.map((t) => ({ ...t, priceUsd: 1.0005 })) }))
    // Nothing cached, no quote, no balance: only the service can price USDT.
    const usdt = makeEntry({ status: 'SUCCEEDED', originAmount: '2000000000', originToken: { address: USDT, symbol: 'USDT', decimals: 6 } })
    renderAt('/', [{ path: '/', element: <SummaryStrip entries={[usdt]} scope="This page" /> }])
    await waitFor(() => expect(screen.getByTestId('history-summary-volume').textContent).toBe('$2,001.00'))
    expect(callsOf('getTokenPrices')).toEqual([{ tokens: [{ chainId: 1, contractAddress: USDT }] }])
    expect(screen.getByTestId('history-summary-priced-how').textContent).toBe('1 at the service’s prices')
    expect(screen.queryByTestId('history-summary-unpriced')).toBeNull()
    await user.click(screen.getByText('How 1 token was priced'))
    expect(screen.getByRole('list', { name: 'How each token was priced' })).toHaveTextContent(/USDT: \$1\.00 — priced from GetTokenPrices at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d .*\(just now\)/)
    // Kept for the profile on this computer: there after a restart and offline, with its time.
    const stored = JSON.parse(localStorage.getItem('intent-explorer.price-book') ?? '{}') as { state?: { byProfile?: Record<string, Record<string, { usd: number; from: string; at: number }>> } }
    expect(stored.state?.byProfile?.[PROFILE]?.[`1:${USDT}`]).toMatchObject({ usd: 1.0005, from: 'service', at: expect.any(Number) })
  })

  it('asks nothing of a service without GetTokenPrices, and says the token is unpriced and why', async () => {
    answers.set('getCapabilities', () => ({ ok: true, value: { ...capabilities, operations: { ...capabilities.operations, GetTokenPrices: 'absent' } } }))
    const usdt = makeEntry({ status: 'SUCCEEDED', originAmount: '2000000000', originToken: { address: USDT, symbol: 'USDT', decimals: 6 } })
    renderAt('/', [{ path: '/', element: <SummaryStrip entries={[usdt]} scope="This page" /> }])
    await waitFor(() => expect(screen.getByTestId('history-summary-unpriced').textContent).toBe('1 unpriced: USDT has no known price'))
    await waitFor(() => expect(callsOf('getCapabilities').length).toBeGreaterThan(0))
    expect(callsOf('getTokenPrices')).toEqual([])
  })
})
