import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { Intent, IntentHistoryEntry, IntentReceipt } from '@contract/service'
import { flushHistoryJournal } from '../db'
import { cacheIntents, cacheReceipt } from '../db/writeThrough'
import { cacheHistoryFiled } from '../db/testing'
import { useCacheStatus } from '../stores/cache'
import { answers, okFetched, source } from '../testing/bridge'
import { resetWorld } from '../testing/harness'
import { NAV_LABELS, renderShellAt, sidebarLinks } from '../testing/shell'
import { makeEntry } from '../features/history/testing/entries'
import { giveScrollBoxAViewport } from '../features/history/testing/layout'
import { useHistoryUi } from '../stores/historyUi'

/**
 * Issue 29, items 2 and 3: one record with `decimals: 1e15` blanked the whole window
 * (`formatUnitsExact` threw "Invalid string length" and nothing caught it), and one
 * with `createdAt: 9999-12-31` froze it (the History chart built a bucket for each of
 * 2.9 million days). Whether the record comes from the service or from the cache, the
 * sidebar and the other entries must stay on screen.
 */

vi.mock('../data/call', async () => ({ call: (await import('../testing/bridge')).fakeCall }))
vi.mock('../bridge', async () => ({ bridge: (await import('../testing/bridge')).fakeEventBridge }))

giveScrollBoxAViewport()

const FAR_FUTURE = '9999-12-31T00:00:00.000Z'

/** An entry whose origin token claims 10^15 decimals. */
function hugeDecimals(): IntentHistoryEntry {
  const e = makeEntry({ status: 'SUCCEEDED' })
  e.receipt!.summary!.originTokenMetadata!.decimals = 1e15
  return e
}

const shownIds = () => screen.queryAllByTestId('history-row').map((r) => r.getAttribute('data-intent-id'))

async function expectHistoryStands(good: IntentHistoryEntry[], bad: IntentHistoryEntry) {
  await waitFor(() => expect(shownIds()).toEqual(expect.arrayContaining(good.map((e) => e.intentId!))), { timeout: 10_000 })
  expect(sidebarLinks()).toEqual(NAV_LABELS)
  expect(screen.getByRole('heading', { name: 'History' })).toBeInTheDocument()
  // The bad entry keeps its own row: drawn, or naming its own error.
  const row = screen.getAllByTestId('history-row').find((r) => r.getAttribute('data-intent-id') === bad.intentId)
  expect(row).toBeDefined()
}

afterEach(async () => {
  await flushHistoryJournal()
})

beforeEach(() => {
  resetWorld()
  useHistoryUi.setState({ selection: { list: null, picked: new Map() }, detail: null, scroll: { at: '', top: 0 } })
})

describe('History with one hostile entry', () => {
  it('decimals 1e15 from the service: the other rows and the sidebar stay, the amount shows in base units', async () => {
    const good = [makeEntry(), makeEntry()]
    const bad = hugeDecimals()
    answers.set('getIntentHistory', () => okFetched({ intents: [good[0], bad, good[1]] }))
    renderShellAt('/history')
    await expectHistoryStands(good, bad)
    const row = screen.getAllByTestId('history-row').find((r) => r.getAttribute('data-intent-id') === bad.intentId)!
    expect(row).toHaveTextContent('1500000 base units of USDC')
  })

  it('createdAt 9999-12-31 from the service: the page answers, the chart leaves it out and says so', async () => {
    const good = [makeEntry(), makeEntry()]
    const bad = makeEntry({ createdAt: FAR_FUTURE })
    answers.set('getIntentHistory', () => okFetched({ intents: [good[0], bad, good[1]] }))
    renderShellAt('/history')
    await expectHistoryStands(good, bad)
    expect(await screen.findByTestId('history-summary-left-out')).toHaveTextContent('1 intent is not drawn')
  })

  it('decimals 1e15 and createdAt 9999-12-31 read from the cache (offline): the same', async () => {
    const good = [makeEntry(), makeEntry()]
    const badDecimals = hugeDecimals()
    const farFuture = makeEntry({ createdAt: FAR_FUTURE })
    await cacheHistoryFiled(source(Date.now() - 60_000), [good[0], badDecimals, farFuture, good[1]])
    useCacheStatus.setState({ forcedOffline: true })
    renderShellAt('/history')
    await expectHistoryStands(good, badDecimals)
    await expectHistoryStands(good, farFuture)
    expect(await screen.findByTestId('history-summary-left-out')).toHaveTextContent('1 intent is not drawn')
  })

  it('an entry that cannot be made into a row costs that row only, with its message and raw JSON', async () => {
    const good = [makeEntry(), makeEntry()]
    const bad = makeEntry()
    // A wrong type no schema of this build let through (an old cache, an edited file).
    bad.balances = [{ intentAddress: '0x1', tokens: 5 as never }]
    answers.set('getIntentHistory', () => okFetched({ intents: [good[0], bad, good[1]] }))
    renderShellAt('/history')
    await expectHistoryStands(good, bad)
    const row = screen.getAllByTestId('history-row').find((r) => r.getAttribute('data-intent-id') === bad.intentId)!
    const problem = within(row).getByRole('alert')
    expect(problem).toHaveTextContent('This row could not be shown')
    fireEvent.click(within(row).getByRole('button', { name: 'Show raw JSON' }))
    expect(row).toHaveTextContent('"tokens": 5')
  })
})

describe('History names the fields main refused', () => {
  it("the entry's detail panel lists each refused field with its reason", async () => {
    const good = [makeEntry(), makeEntry()]
    const bad = { ...makeEntry(), createdAt: undefined, _refused: [{ field: 'createdAt', reason: 'time "9999-12-31T00:00:00Z" is outside 2009-01-01 to 2036-12-04' }] }
    answers.set('getIntentHistory', () => okFetched({ intents: [good[0], bad, good[1]] }))
    renderShellAt('/history')
    await expectHistoryStands(good, bad)
    fireEvent.click(screen.getByRole('button', { name: `Details of intent ${bad.intentId}` }))
    const panel = await screen.findByRole('complementary', { name: 'Intent details' })
    expect(within(panel).getByRole('status', { name: 'Refused fields' })).toHaveTextContent('createdAt: time "9999-12-31T00:00:00Z" is outside')
  })
})

/** An intent and its receipt whose tokens claim 10^15 decimals and whose times lie in year 9999. */
function hostileIntent(): { intent: Intent; receipt: IntentReceipt } {
  const entry = makeEntry({ createdAt: FAR_FUTURE })
  const intentId = entry.intentId!
  entry.receipt!.summary!.originTokenMetadata!.decimals = 1e15
  entry.receipt!.summary!.destinationTokenMetadata!.decimals = 1e15
  const intent: Intent = {
    intentId,
    status: 'SUCCEEDED',
    ownerAddress: entry.receipt!.ownerAddress,
    originChainId: 1,
    destinationChainId: 8453,
    createdAt: FAR_FUTURE,
    expiresAt: FAR_FUTURE,
    depositTransaction: { amount: '1500000', decimals: 1e15, chainId: 1 },
    quote: { fromAmount: '1500000', toAmount: '1490000' },
    gasFeeOptions: { feeOptions: [{ tokenSymbol: 'USDC', tokenDecimals: 1e15, amount: '12345' }] },
  }
  return { intent, receipt: entry.receipt! }
}

async function expectIntentPageStands(intentId: string) {
  expect(await screen.findByRole('heading', { name: 'Raw JSON' }, { timeout: 10_000 })).toBeInTheDocument()
  expect(sidebarLinks()).toEqual(NAV_LABELS)
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(intentId.slice(0, 6))
  for (const title of ['Summary', 'Quote', 'Fees', 'Expiry']) expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument()
  expect(screen.queryAllByRole('alert').filter((a) => a.dataset.renderError)).toEqual([])
}

describe('The intent page with hostile values', () => {
  it('decimals 1e15 and times in year 9999 from the service: every card stands', async () => {
    const { intent, receipt } = hostileIntent()
    answers.set('getIntent', () => okFetched({ intent }))
    answers.set('getIntentReceipt', () => okFetched({ intentReceipt: receipt, receiptStates: [], done: true }))
    renderShellAt(`/intent/${intent.intentId}`)
    await expectIntentPageStands(intent.intentId!)
  })

  it('the same read from the cache (offline): every card stands', async () => {
    const { intent, receipt } = hostileIntent()
    await cacheIntents(source(Date.now() - 60_000), [intent])
    await cacheReceipt(source(Date.now() - 60_000), receipt)
    useCacheStatus.setState({ forcedOffline: true })
    renderShellAt(`/intent/${intent.intentId}`)
    await expectIntentPageStands(intent.intentId!)
  })

  it('names the fields main refused, so a dropped field is not taken for one not sent', async () => {
    const { intent, receipt } = hostileIntent()
    const refused = { ...intent, createdAt: undefined, _refused: [{ field: 'createdAt', reason: 'time "9999-12-31T00:00:00Z" is outside 2009-01-01 to 2036-12-04' }] }
    answers.set('getIntent', () => okFetched({ intent: refused }))
    answers.set('getIntentReceipt', () => okFetched({ intentReceipt: receipt, receiptStates: [], done: true }))
    renderShellAt(`/intent/${intent.intentId}`)
    const notice = await screen.findByRole('status', { name: 'Refused fields' }, { timeout: 10_000 })
    expect(notice).toHaveTextContent('createdAt: time "9999-12-31T00:00:00Z" is outside')
  })
})
