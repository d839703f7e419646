import { beforeEach, describe, expect, it, vi } from 'vitest'
import { lazy, useState, type ReactElement } from 'react'
import { useLocation, useNavigate, useNavigationType } from 'react-router'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Intent, SearchIntentsRequest } from '@contract/service'
import { SEARCH_RESULT_CAP } from '@contract/service/constants'
import { cacheIntents, readIntent } from '../../db'
import { useCacheStatus } from '../../stores/cache'
import { useConnection } from '../../stores/connection'
import { SearchView } from './SearchView'
import { answers, callsOf, failure, okFetched, PROFILE, source } from '../../testing/bridge'
import { renderAt, resetWorld } from '../../testing/harness'

vi.mock('../../data/call', async () => ({ call: (await import('../../testing/bridge')).fakeCall }))
vi.mock('../../bridge', () => ({ bridge: { subscribe: () => () => {} } }))

const OWNER = `0x${'0a'.repeat(20)}`
const render = (query: string) => renderAt(`/search${query}`, [{ path: '/search', element: <SearchView /> }])
// A CSS query rather than a role query: role queries over a few hundred rows are slow in jsdom.
const rows = () => [...screen.getByRole('table', { name: 'Search results' }).querySelectorAll<HTMLElement>('tbody tr')]
const location = () => screen.getByTestId('location').textContent

const USDC_BASE = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'
const USDC_ARB = '0xaf88d065e77c8cc2239327c5edb3a432268e5831'

/** An intent as the bridge delivers it (normalised), from Base USDC to Arbitrum USDC. */
function intentFixture(n: number, over: Partial<Intent> = {}): Intent {
  const hex = (byte: string, length: number) => `0x${byte.repeat(length)}`
  const nn = String(n).padStart(2, '0')
  return {
    id: n,
    projectId: 1,
    intentId: hex(nn, 32),
    status: 'SUCCEEDED',
    ownerAddress: hex('0a', 20),
    originChainId: 8453,
    destinationChainId: 42161,
    originTokenAddress: USDC_BASE,
    destinationTokenAddress: USDC_ARB,
    originIntentAddress: hex(`b${n % 10}`, 20),
    destinationIntentAddress: hex(`c${n % 10}`, 20),
    depositTransaction: { tokenAddress: USDC_BASE, amount: '25000000', decimals: 6, chainId: 8453 },
    quote: { routeProviders: ['RELAY'], fromAmount: '25000000', toAmount: '24900000', fromAmountUsd: 25 },
    createdAt: new Date(Date.UTC(2026, 10, 20, 10, n)).toISOString(),
    ...over,
  }
}

/** Scripts SearchIntents: each filter key answers its own intents. */
/**
 * Caches the intent, then searches for it while the service refuses connections; like the
 * bridge's call, the refusal marks the service out of reach. The cached row shows.
 */
async function showCachedDuringOutage(mine: Intent) {
  await cacheIntents(source(), [mine])
  answers.set('searchIntents', () => {
    useConnection.getState().noteOutage({ kind: 'Network', message: 'connection refused' })
    return failure('Network', 'connection refused')
  })
  render(`?byIntentId=${mine.intentId}`)
  await waitFor(() => expect(rows()).toHaveLength(1))
}

function searchAnswers(byFilter: Partial<Record<keyof SearchIntentsRequest, Intent[]>>) {
  answers.set('searchIntents', (req: SearchIntentsRequest) => {
    const key = Object.keys(req)[0] as keyof SearchIntentsRequest
    return okFetched({ intents: byFilter[key] ?? [] })
  })
}

/** Somewhere else to go, as the sidebar offers. */
function Leave({ to }: { to: string }) {
  const navigate = useNavigate()
  return (
    <button type="button" onClick={() => navigate(to)}>
      Leave
    </button>
  )
}

/** Every location the router showed, with how it got there and its way back. */
function Steps() {
  const l = useLocation()
  const type = useNavigationType()
  const [seen, setSeen] = useState<string[]>([])
  const backTo = (l.state as { backTo?: string } | null)?.backTo
  const step = `${type} ${l.pathname}${l.search}${backTo ? ` back ${backTo}` : ''}`
  if (seen.at(-1) !== step) setSeen([...seen, step])
  return <span data-testid="steps">{seen.join(' | ')}</span>
}

beforeEach(resetWorld)

describe('universal box', () => {
  it('tries an address in every role at once and says which filter matched each intent', async () => {
    const a = intentFixture(1)
    const b = intentFixture(2, { destinationIntentAddress: OWNER })
    searchAnswers({ byOwnerAddress: [a, b], byDestinationIntentAddress: [b] })
    render(`?q=${OWNER}`)

    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(callsOf('searchIntents')).toEqual([
      { byOwnerAddress: OWNER },
      { byOriginIntentAddress: OWNER },
      { byDestinationIntentAddress: OWNER },
      { byEdgeAddress: OWNER },
    ])
    const rowB = rows().find((r) => r.textContent?.includes('0x0202'))!
    expect(rowB).toHaveTextContent('owner, destination intent address')
    expect(screen.getByTestId('search-summary')).toHaveTextContent(
      '2 intents for “0x0a0a0a0a…0a0a0a” as owner, origin intent address, destination intent address, edge address',
    )
  })

  it('shows a busy wallet’s newest intents from one history page while the owner search is still out', async () => {
    const all = Array.from({ length: 30 }, (_, i) => intentFixture(i + 1))
    let releaseOwner!: () => void
    const ownerAnswered = new Promise<void>((resolve) => (releaseOwner = resolve))
    answers.set('searchIntents', async (req: SearchIntentsRequest) => {
      if (!req.byOwnerAddress) return okFetched({ intents: [] })
      await ownerAnswered
      return okFetched({ intents: all })
    })
    const newest = all.slice(-2).reverse()
    answers.set('getIntentHistory', () =>
      okFetched({ intents: newest.map((i) => ({ intentId: i.intentId, status: i.status, createdAt: i.createdAt })) }),
    )
    render(`?q=${OWNER}`)

    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(callsOf('getIntentHistory')).toEqual([
      { byOwnerAddress: OWNER, page: { column: 'createdAt', sort: [{ column: 'createdAt', order: 'DESC' }], pageSize: 20 } },
    ])
    expect(rows()[0]).toHaveTextContent('owner')
    expect(screen.getByTestId('search-pending')).toHaveTextContent("Showing the wallet's newest 2 intents first. Still searching by owner…")
    expect(screen.getByTestId('search-summary')).toHaveTextContent('2 intents so far for')

    await act(async () => releaseOwner())
    await waitFor(() => expect(rows()).toHaveLength(30))
    expect(screen.queryByTestId('search-pending')).not.toBeInTheDocument()
    expect(screen.getByTestId('search-summary')).toHaveTextContent('30 intents for')
  })

  it('puts what was pasted in the URL, and ignores blank input', async () => {
    const user = userEvent.setup()
    searchAnswers({ byProjectId: [intentFixture(3, { projectId: 42 })] })
    render('')
    const box = screen.getByLabelText('Find anything')
    await user.type(box, '   {Enter}')
    expect(location()).toBe('/search')
    expect(callsOf('searchIntents')).toEqual([])

    await user.clear(box)
    await user.type(box, '42')
    expect(screen.getByText(/Looks like a project id/)).toBeInTheDocument()
    await user.keyboard('{Enter}')
    expect(location()).toBe('/search?q=42')
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(callsOf('searchIntents')).toEqual([{ byProjectId: 42 }])
  })

  it('writes every result through to the cache', async () => {
    const a = intentFixture(4)
    searchAnswers({ byIntentId: [a] })
    render(`?q=${a.intentId}`)
    // The exact match opens its intent, which may come before its row is drawn (the rows are drawn in a transition).
    await waitFor(async () => expect((await readIntent(PROFILE, a.intentId!))?.intent.intentId).toBe(a.intentId))
  })

  it('opens the intent from a row with Enter', async () => {
    const a = intentFixture(5)
    searchAnswers({ byOwnerAddress: [a] })
    render(`?q=${OWNER}`)
    await waitFor(() => expect(rows()).toHaveLength(1))
    rows()[0].focus()
    fireEvent.keyDown(rows()[0], { key: 'Enter' })
    expect(location()).toBe(`/intent/${a.intentId}`)
  })
})

describe('an exact match', () => {
  it('opens the intent directly when a pasted id or transaction hash names exactly one intent', async () => {
    const a = intentFixture(7)
    searchAnswers({ byIntentId: [a] })
    render(`?q=${a.intentId}`)
    await waitFor(() => expect(location()).toBe(`/intent/${a.intentId}`))
  })

  it('shows the result, not the intent again, when coming back to it', async () => {
    const a = intentFixture(7)
    searchAnswers({ byIntentId: [a] })
    render(`?q=${a.intentId}&opened=1`)
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(location()).toMatch(/^\/search\?/)
  })

  it('does not take the person back to the intent when they left before the search answered', async () => {
    const a = intentFixture(9)
    let answer!: () => void
    const answered = new Promise<void>((resolve) => (answer = resolve))
    answers.set('searchIntents', async (req: SearchIntentsRequest) => (await answered, okFetched({ intents: req.byIntentId ? [a] : [] })))
    // The next view still loading its code: the router's move to it is a transition, and the search view stays on screen meanwhile.
    let opened!: () => void
    const Next = lazy(() => new Promise<{ default: () => ReactElement }>((resolve) => (opened = () => resolve({ default: () => <p>History</p> }))))
    renderAt(`/search?q=${a.intentId}`, [{ path: '/search', element: <SearchView /> }, { path: '/history', element: <Next /> }], <Leave to="/history" />)
    await waitFor(() => expect(callsOf('searchIntents')).toHaveLength(2))
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }))
    // The answer lands while the search is still drawn: its one row shows there.
    answer()
    await waitFor(() => expect(rows()).toHaveLength(1))
    await act(async () => opened())
    await waitFor(() => expect(screen.getByText('History')).toBeInTheDocument())
    expect(location()).toBe('/history')
  })

  it('replaces the search by its intent: one step, with the result (marked opened) as the way back', async () => {
    const a = intentFixture(7)
    searchAnswers({ byIntentId: [a] })
    renderAt(`/search?q=${a.intentId}`, [{ path: '/search', element: <SearchView /> }], <Steps />)
    await waitFor(() => expect(location()).toBe(`/intent/${a.intentId}`))
    expect(screen.getByTestId('steps')).toHaveTextContent(`POP /search?q=${a.intentId} | REPLACE /intent/${a.intentId} back /search?q=${a.intentId}&opened=1`)
  })

  it('does not open anything for an address, or when a hash finds an intent by another id', async () => {
    const a = intentFixture(8)
    searchAnswers({ byOwnerAddress: [a] })
    render(`?q=${OWNER}`)
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(location()).toMatch(/^\/search\?/)
  })
})

describe('the service cap', () => {
  it('says when an answer reached the service limit and opens History for the same owner', async () => {
    const user = userEvent.setup()
    const many = Array.from({ length: SEARCH_RESULT_CAP }, (_, i) => intentFixture(i + 1, { intentId: `0x${(i + 1).toString(16).padStart(64, '0')}` }))
    searchAnswers({ byOwnerAddress: many })
    answers.set('getIntentHistory', () => okFetched({ intents: [] }))
    render(`?q=${OWNER}`)
    const note = await screen.findByTestId('search-capped', {}, { timeout: 40_000 })
    expect(note).toHaveTextContent(`Showing the first 500 by owner — the service’s limit for one search. Open in History for the full, paged list.`)
    await user.click(within(note).getByRole('link', { name: 'Open in History' }))
    expect(location()).toBe(`/history?owner=${OWNER}`)
  }, 60_000)

  it('says nothing of a limit when the answer is shorter', async () => {
    searchAnswers({ byOwnerAddress: [intentFixture(1), intentFixture(2)] })
    render(`?byOwnerAddress=${OWNER}`)
    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(screen.queryByTestId('search-capped')).not.toBeInTheDocument()
  })
})

describe('token labels', () => {
  it('learns unknown route tokens from one receipt and labels every row with them', async () => {
    const token = `0x${'e7'.repeat(20)}`
    const a = intentFixture(12, { destinationChainId: 10, destinationTokenAddress: token })
    const b = intentFixture(13, { destinationChainId: 10, destinationTokenAddress: token })
    searchAnswers({ byOwnerAddress: [a, b] })
    answers.set('getIntentReceipt', () =>
      okFetched({
        intentId: a.intentId,
        summary: {
          originChainId: 8453,
          destinationChainId: 10,
          originTokenMetadata: { chainId: 8453, tokenAddress: a.originTokenAddress, symbol: 'USDC', decimals: 6 },
          destinationTokenMetadata: { tokenAddress: token, symbol: 'XUSD', decimals: 6 },
        },
      }),
    )
    render(`?byOwnerAddress=${OWNER}`)
    await waitFor(() => expect(rows()[0]).toHaveTextContent('24.9 XUSD'))
    expect(rows()[1]).toHaveTextContent('25 USDC')
    expect(rows()[1]).toHaveTextContent('24.9 XUSD')
    expect(callsOf('getIntentReceipt')).toHaveLength(1)
  })
})

describe('saved searches', () => {
  it('saves the search under a name and reopens it from the list', async () => {
    const user = userEvent.setup()
    searchAnswers({ byOwnerAddress: [intentFixture(14)], byProjectId: [] })
    render(`?byOwnerAddress=${OWNER}`)
    await waitFor(() => expect(rows()).toHaveLength(1))
    await user.click(screen.getByRole('button', { name: 'Save search' }))
    const name = screen.getByRole('textbox', { name: 'Name' })
    expect(name).toHaveValue(`owner ${OWNER}`)
    await user.clear(name)
    await user.type(name, 'Stuck wallet{Enter}')
    expect(await screen.findByText('Saved as “Stuck wallet”.')).toBeInTheDocument()

    await user.type(screen.getByLabelText('Find anything'), '42{Enter}')
    expect(location()).toBe('/search?q=42')
    await user.click(within(await screen.findByRole('navigation', { name: 'Saved searches' })).getByRole('link', { name: 'Stuck wallet' }))
    expect(location()).toBe(`/search?byOwnerAddress=${OWNER}`)
    await waitFor(() => expect(rows()).toHaveLength(1))
  })
})

describe('filter form', () => {
  it('checks fields as typed and keeps what was typed', async () => {
    const user = userEvent.setup()
    render('')
    const owner = screen.getByLabelText('Owner wallet')
    await user.type(owner, '0x12')
    await user.tab()
    expect(screen.getByText(/An address is 0x followed by 40 hex digits/)).toBeInTheDocument()
    expect(owner).toHaveAttribute('aria-invalid', 'true')
    expect(owner).toHaveValue('0x12')
    await user.click(within(screen.getByRole('form', { name: 'Search filters' })).getByRole('button', { name: 'Search' }))
    expect(screen.getByText('Fix the filters marked above.')).toBeInTheDocument()
    expect(callsOf('searchIntents')).toEqual([])
  })

  it('refuses to search without a filter', async () => {
    const user = userEvent.setup()
    render('')
    const form = screen.getByRole('form', { name: 'Search filters' })
    await user.click(within(form).getByRole('button', { name: 'Search' }))
    expect(within(form).getByRole('alert')).toHaveTextContent('Fill in at least one filter')
    expect(callsOf('searchIntents')).toEqual([])
  })

  it('combines the filters in one request and keeps them in the URL', async () => {
    const user = userEvent.setup()
    searchAnswers({ byOwnerAddress: [intentFixture(6, { ownerAddress: OWNER, projectId: 7, edge: { rail: 'SOLANA' } })] })
    render('')
    const form = screen.getByRole('form', { name: 'Search filters' })
    await user.type(within(form).getByLabelText('Owner wallet'), OWNER)
    await user.type(within(form).getByLabelText('Project id'), '7')
    await user.type(within(form).getByLabelText('Edge network (rail)'), 'solana')
    await user.keyboard('{Enter}')
    expect(location()).toBe(`/search?byOwnerAddress=${OWNER}&byEdgeRail=SOLANA&byProjectId=7`)
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(callsOf('searchIntents')).toEqual([{ byOwnerAddress: OWNER, byEdgeRail: 'SOLANA', byProjectId: 7 }])
  })

  it('names a filter the service ignored and applies it to the intents it sent', async () => {
    // A service without edge filters answers the owner's intents whatever the rail.
    const onSolana = intentFixture(7, { ownerAddress: OWNER, edge: { rail: 'SOLANA' } })
    searchAnswers({ byOwnerAddress: [intentFixture(6, { ownerAddress: OWNER }), onSolana] })
    render(`?byOwnerAddress=${OWNER}&byEdgeRail=SOLANA`)
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(screen.getByTestId('ignored-filters')).toHaveTextContent('The service ignored: byEdgeRail')
  })

  it('fills the form from the URL and says which filters found nothing', async () => {
    searchAnswers({})
    render(`?byOwnerAddress=${OWNER}&byEdgeMode=ORIGIN`)
    expect(screen.getByLabelText('Owner wallet')).toHaveValue(OWNER)
    expect(screen.getByLabelText('Edge direction')).toHaveValue('ORIGIN')
    const empty = await screen.findByText('No intents found')
    expect(empty.parentElement).toHaveTextContent(`matching owner ${OWNER}, edge direction ORIGIN`)
  })

  it('shows a link with a bad filter as such instead of searching', async () => {
    render('?byTransactionHash=0xnope')
    expect(await screen.findByText(/do not pass their checks/)).toBeInTheDocument()
    expect(screen.getByText(/A hash is 0x followed by 64 hex digits/)).toBeInTheDocument()
    expect(callsOf('searchIntents')).toEqual([])
  })
})

describe('failures and offline', () => {
  it('shows a refusal with a retry', async () => {
    const user = userEvent.setup()
    answers.set('searchIntents', () => failure('InvalidArgument', 'byQueryString is too short'))
    render('?q=ab')
    expect(await screen.findByRole('alert')).toHaveTextContent('byQueryString is too short')
    searchAnswers({ byQueryString: [intentFixture(7)] })
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(rows()).toHaveLength(1))
  })

  it('keeps the filters that answered when one of several fails', async () => {
    answers.set('searchIntents', (req: SearchIntentsRequest) =>
      req.byTransactionHash ? failure('Internal', 'hash index down') : okFetched({ intents: [intentFixture(8)] }),
    )
    render(`?q=${intentFixture(8).intentId}`)
    await waitFor(() => expect(rows()).toHaveLength(1))
    // The failed call is the answer once the cache is found to hold nothing for it (the one fallback rule).
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Searching by transaction hash failed: hash index down'))
  })

  it('reads the cache with the same filter when working offline, and says how old it is', async () => {
    const mine = intentFixture(9)
    await cacheIntents(source(Date.now() - 3 * 86_400_000), [mine, intentFixture(10, { ownerAddress: `0x${'0f'.repeat(20)}` })])
    useCacheStatus.setState({ forcedOffline: true })
    render(`?q=${OWNER}`)
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(rows()[0]).toHaveTextContent('0x0909')
    expect(screen.getByText(/cached data, fetched 3 days ago/)).toBeInTheDocument()
    expect(screen.getByRole('list', { name: 'How the cache answers this search' })).toHaveTextContent(/in any role/)
    expect(screen.queryByRole('button', { name: 'Try the service again' })).not.toBeInTheDocument()
    expect(callsOf('searchIntents')).toEqual([])
  })

  it('reads the cache again once entries still being filed are searchable', async () => {
    await cacheIntents(source(), [intentFixture(13)])
    useCacheStatus.setState({ forcedOffline: true, unindexed: 200 })
    render(`?q=${OWNER}`)
    await waitFor(() => expect(rows()).toHaveLength(1))
    // Filing lands another of the owner's intents, then says it is done.
    await cacheIntents(source(), [intentFixture(14)])
    act(() => useCacheStatus.getState().setUnindexed(0))
    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(callsOf('searchIntents')).toEqual([])
  })

  it('falls back to the cache when the service cannot be reached', async () => {
    const mine = intentFixture(11)
    await cacheIntents(source(), [mine])
    answers.set('searchIntents', () => failure('Network', 'connection refused'))
    render(`?byIntentId=${mine.intentId}`)
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(screen.getByTestId('cached-notice')).toHaveTextContent(/failed — cached data/)
    expect(screen.getByRole('alert')).toHaveTextContent('connection refused')

    // Back online: asking again goes to the service, not the cache.
    const fresh = intentFixture(11, { status: 'REFUNDED' })
    searchAnswers({ byIntentId: [fresh] })
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(rows()[0]).toHaveTextContent('REFUNDED'))
    expect(screen.queryByText(/cached data/)).not.toBeInTheDocument()
    expect(callsOf('searchIntents')).toHaveLength(2)
  })

  it('sends each call once when the service is tried again and answers', async () => {
    const mine = intentFixture(15)
    await showCachedDuringOutage(mine)
    expect(callsOf('searchIntents')).toHaveLength(1)

    answers.set('searchIntents', () => {
      useConnection.getState().noteReachable()
      return okFetched({ intents: [intentFixture(15, { status: 'REFUNDED' })] })
    })
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(rows()[0]).toHaveTextContent('REFUNDED'))
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(callsOf('searchIntents')).toHaveLength(2)
  })

  it('keeps the cached answer and says so when the service still cannot be reached', async () => {
    const mine = intentFixture(16)
    await showCachedDuringOutage(mine)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(callsOf('searchIntents')).toHaveLength(2))
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('connection refused'))
    expect(screen.getByTestId('cached-notice')).toHaveTextContent(/failed — cached data/)
    expect(rows()).toHaveLength(1)
    expect(screen.getByText(/cached data/)).toBeInTheDocument()
  })

  it('asks the service again by itself when it is back within reach', async () => {
    const mine = intentFixture(12)
    await cacheIntents(source(), [mine])
    answers.set('searchIntents', () => failure('Network', 'connection refused'))
    render(`?byIntentId=${mine.intentId}`)
    await waitFor(() => expect(rows()).toHaveLength(1))
    act(() => useConnection.getState().noteOutage({ kind: 'Network', message: 'connection refused' }))
    expect(callsOf('searchIntents')).toHaveLength(1)

    searchAnswers({ byIntentId: [intentFixture(12, { status: 'REFUNDED' })] })
    act(() => useConnection.getState().noteReachable())
    await waitFor(() => expect(rows()[0]).toHaveTextContent('REFUNDED'))
    expect(screen.queryByText(/cached data/)).not.toBeInTheDocument()
    expect(callsOf('searchIntents')).toHaveLength(2)
  })

  it('pages through a large cached result with Load more', async () => {
    const user = userEvent.setup()
    await cacheIntents(source(), Array.from({ length: 130 }, (_, i) => intentFixture(i + 1, { createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString() })))
    useCacheStatus.setState({ forcedOffline: true })
    render('?byProjectId=1')
    await waitFor(() => expect(rows()).toHaveLength(100))
    await user.click(screen.getByText('Load more from the cache'))
    await waitFor(() => expect(rows()).toHaveLength(130))
    expect(screen.queryByText('Load more from the cache')).not.toBeInTheDocument()
  }, 30_000)
})
