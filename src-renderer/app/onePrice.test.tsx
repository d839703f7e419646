import { beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import type { IntentBalance, IntentHistoryEntry } from '@contract/service'
import { AttentionView } from '../features/attention/AttentionView'
import { SummaryStrip } from '../features/history/SummaryStrip'
import { makeEntry, OWNER, USDC } from '../features/history/testing/entries'
import { customerAnswer, heldValue } from '../features/intent/customerAnswer'
import { makeTokenLookup } from '../features/intent/tokenLookup'
import { QuoteCard } from '../features/intent/cards/QuoteCard'
import { TokenLookupProvider } from '../features/intent/cards/parts'
import { RecoverableView } from '../features/recoverable/RecoverableView'
import { formatUsd } from '../lib/format'
import { priceKey } from '../lib/priceSource'
import { usePriceBookStore } from '../stores/priceBook'
import { answers, okFetched, PROFILE } from '../testing/bridge'
import { renderAt, resetWorld } from '../testing/harness'

vi.mock('../data/call', async () => ({ call: (await import('../testing/bridge')).fakeCall }))
vi.mock('../bridge', () => ({ bridge: { subscribe: () => () => {} } }))

/**
 * One token amount, 1,234.5 USDC, in every view that values it: History's volume, the
 * Needs attention queue, the Recoverable panel and the intent page's customer answer. The
 * profile's book prices USDC at $0.9985; the balance the service answered says $9,999 for
 * the same amount. Every view must show $1,232.65, the book's figure, and none $9,999.
 */
const AMOUNT = '1234500000'
const EXPECTED = formatUsd(1234.5 * 0.9985)

const balances: IntentBalance[] = [{ intentAddress: '0x1111111111111111111111111111111111111111', chainId: 1, tokens: [{ contractAddress: USDC, balance: AMOUNT, balanceUsd: '9999', decimals: 6, symbol: 'USDC', chainId: 1 }] }]
const failed: IntentHistoryEntry = { ...makeEntry({ status: 'FAILED', balances, hasBalance: true }), createdAt: new Date(Date.now() - 3_600_000).toISOString() }

beforeEach(() => {
  resetWorld()
  usePriceBookStore.setState({ byProfile: new Map() })
  // The answer's balance would teach the book its own price: the service answered GetTokenPrices later, at $0.9985.
  answers.set('getIntentHistory', () => okFetched({ intents: [failed], page: {} }))
})

const learnServicePrice = () => usePriceBookStore.getState().learn(PROFILE, [[priceKey(1, USDC), { usd: 0.9985, from: 'service' }]], Date.now() + 60_000)

describe('one price source in every view', () => {
  it('History values the amount at the book’s price', async () => {
    learnServicePrice()
    renderAt('/', [{ path: '/', element: <SummaryStrip entries={[makeEntry({ status: 'SUCCEEDED', originAmount: AMOUNT })]} scope="This page" /> }])
    await waitFor(() => expect(screen.getByTestId('history-summary-volume').textContent).toBe(EXPECTED))
  })

  it('Needs attention shows the same figure, and how it was priced', async () => {
    learnServicePrice()
    renderAt('/attention', [{ path: '/attention', element: <AttentionView /> }])
    const held = await screen.findByRole('generic', { name: `USD value held by ${failed.intentId}` }, { timeout: 5000 })
    expect(within(held).getByTestId('priced-usd-value').textContent).toBe(EXPECTED)
    expect(held).toHaveTextContent(/priced from GetTokenPrices at .* \(in 1 min\)|priced from GetTokenPrices at .* \(just now\)/)
    expect(held).not.toHaveTextContent('9,999')
  })

  it('Recoverable shows the same figure', async () => {
    learnServicePrice()
    renderAt(`/recoverable?owner=${OWNER}`, [{ path: '/recoverable', element: <RecoverableView /> }])
    const total = await screen.findByRole('generic', { name: 'USD value of USDC' }, { timeout: 5000 })
    expect(within(total).getByTestId('priced-usd-value').textContent).toBe(EXPECTED)
    expect(screen.queryByText(/9,999/)).toBeNull()
  })

  it('the intent page’s customer answer shows the same figure', () => {
    learnServicePrice()
    const prices = usePriceBookStore.getState().byProfile.get(PROFILE)!
    const tokenOf = makeTokenLookup(undefined, undefined, new Map())
    const text = customerAnswer({ status: 'FAILED', balances, chains: new Map(), tokenOf, prices, now: Date.now(), receipt: { status: 'FAILED' } }).text
    expect(text).toContain(`1,234.5 USDC (${EXPECTED})`)
    expect(formatUsd(heldValue({ balances, tokenOf, prices }).usd)).toBe(EXPECTED)
  })

  it('the intent page’s quote card values the quoted amount at the same price, beside the quote’s own figure', async () => {
    learnServicePrice()
    const intent = { intentId: failed.intentId!, originChainId: 1, originTokenAddress: USDC, destinationChainId: 1, destinationTokenAddress: USDC, quote: { fromAmount: AMOUNT, fromAmountUsd: 9999, toAmount: AMOUNT } }
    const lookup = makeTokenLookup(undefined, undefined, new Map([[`1:${USDC}`, { symbol: 'USDC', decimals: 6 }]]))
    renderAt('/', [{ path: '/', element: <TokenLookupProvider value={lookup}><QuoteCard intent={intent} /></TokenLookupProvider> }])
    const values = await screen.findAllByRole('generic', { name: 'USD value at the profile’s price' })
    expect(values.map((v) => within(v).getByTestId('priced-usd-value').textContent)).toEqual([EXPECTED, EXPECTED])
    expect(screen.getByText('From value, as quoted')).toBeInTheDocument()
  })
})
