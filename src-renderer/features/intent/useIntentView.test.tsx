import '../../testing/svc'
import { beforeEach, describe, expect, it } from 'vitest'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import type { Intent, IntentReceipt } from '@contract/service'
import { createQueryClient } from '../../data/client'
import { DataProvider } from '../../data/DataProvider'
import { cacheIntents, isBookmarked } from '../../db'
import { useCacheStatus } from '../../stores/cache'
import { answers, callsOf, failure, okFetched, PROFILE, source } from '../../testing/bridge'
import { resetWorld } from '../../testing/harness'
import { answerNote, expectationNote, intentPhase, shownStatus, useIntentView } from './useIntentView'

const ID = `0x${'ab'.repeat(32)}`
const WETH = '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2'

const intent: Intent = {
  intentId: ID,
  status: 'FAILED',
  ownerAddress: '0x1111111111111111111111111111111111111111',
  originChainId: 1,
  destinationChainId: 8453,
  originTokenAddress: WETH,
  createdAt: '2026-11-20T10:00:00.000Z',
}

const receipt: IntentReceipt = {
  intentId: ID,
  status: 'FAILED',
  originChainId: 1,
  destinationChainId: 8453,
  depositTransaction: { chainId: 1, tokenAddress: WETH, tokenAmount: '1000', txnHash: `0x${'d'.repeat(64)}`, txnMinedAt: '2026-11-20T10:01:00.000Z' },
  originTransaction: { chainId: 1, tokenAddress: WETH, tokenAmount: '1000', txnHash: `0x${'e'.repeat(64)}`, statusReason: 'slippage tolerance exceeded' },
}

function render(id: string | undefined) {
  const client = createQueryClient()
  const wrapper = ({ children }: { children: ReactNode }) => <DataProvider client={client}>{children}</DataProvider>
  return renderHook(() => useIntentView(id), { wrapper })
}

beforeEach(() => resetWorld())

describe('useIntentView', () => {
  it('loads the intent and its receipt, derives the status, reason, steps and answer, and refreshes both', async () => {
    answers.set('getIntent', () => okFetched(intent))
    answers.set('getIntentReceipt', () => okFetched(receipt))
    const { result } = render(` ${ID} `)
    expect(result.current.intentId).toBe(ID)
    await waitFor(() => expect(result.current.receipt).toBeDefined())
    await waitFor(() => expect(result.current.phase).toBe('shown'))
    expect(result.current.status).toBe('FAILED')
    expect(result.current.reason).toBe('slippage tolerance exceeded')
    expect(result.current.steps.find((s) => s.key === 'origin')?.state).toBe('failed')
    expect(result.current.answer.outcome).toBe('failed')
    expect(result.current.canBookmark).toBe(true)
    expect(result.current.summary()).toMatch(/Data from Simulator, fetched /)

    act(() => result.current.actions.refresh())
    await waitFor(() => expect(callsOf('getIntent')).toHaveLength(2))
    await waitFor(() => expect(callsOf('getIntentReceipt')).toHaveLength(2))
  })

  it('tells a missing intent from a failed load', async () => {
    answers.set('getIntent', () => failure('NotFound', 'no intent'))
    const { result } = render(ID)
    await waitFor(() => expect(result.current.phase).toBe('notFound'))
    expect(result.current.error?.kind).toBe('NotFound')

    answers.set('getIntent', () => failure('Unauthorized', 'bad key'))
    act(() => result.current.actions.retry())
    await waitFor(() => expect(result.current.phase).toBe('error'))
    expect(result.current.error?.kind).toBe('Unauthorized')
  })

  it('offline, shows the cached copy with its age, or says it was never cached', async () => {
    useCacheStatus.setState({ forcedOffline: true })
    const fetchedAt = Date.now() - 3_600_000
    await cacheIntents(source(fetchedAt), [intent])
    const cached = render(ID)
    await waitFor(() => expect(cached.result.current.phase).toBe('shown'))
    expect(cached.result.current.shown).toMatchObject({ fromCache: true, fetchedAt })
    expect(cached.result.current.summary()).toMatch(/\(cached copy\)/)

    const other = render(`0x${'cd'.repeat(32)}`)
    await waitFor(() => expect(other.result.current.phase).toBe('uncached'))
    expect(callsOf('getIntent')).toEqual([])
  })

  it('bookmarks the intent on this computer and takes it back', async () => {
    answers.set('getIntent', () => okFetched(intent))
    const { result } = render(ID)
    await waitFor(() => expect(result.current.bookmark.available).toBe(true))
    expect(result.current.bookmark.on).toBe(false)
    await act(() => result.current.bookmark.toggle())
    expect(result.current.bookmark.on).toBe(true)
    expect(await isBookmarked(PROFILE, ID)).toBe(true)
    await act(() => result.current.bookmark.toggle())
    await waitFor(() => expect(result.current.bookmark.on).toBe(false))
    expect(await isBookmarked(PROFILE, ID)).toBe(false)
  })

  it('asks nothing without an id, and offers no bookmark for a malformed one', async () => {
    const none = render(undefined)
    expect(none.result.current.phase).toBe('noId')
    const bad = render('0x12')
    expect(bad.result.current.canBookmark).toBe(false)
    // A malformed id is still asked for: the service says whether it knows it.
    await waitFor(() => expect(callsOf('getIntent')).toEqual([{ intentId: '0x12' }]))
  })
})

describe('the page’s decisions', () => {
  it('prefers the live watch’s status only for the active profile', () => {
    expect(shownStatus({ profileId: PROFILE, status: 'SUCCEEDED' }, PROFILE, intent, receipt)).toBe('SUCCEEDED')
    expect(shownStatus({ profileId: 'other', status: 'SUCCEEDED' }, PROFILE, intent, receipt)).toBe('FAILED')
    expect(shownStatus(undefined, PROFILE, undefined, { ...receipt, status: 'EXECUTING' })).toBe('EXECUTING')
  })

  it('keeps an intent on screen when a reload fails', () => {
    expect(intentPhase(ID, { status: 'error', error: { kind: 'NotFound', message: '' } }, true)).toBe('error')
    expect(intentPhase(ID, { status: 'loading' }, true)).toBe('shown')
    expect(intentPhase(ID, { status: 'idle' }, false)).toBe('loading')
  })

  it('says where the balances came from only when there are some', () => {
    expect(answerNote({ balances: undefined })).toBeUndefined()
    expect(answerNote({ balances: [], fetchedAt: 0, fromCache: true })).toMatch(/^Balances at the intent's addresses from the cached history entry, /)
  })
})

describe('expectationNote', () => {
  const NOW = Date.UTC(2026, 10, 27, 12, 10)
  it('says how many intents "usually finish in" rests on and when its baseline was read', () => {
    const note = expectationNote('executing-on-time', { typicalMs: 60_000, lateAfterMs: 120_000, basis: 'route', samples: 42 }, { at: NOW - 3 * 60_000, fromCache: false }, NOW)
    expect(note).toMatch(/^“Usually finish in”: the median duration of 42 succeeded intents on this route in the last 30 days \(read from the service at 2026-11-27 .*, 3 min ago\)\./)
  })

  it('says the baseline is incomplete when the quote’s estimate stands in for it', () => {
    expect(expectationNote('executing-late', { typicalMs: 60_000, lateAfterMs: 120_000, basis: 'quote' })).toContain('its baseline is incomplete')
    expect(expectationNote('succeeded', { typicalMs: 60_000, lateAfterMs: 120_000, basis: 'route', samples: 42 })).toBeUndefined()
  })
})
