import { beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Intent, IntentHistoryEntry, IntentReceipt } from '@contract/service'
import { cacheIntents, isBookmarked, listNotes, readIntent, readTransitions } from '../../db'
import { caseKey, useCases } from '../../stores/attentionCases'
import { CaseCell } from '../attention'
import { cacheHistoryFiled } from '../../db/testing'
import { useCacheStatus } from '../../stores/cache'
import { PROFILE, answers, callsOf, failure, fakeCall, okFetched, source } from '../../testing/bridge'
import { renderAt, resetWorld } from '../../testing/harness'
import { IntentView } from './IntentView'

vi.mock('../../data/call', async () => ({ call: (await import('../../testing/bridge')).fakeCall }))
vi.mock('../../bridge', () => ({ bridge: { subscribe: () => () => {} } }))

const ID = `0x${'ab'.repeat(32)}`
const WETH = '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2'
const USDC = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'

const intent: Intent = {
  id: 2,
  intentId: ID,
  status: 'FAILED',
  ownerAddress: '0x1111111111111111111111111111111111111111',
  originChainId: 1,
  destinationChainId: 8453,
  originTokenAddress: WETH,
  destinationTokenAddress: USDC,
  depositTransaction: { amount: '1234567890123456789012', decimals: 18, tokenAddress: WETH, chainId: 1 },
  quote: { fromAmount: '1234567890123456789012', toAmount: '4100000000', maxSlippage: 0.005, estimatedDuration: 90 },
  fees: { totalFeeAmount: '1000000000000000', totalFeeUsd: 3.5, feeTokenAddress: WETH },
  serviceVersion: 'v1_5',
  expiresAt: '2026-11-20T10:10:00.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
  somethingNew: { nested: true },
} as Intent

const receipt: IntentReceipt = {
  intentId: ID,
  status: 'FAILED',
  originChainId: 1,
  destinationChainId: 8453,
  summary: {
    originTokenMetadata: { chainId: 1, tokenAddress: WETH, symbol: 'WETH', decimals: 18 },
    destinationTokenMetadata: { chainId: 8453, tokenAddress: USDC, symbol: 'USDC', decimals: 6 },
  },
  depositTransaction: { chainId: 1, tokenAddress: WETH, tokenAmount: '1234567890123456789012', txnHash: `0x${'d'.repeat(64)}`, txnMinedAt: '2026-11-20T10:01:00.000Z' },
  originTransaction: { chainId: 1, tokenAddress: WETH, tokenAmount: '1234567890123456789012', txnHash: `0x${'e'.repeat(64)}`, statusReason: 'slippage tolerance exceeded' },
}

const render = () => renderAt(`/intent/${ID}`, [{ path: '/intent/:intentId', element: <IntentView /> }])
const renderView = render

beforeEach(resetWorld)

describe('IntentView', () => {
  it('shows a failed intent with its reason prominently, the failed leg, and writes it to the cache', async () => {
    // Seen executing an hour ago: the fetch that finds it failed records the move.
    await cacheIntents(source(Date.now() - 3_600_000), [{ ...intent, status: 'EXECUTING' }])
    answers.set('getIntent', () => okFetched(intent))
    answers.set('getIntentReceipt', () => okFetched(receipt))
    render()

    const banner = await screen.findByRole('alert', { name: 'Failure reason' })
    expect(banner).toHaveTextContent('Failed: slippage tolerance exceeded')
    const timeline = await screen.findByRole('list', { name: 'Receipt timeline' })
    await waitFor(() => expect(timeline.querySelector('[data-step="origin"]')).toHaveAttribute('data-state', 'failed'))
    expect(timeline.querySelector('[data-step="deposit"]')).toHaveAttribute('data-state', 'done')
    expect(timeline.querySelector('[data-step="origin"]')).toHaveAttribute('aria-current', 'step')
    expect(screen.getByText('Receipt from the service')).toBeInTheDocument()

    await waitFor(async () => expect((await readIntent(PROFILE, ID))?.intent.status).toBe('FAILED'))
    await waitFor(async () => expect((await readTransitions(PROFILE, ID)).map((t) => t.status)).toEqual(['EXECUTING', 'FAILED']))
    const seen = await screen.findByLabelText('Statuses seen on this computer')
    await waitFor(() => expect(seen).toHaveTextContent(/EXECUTING at .*, FAILED at /))
  })

  it('names tokens by their symbol where the receipt told it, with the address beside it', async () => {
    answers.set('getIntent', () => okFetched(intent))
    answers.set('getIntentReceipt', () => okFetched(receipt))
    render()
    const summary = await screen.findByRole('region', { name: 'Summary' })
    const row = (name: string) => within(summary).getByText(name).closest('.kv-row') as HTMLElement
    await waitFor(() => expect(within(row('Origin token')).getByText('WETH')).toBeInTheDocument())
    expect(within(row('Destination token')).getByText('USDC')).toBeInTheDocument()
    expect(row('Destination token')).toHaveTextContent(/0x8335/i)
    const fees = screen.getByRole('region', { name: 'Fees' })
    expect(within(fees).getByText('Fee token').closest('.kv-row')).toHaveTextContent(/WETH/)
  })

  it('shows a big amount exactly on hover, and lists fields it does not know', async () => {
    answers.set('getIntent', () => okFetched(intent))
    answers.set('getIntentReceipt', () => okFetched(receipt))
    render()
    const summary = await screen.findByRole('region', { name: 'Summary' })
    const sent = within(summary).getByText('Amount sent').nextElementSibling!
    // The symbol and decimals come with the receipt, which may answer after the intent.
    await waitFor(() =>
      expect(sent.querySelector('.amount')).toHaveAttribute('title', '1234.567890123456789012 WETH (1234567890123456789012 base units)'),
    )
    expect(within(screen.getByRole('region', { name: 'Other fields' })).getByText('somethingNew')).toBeInTheDocument()
  })

  it.each(['QUOTED', 'COMMITTED', 'ABORTED', 'INVALID'] as const)('never says "Amount sent" on a %s intent, which moved nothing', async (status) => {
    answers.set('getIntent', () => okFetched({ ...intent, status }))
    answers.set('getIntentReceipt', () => okFetched({ ...receipt, status, depositTransaction: undefined, originTransaction: undefined }))
    render()
    const summary = await screen.findByRole('region', { name: 'Summary' })
    expect(within(summary).getByText('Amount to send (nothing sent)')).toBeInTheDocument()
    expect(within(summary).queryByText('Amount sent')).toBeNull()
  })

  it('shows what only the deployed service sends: each leg’s own status, the intent protocol, gas usage and the receipt summary', async () => {
    const deployed: Intent = { ...intent, status: 'EXECUTING', intentProtocol: 'v1.5', fees: { ...intent.fees, originGas: { chainId: 1, chainGasUsageStatus: 'NORMAL' } } }
    const legs: IntentReceipt = {
      ...receipt,
      status: 'EXECUTING',
      depositTransaction: { ...receipt.depositTransaction, status: 'SUCCEEDED', type: 'DEPOSIT' },
      originTransaction: { ...receipt.originTransaction, statusReason: undefined, status: 'PENDING', type: 'ORIGIN', context: 'waiting for the relayer' },
      destinationTransaction: { chainId: 8453, status: 'HELD_FOR_REVIEW' },
      summary: { ...receipt.summary, status: 'IN_PROGRESS', mode: 'EDGE', tradeType: 'EXACT_INPUT' },
    }
    answers.set('getIntent', () => okFetched(deployed))
    answers.set('getIntentReceipt', () => okFetched(legs))
    render()
    const timeline = await screen.findByRole('list', { name: 'Receipt timeline' })
    await waitFor(() => expect(timeline.querySelector('[data-step="origin"] .timeline-tx-status')).toHaveTextContent('Leg: PENDING'))
    const origin = timeline.querySelector<HTMLElement>('[data-step="origin"]')!
    expect(within(origin).getByText('ORIGIN')).toBeInTheDocument()
    expect(within(origin).getByText('waiting for the relayer')).toBeInTheDocument()
    expect(timeline.querySelector('[data-step="deposit"] .timeline-tx-status')).toHaveTextContent('Leg: SUCCEEDED')
    const unknownLeg = timeline.querySelector('[data-step="destination"] .timeline-tx-status')!
    expect(unknownLeg).toHaveTextContent('Leg: UNKNOWN · HELD_FOR_REVIEW')
    expect(unknownLeg).toHaveAttribute('data-tx-status', 'unknown')
    expect(screen.getByLabelText('Receipt summary')).toHaveTextContent('status IN_PROGRESS · mode EDGE · trade type EXACT_INPUT')
    const contracts = await screen.findByRole('region', { name: 'Contracts and protocol version' })
    expect(within(contracts).getByText('Intent protocol').nextElementSibling).toHaveTextContent('v1.5')
    expect(within(screen.getByRole('region', { name: 'Fees' })).getByText('Gas usage status').nextElementSibling).toHaveTextContent('NORMAL')
  })

  it('says the project and testnet are not reported when the service sends neither', async () => {
    const { id: _id, projectId: _projectId, isTestnet: _isTestnet, ...deployed } = intent
    answers.set('getIntent', () => okFetched(deployed))
    answers.set('getIntentReceipt', () => okFetched(receipt))
    render()
    const summary = await screen.findByRole('region', { name: 'Summary' })
    expect(within(summary).getByText('Project').nextElementSibling).toHaveTextContent('Not reported by this service')
    expect(within(summary).getByText('Testnet').nextElementSibling).toHaveTextContent('Not reported by this service')
    expect(within(summary).queryByText('Internal id')).not.toBeInTheDocument()
  })

  it('shows the project and testnet when the service sends them', async () => {
    answers.set('getIntent', () => okFetched({ ...intent, projectId: 42, isTestnet: false }))
    answers.set('getIntentReceipt', () => okFetched(receipt))
    render()
    const summary = await screen.findByRole('region', { name: 'Summary' })
    expect(within(summary).getByText('Project').nextElementSibling).toHaveTextContent('42')
    expect(within(summary).getByText('Testnet').nextElementSibling).toHaveTextContent('No')
  })

  it('says clearly when the service knows no such intent, with a way to search', async () => {
    answers.set('getIntent', () => failure('NotFound', 'no intent'))
    render()
    expect(await screen.findByText('No such intent')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'search for it' })).toHaveAttribute('href', `/search?q=${ID}`)
  })

  it('shows the error with a retry for other failures, and recovers', async () => {
    let n = 0
    answers.set('getIntent', () => (++n === 1 ? failure('Unauthorized', 'bad key') : okFetched(intent)))
    render()
    expect(await screen.findByText('bad key')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('region', { name: 'Quote' })).toBeInTheDocument()
  })

  it('offline, reads the cached intent and the receipt from a history entry and says how old they are', async () => {
    await cacheIntents(source(Date.now() - 3 * 86_400_000), [intent])
    const entry: IntentHistoryEntry = { intentId: ID, status: 'FAILED', receipt }
    await cacheHistoryFiled(source(Date.now() - 3 * 86_400_000), [entry])
    useCacheStatus.setState({ forcedOffline: true })
    render()
    expect(await screen.findByText(/cached data, fetched 3 days ago/)).toBeInTheDocument()
    expect(await screen.findByText('Receipt from the local cache')).toBeInTheDocument()
    expect(screen.getByText(/from a history page/)).toBeInTheDocument()
    expect(fakeCall).not.toHaveBeenCalledWith('getIntent', expect.anything())
  })

  it('gives the fetch time of a live intent in the one age wording, once', async () => {
    const fetchedAt = Date.now() - 5 * 60_000
    answers.set('getIntent', () => okFetched(intent, fetchedAt))
    answers.set('getIntentReceipt', () => okFetched(receipt))
    render()
    expect(await screen.findByTestId('data-age')).toHaveTextContent(/^The intent from the service \(GetIntent\), fetched 5 min ago, at \d{4}-\d\d-\d\d /)
    expect(screen.queryByTestId('cached-notice')).toBeNull()
    // The section links give no second, differently worded time.
    expect(screen.getByRole('navigation', { name: 'Sections' })).not.toHaveTextContent(/Fetched|Cached copy/)
  })

  it('with Work offline ticked, gives the fetch time of the cached copy in the cached-data notice and no live age', async () => {
    await cacheIntents(source(Date.now() - 7 * 60_000), [intent])
    useCacheStatus.setState({ forcedOffline: true })
    render()
    expect(await screen.findByRole('region', { name: 'Quote' })).toBeInTheDocument()
    expect(screen.getAllByTestId('cached-notice')[0]).toHaveTextContent(/^Working offline — cached data, fetched 7 min ago, at /)
    expect(screen.queryByTestId('data-age')).toBeNull()
  })

  it('falls back to the cached receipt when the service does not give one, and says why', async () => {
    answers.set('getIntent', () => okFetched(intent))
    answers.set('getIntentReceipt', () => failure('NotFound', 'GetIntentReceipt is not offered'))
    await cacheHistoryFiled(source(Date.now() - 60_000), [{ intentId: ID, status: 'FAILED', receipt }])
    render()
    expect(await screen.findByText('Receipt from the local cache')).toBeInTheDocument()
    expect(screen.getByText(/GetIntentReceipt is not offered/)).toBeInTheDocument()
  })

  it('shows the cached receipt beside a notice naming the failed call and its fetch time when the key is rejected (the one fallback rule)', async () => {
    answers.set('getIntent', () => okFetched(intent))
    answers.set('getIntentReceipt', () => ({ ok: false, error: { kind: 'Unauthorized', message: 'access key rejected', operation: 'GetIntentReceipt' } }))
    await cacheHistoryFiled(source(Date.now() - 3_600_000), [{ intentId: ID, status: 'FAILED', receipt }])
    render()
    expect(await screen.findByText('Receipt from the local cache')).toBeInTheDocument()
    expect(screen.getByTestId('cached-notice')).toHaveTextContent(/^GetIntentReceipt failed — cached data, fetched 1 hour ago/)
    // The failed intent's own reason is an alert too; the call's failure is the other one.
    expect(screen.getAllByRole('alert').filter((a) => a.textContent?.includes('access key rejected'))).toHaveLength(1)
  })

  it('answers the customer from the balances GetIntentHistory reports, narrowed to the owner and creation second', async () => {
    const held = [{ intentAddress: '0x2222222222222222222222222222222222222222', chainId: 1, tokens: [{ contractAddress: WETH, balance: '1234567890123456789012', balanceUsd: '4100.5', symbol: 'WETH', decimals: 18, chainId: 1 }] }]
    answers.set('getIntent', () => okFetched(intent))
    answers.set('getIntentReceipt', () => okFetched(receipt))
    answers.set('getIntentHistory', () => okFetched({ intents: [{ intentId: ID, status: 'FAILED', receipt, hasBalance: true, balances: held }] }))
    render()
    const text = await screen.findByRole('region', { name: 'Answer for the customer' })
    await waitFor(() => expect(text).toHaveTextContent('Your funds are safe but were not returned automatically: 1,234.567890123456789012 WETH ($4,100.50) at 0x2222222222222222222222222222222222222222 on'))
    expect(text).toHaveTextContent('failed because of "slippage tolerance exceeded"')
    expect(callsOf('getIntentHistory')[0]).toEqual({ byOwnerAddress: intent.ownerAddress, fromTime: 1795168800, toTime: 1795168800, includeBalances: true })
    expect(screen.getByRole('button', { name: /^Copy answer/ })).toBeInTheDocument()
  })

  it('offline, answers from the cached history entry and says so', async () => {
    await cacheIntents(source(Date.now() - 60_000), [intent])
    await cacheHistoryFiled(source(Date.now() - 60_000), [{ intentId: ID, status: 'FAILED', receipt, hasBalance: false, balances: [] }])
    useCacheStatus.setState({ forcedOffline: true })
    render()
    const text = await screen.findByRole('region', { name: 'Answer for the customer' })
    await waitFor(() => expect(text).toHaveTextContent('no refund and no balance left at the intent\'s addresses is recorded yet'))
    expect(screen.getByText(/Balances at the intent's addresses from the cached history entry/)).toBeInTheDocument()
    // Offline, the answer speaks as of the copy's fetch, and copying it says it is stale.
    expect(text.querySelector('.intent-answer-text')).toHaveTextContent(/^As of \d\d:\d\d UTC \(1 min ago\), /)
    expect(within(text).getByRole('note', { name: 'Stale answer' })).toHaveTextContent(/fetched .* \(1 min ago\)/)
    expect(within(text).getByRole('button', { name: /^Copy stale answer/ })).toBeInTheDocument()
  })

  it('shows and edits the same case as Needs attention: its state, its multi-line notes and their history, also in the case summary', async () => {
    answers.set('getIntent', () => okFetched(intent))
    answers.set('getIntentReceipt', () => okFetched(receipt))
    const user = userEvent.setup()
    useCases.setState({ cases: {} })
    // Set in Needs attention: the state and a two-line note.
    renderAt('/attention', [{ path: '/attention', element: <CaseCell profileId={PROFILE} intentId={ID} record={undefined} notes={[]} /> }])
    await user.selectOptions(screen.getByRole('combobox', { name: `Case state of ${ID}` }), 'waiting')
    await user.type(screen.getByRole('textbox', { name: `Note on ${ID}` }), 'Asked Relay ops,{Shift>}{Enter}{/Shift}ticket #4821')
    await user.click(screen.getByRole('button', { name: 'Add note' }))
    await waitFor(async () => expect((await listNotes(PROFILE, ID)).map((n) => n.text)).toEqual(['Asked Relay ops,\nticket #4821']))
    cleanup()

    renderView()
    const card = await screen.findByRole('region', { name: 'Case and notes' })
    expect(within(card).getByRole('combobox', { name: `Case state of ${ID}` })).toHaveValue('waiting')
    expect(await within(await within(card).findByRole('list', { name: 'Notes' })).findByText(/Asked Relay ops,\s*ticket #4821/)).toBeInTheDocument()
    expect(within(card).getByRole('list', { name: 'Case history' })).toHaveTextContent(/state set to Waiting on provider.*note added: Asked Relay ops/s)
    // Changed here, it is changed for Needs attention too (one record).
    await user.selectOptions(within(card).getByRole('combobox', { name: `Case state of ${ID}` }), 'resolved')
    expect(useCases.getState().cases[caseKey(PROFILE, ID)]?.state).toBe('resolved')
    const copy = screen.getByRole('button', { name: /^Copy case summary/ })
    const summary = copy.getAttribute('title') ?? ''
    expect(summary).toContain('Case: Resolved')
    expect(summary).toContain('state set to Waiting on provider')
    expect(summary).toMatch(/Notes:\n {2}\[.*\] Asked Relay ops,\n {4}ticket #4821/)
  })

  it('adds notes with Enter, refuses an empty one, and keeps them in the cache', async () => {
    answers.set('getIntent', () => okFetched(intent))
    const user = userEvent.setup()
    const view = render()
    const box = await screen.findByRole('textbox', { name: 'New note' })
    await user.type(box, '{Enter}')
    expect(await screen.findByText('Write the note first.')).toBeInTheDocument()
    await user.type(box, 'Customer ticket 4471{Enter}')
    const notes = await screen.findByRole('list', { name: 'Notes' })
    expect(within(notes).getByText('Customer ticket 4471')).toBeInTheDocument()
    expect(box).toHaveValue('')
    await user.type(box, 'half-written')
    view.unmount()
    render()
    expect(await screen.findByText('Customer ticket 4471')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'New note' })).toHaveValue('half-written')
  })

  it('shows no time left on a settled intent, and counts down on a pending one', async () => {
    const later = new Date(Date.now() + 3_600_000).toISOString()
    answers.set('getIntent', () => okFetched({ ...intent, expiresAt: later }))
    answers.set('getIntentReceipt', () => okFetched(receipt))
    const view = render()
    const expiry = await screen.findByRole('region', { name: 'Expiry' }, { timeout: 5000 })
    await waitFor(() => expect(expiry).toHaveTextContent(/has settled \(FAILED\)/))
    expect(within(expiry).queryByText('Time left')).toBeNull()
    view.unmount()

    resetWorld()
    answers.set('getIntent', () => okFetched({ ...intent, status: 'QUOTED', expiresAt: later }))
    answers.set('getIntentReceipt', () => okFetched({ ...receipt, status: 'QUOTED' }))
    render()
    const pending = await screen.findByRole('region', { name: 'Expiry' }, { timeout: 5000 })
    await waitFor(() => expect(within(pending).getByText('Time left')).toBeInTheDocument())
    expect(within(pending).getByRole('timer')).toHaveTextContent(/left$/)
  })

  it('offers no bookmark for a malformed id', async () => {
    answers.set('getIntent', () => failure('InvalidArgument', 'not an intent id'))
    renderAt('/intent/hello%20world', [{ path: '/intent/:intentId', element: <IntentView /> }])
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('hello world')
    expect(screen.queryByRole('button', { name: /Bookmark/ })).toBeNull()
  })

  it('toggles the bookmark', async () => {
    answers.set('getIntent', () => okFetched(intent))
    render()
    const button = await screen.findByRole('button', { name: '☆ Bookmark' })
    await waitFor(() => expect(button).toBeEnabled())
    await userEvent.click(button)
    expect(await screen.findByRole('button', { name: '★ Bookmarked' })).toHaveAttribute('aria-pressed', 'true')
    await waitFor(async () => expect(await isBookmarked(PROFILE, ID)).toBe(true))
    await userEvent.click(screen.getByRole('button', { name: '★ Bookmarked' }))
    await waitFor(async () => expect(await isBookmarked(PROFILE, ID)).toBe(false))
    expect(screen.getByRole('button', { name: '☆ Bookmark' })).toHaveAttribute('aria-pressed', 'false')
  })
})
