import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, render as rtlRender, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { readIntent } from '../../db/reads'
import { answers, callsOf, failure, okFetched, PROFILE } from '../../testing/bridge'
import { within } from '@testing-library/react'
import { renderAt, resetWorld } from '../../testing/harness'
import { CommitView, EXECUTION_WINDOW_MS, ExecutionWindow } from './CommitView'
import { parseIntentInput } from './parseIntent'
import { OWNER, QUOTED_INTENT_ID, quoteResponse, quoteResponseText, USDC_ARB } from './testing'

vi.mock('../../data/call', async () => ({ call: (await import('../../testing/bridge')).fakeCall }))
vi.mock('../../bridge', () => ({ bridge: { subscribe: () => () => {} } }))

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString()
const render = () => renderAt('/commit', [{ path: '/commit', element: <CommitView /> }])
const box = () => screen.getByLabelText('Intent to commit')
const commitButton = () => screen.getByRole('button', { name: 'Commit intent' })
const fill = (text: string) => fireEvent.change(box(), { target: { value: text } })

beforeEach(() => {
  resetWorld()
  // The box's text outlives a restart (local storage): each test starts with it empty.
  localStorage.removeItem('commit.text')
})

describe('CommitView', () => {
  it('shows a pasted QuoteIntent answer readably and commits the intent unmodified', async () => {
    const user = userEvent.setup()
    const text = quoteResponseText(inAnHour())
    answers.set('commitIntent', () => okFetched({ intentId: QUOTED_INTENT_ID }))
    answers.set('getIntent', () => okFetched({ ...quoteResponse(inAnHour()).intent, status: 'COMMITTED' }))
    render()
    fill(text)

    expect(screen.getByText(/Read a whole QuoteIntent answer/)).toBeInTheDocument()
    const preview = screen.getByRole('region', { name: 'Intent details' })
    expect(preview).toHaveTextContent('You send')
    expect(preview.querySelector('.amount')).toHaveAttribute('title', expect.stringContaining('1234567890123456.789012'))
    expect(preview).toHaveTextContent('RELAY')
    expect(screen.queryByText('This quote has expired')).not.toBeInTheDocument()

    await user.click(commitButton())
    const sent = callsOf('commitIntent')
    // The pasted text goes along, so the service gets it back unchanged, not re-encoded.
    expect(sent).toEqual([{ intent: (parseIntentInput(text) as { intent: unknown }).intent, pastedText: text }])
    expect((sent[0] as { intent: { quote: { fromAmount: string } } }).intent.quote.fromAmount).toBe('1234567890123456789012')

    const done = await screen.findByRole('status', { name: 'Committed' })
    expect(done).toHaveTextContent(QUOTED_INTENT_ID)
    expect(done).toHaveTextContent(/Execute before \d\d:\d\d:\d\d \(9m 5\ds left\)|Execute before \d\d:\d\d:\d\d \(10m 00s left\)/)
    expect(screen.getByRole('link', { name: 'Open the intent' })).toHaveAttribute('href', `/intent/${QUOTED_INTENT_ID}`)
    await waitFor(async () => expect((await readIntent(PROFILE, QUOTED_INTENT_ID))?.intent.status).toBe('COMMITTED'))
  })

  it('says the project is not reported when the pasted intent has none (the deployed service sends none)', () => {
    render()
    fill(quoteResponseText(inAnHour()).replace('"projectId": 1,', ''))
    const preview = screen.getByRole('region', { name: 'Intent details' })
    expect(preview).toHaveTextContent('ProjectNot reported by this service')
  })

  it('warns that an intent has expired, and still lets the service decide', async () => {
    render()
    fill(quoteResponseText(new Date(Date.now() - 5 * 60_000).toISOString()))
    expect(screen.getByRole('alert')).toHaveTextContent('This quote has expired')
    expect(screen.getByRole('alert')).toHaveTextContent('5 min ago')
    expect(commitButton()).toBeEnabled()
  })

  it('shows the service’s reason when it rejects the commit, with a retry', async () => {
    const user = userEvent.setup()
    answers.set('commitIntent', () => failure('Conflict', 'the intent differs from the quoted one (quote.toAmount)'))
    render()
    fill(quoteResponseText(inAnHour()).replace('"toAmount": 1230000000000000000000', '"toAmount": 1230000000000000000001'))
    await user.click(commitButton())
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Refused by the service')
    expect(alert).toHaveTextContent('the intent differs from the quoted one (quote.toAmount)')
    expect(screen.queryByRole('status', { name: 'Committed' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(callsOf('commitIntent')).toHaveLength(2)
  })

  it('after a lost answer, asks the service before committing again, and finds the commit went through', async () => {
    const user = userEvent.setup()
    answers.set('commitIntent', () => failure('Network', 'Could not reach the service: the connection dropped while the answer was arriving'))
    answers.set('getIntent', () => okFetched({ ...quoteResponse(inAnHour()).intent, status: 'COMMITTED' }))
    render()
    fill(quoteResponseText(inAnHour()))
    await user.click(commitButton())
    expect(await screen.findByRole('alert')).toHaveTextContent('the connection dropped')
    expect(screen.getByRole('note')).toHaveTextContent('may have committed this intent')
    expect(callsOf('getIntent')).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'Try again' }))
    const done = await screen.findByRole('status', { name: 'Committed' })
    expect(done).toHaveTextContent('Nothing was sent twice')
    expect(callsOf('commitIntent')).toHaveLength(1)
    expect(callsOf('getIntent')).toEqual([{ intentId: QUOTED_INTENT_ID }])
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('after a lost answer, commits again when the service still holds the intent as quoted, or not at all', async () => {
    const user = userEvent.setup()
    let held: 'QUOTED' | 'missing' = 'QUOTED'
    answers.set('commitIntent', () => failure('Timeout', 'The service took too long'))
    answers.set('getIntent', () => (held === 'QUOTED' ? okFetched({ ...quoteResponse(inAnHour()).intent, status: 'QUOTED' }) : failure('NotFound')))
    render()
    fill(quoteResponseText(inAnHour()))
    await user.click(commitButton())
    await screen.findByRole('alert')
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(callsOf('commitIntent')).toHaveLength(2))
    expect(callsOf('getIntent')).toHaveLength(1)

    held = 'missing'
    answers.set('commitIntent', () => okFetched({ intentId: QUOTED_INTENT_ID }))
    await user.click(await screen.findByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('status', { name: 'Committed' })).not.toHaveTextContent('Nothing was sent twice')
    expect(callsOf('commitIntent')).toHaveLength(3)
  })

  it('says so when it cannot find out whether a lost commit went through, and sends nothing', async () => {
    const user = userEvent.setup()
    answers.set('commitIntent', () => failure('BadResponse', 'the answer is not valid JSON'))
    answers.set('getIntent', () => failure('Network', 'Could not reach the service'))
    render()
    fill(quoteResponseText(inAnHour()))
    await user.click(commitButton())
    await screen.findByRole('alert')
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not find out whether the last commit went through')
    expect(callsOf('commitIntent')).toHaveLength(1)
  })

  it('lists what is wrong with a pasted intent, field by field, and will not commit it', () => {
    render()
    fill(quoteResponseText(inAnHour()).replace('"originChainId": 8453,\n    "destinationChainId"', '"originChainId": "Base",\n    "destinationChainId"'))
    expect(screen.getByRole('alert')).toHaveTextContent('intent.originChainId')
    expect(box()).toHaveAttribute('aria-invalid', 'true')
    expect(commitButton()).toBeDisabled()
    fill('{ "intent": ')
    expect(screen.getByRole('alert')).toHaveTextContent('This is not valid JSON')
  })

  it('opens an intent from a JSON file', async () => {
    const user = userEvent.setup()
    render()
    const text = quoteResponseText(inAnHour())
    await user.upload(screen.getByTestId('commit-file'), new File([text], 'quote.json', { type: 'application/json' }))
    await waitFor(() => expect(box()).toHaveValue(text))
    expect(commitButton()).toBeEnabled()
  })

  it('keeps the pasted intent across a reload', () => {
    const text = quoteResponseText(inAnHour())
    const first = render()
    fill(text)
    first.unmount()
    render()
    expect(box()).toHaveValue(text)
  })

  it('keeps the pasted text across an app restart and commits that text', async () => {
    const user = userEvent.setup()
    const text = quoteResponseText(inAnHour())
    answers.set('commitIntent', () => okFetched({ intentId: QUOTED_INTENT_ID }))
    const first = render()
    fill(text)
    first.unmount()
    // A restart: the window's session storage is gone.
    sessionStorage.clear()
    render()
    expect(box()).toHaveValue(text)
    await user.click(commitButton())
    expect(callsOf('commitIntent')).toEqual([expect.objectContaining({ pastedText: text })])
  })

  it('gets a quote from the form and fills the box with it', async () => {
    const user = userEvent.setup()
    const answer = quoteResponse(inAnHour())
    answers.set('quoteIntent', () => okFetched(answer))
    render()
    await user.click(screen.getByRole('button', { name: 'Get a quote…' }))
    await user.click(screen.getByRole('button', { name: 'Get quote' }))
    expect(screen.getByText(/Enter the wallet that will own the intent/)).toBeInTheDocument()
    expect(callsOf('quoteIntent')).toEqual([])

    await user.type(screen.getByLabelText('Owner wallet'), OWNER)
    await user.click(screen.getByRole('button', { name: 'Get quote' }))
    expect(callsOf('quoteIntent')).toEqual([
      expect.objectContaining({ ownerAddress: OWNER, originChainId: 8453, destinationChainId: 42161, originTokenAmount: '25000000' }),
    ])
    await user.click(await screen.findByRole('button', { name: 'Use this intent' }))
    expect(JSON.parse((box() as HTMLTextAreaElement).value).intent.intentId).toBe(QUOTED_INTENT_ID)
    expect(screen.getByRole('region', { name: 'Intent details' })).toBeInTheDocument()
    await waitFor(async () => expect((await readIntent(PROFILE, QUOTED_INTENT_ID))?.intent.status).toBe('QUOTED'))
  })
})

const CHAINS = [
  { id: 1, name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
  { id: 8453, name: 'Base', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
  { id: 42161, name: 'Arbitrum One', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
]

/** Opens the quote form with the owner filled in and the chain list answered. */
async function openQuoteForm(user: ReturnType<typeof userEvent.setup>) {
  answers.set('getChains', () => okFetched({ chains: CHAINS }))
  render()
  await user.click(screen.getByRole('button', { name: 'Get a quote…' }))
  const form = within(screen.getByRole('form', { name: 'Get a quote' }))
  await user.type(form.getByLabelText('Owner wallet'), OWNER)
  await waitFor(() => expect(form.getAllByRole('option', { name: 'Ethereum (1)' }).length).toBeGreaterThan(0))
  return form
}

describe('CommitView speaks token units and symbols', () => {
  it('picks tokens by symbol per chain and converts the typed amount exactly to base units', async () => {
    const user = userEvent.setup()
    answers.set('quoteIntent', () => okFetched(quoteResponse(inAnHour())))
    const form = await openQuoteForm(user)
    const from = form.getByLabelText('From token', { exact: true })
    expect(from).toHaveDisplayValue('USDC')
    expect(within(from).getByRole('option', { name: 'ETH (native)' })).toBeInTheDocument()
    await user.selectOptions(form.getByLabelText('To chain'), 'Ethereum (1)')
    expect(form.getByLabelText('To token', { exact: true })).toHaveDisplayValue('USDC')

    const amount = form.getByLabelText('Amount (USDC)')
    await user.clear(amount)
    await user.type(amount, '24.93959')
    expect(amount).toHaveAccessibleDescription('= 24,939,590 base units')
    await user.click(form.getByRole('button', { name: 'Get quote' }))
    expect(callsOf('quoteIntent')).toEqual([
      expect.objectContaining({ originTokenAmount: '24939590', destinationChainId: 1, destinationTokenAddress: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' }),
    ])
    const result = await form.findByRole('status')
    expect(result).toHaveTextContent('Asked for 24.93959 USDC')
    expect(result).toHaveTextContent(/1,230,000,000,000,000 USDC on Arbitrum One/)
    expect(result).not.toHaveTextContent('0xaf88')
  })

  it('quotes a token the app does not know by its address and the decimals typed for it', async () => {
    const user = userEvent.setup()
    answers.set('quoteIntent', () => okFetched(quoteResponse(inAnHour())))
    const form = await openQuoteForm(user)
    await user.selectOptions(form.getByLabelText('From token', { exact: true }), 'Other (enter its address)…')
    await user.type(form.getByLabelText('From token address'), '0x' + '3f'.repeat(20))
    await user.type(form.getByLabelText('Token decimals'), '8')
    const amount = form.getByLabelText('Amount (token units)')
    await user.clear(amount)
    await user.type(amount, '0.5')
    await user.click(form.getByRole('button', { name: 'Get quote' }))
    expect(callsOf('quoteIntent')).toEqual([expect.objectContaining({ originTokenAddress: '0x' + '3f'.repeat(20), originTokenAmount: '50000000' })])
  })

  it('shows the service’s status after the commit and no longer offers Commit for that intent', async () => {
    const user = userEvent.setup()
    answers.set('commitIntent', () => okFetched({ intentId: QUOTED_INTENT_ID }))
    answers.set('getIntent', () => okFetched({ ...quoteResponse(inAnHour()).intent, status: 'COMMITTED' }))
    render()
    fill(quoteResponseText(inAnHour()))
    const preview = screen.getByRole('region', { name: 'Intent details' })
    expect(within(preview).getByText('QUOTED')).toBeInTheDocument()
    await user.click(commitButton())
    const done = await screen.findByRole('status', { name: 'Committed' })
    await waitFor(() => expect(within(done).getByTestId('committed-status')).toHaveTextContent('COMMITTED'))
    expect(within(preview).getByText('COMMITTED')).toBeInTheDocument()
    expect(within(preview).queryByText('QUOTED')).not.toBeInTheDocument()
    expect(commitButton()).toBeDisabled()
    expect(commitButton()).toHaveAccessibleDescription('This intent is already committed (COMMITTED). Get a new quote to commit again.')

    fill(quoteResponseText(inAnHour()).replaceAll(QUOTED_INTENT_ID, '0x' + '6f'.repeat(32)))
    expect(commitButton()).toBeEnabled()
  })

  it('reads amounts with symbols and gas with its units', async () => {
    answers.set('getChains', () => okFetched({ chains: CHAINS }))
    render()
    const estimate = '"gasEstimate": { "totalGas": 210000, "gasPrice": "12500000", "nativeCost": "2625000000000", "nativeCostUsd": 0.0083 },'
    fill(quoteResponseText(inAnHour()).replace('"gasFeeOptions": {', `"gasFeeOptions": { ${estimate}`))
    const preview = screen.getByRole('region', { name: 'Intent details' })
    expect(within(preview).getByText('You receive (quoted)').nextElementSibling).toHaveTextContent('1,230,000,000,000,000 USDC')
    expect(preview).not.toHaveTextContent(USDC_ARB.slice(0, 6))
    const gas = within(preview).getByRole('region', { name: 'Gas' })
    expect(gas).toHaveTextContent('210,000 gas')
    expect(gas).toHaveTextContent('0.0125 gwei')
    await waitFor(() => expect(gas).toHaveTextContent('0.000002625 ETH'))
    expect(within(gas).getByTitle(/^0\.000002625 ETH/)).toBeInTheDocument()
    expect(gas).toHaveTextContent('$0.01')
  })
})

describe('ExecutionWindow', () => {
  afterEach(() => vi.useRealTimers())

  it('counts the 10 minutes down live, then says the window closed', () => {
    vi.useFakeTimers()
    const committedAt = Date.now()
    rtlRender(<ExecutionWindow committedAt={committedAt} />)
    expect(screen.getByTestId('execution-window')).toHaveTextContent('(10m 00s left)')
    act(() => vi.advanceTimersByTime(61_000))
    expect(screen.getByTestId('execution-window')).toHaveTextContent('(8m 59s left)')
    act(() => vi.advanceTimersByTime(EXECUTION_WINDOW_MS))
    expect(screen.getByTestId('execution-window')).toHaveTextContent('The 10-minute execution window closed')
  })
})
