import { describe, expect, it } from 'vitest'
import { SEARCH_RESULT_CAP } from '@contract/service/constants'
import type { SearchHit } from './hits'
import type { Candidate } from './plan'
import type { CandidateAnswer } from './searchQueries'
import { searchStateOf, type CandidateOutcome } from './searchState'

const OWNER = `0x${'0a'.repeat(20)}`
const byOwner: Candidate = { as: 'byOwnerAddress', request: { byOwnerAddress: OWNER } }
const byEdge: Candidate = { as: 'byEdgeAddress', request: { byEdgeAddress: OWNER } }

const hit = (n: number): SearchHit => ({ key: `0x${n}`, intentId: `0x${n}`, from: {}, to: {}, providers: [], matchedAs: [] })
const hits = (count: number, from = 0) => Array.from({ length: count }, (_, i) => hit(from + i))
const live = (found: SearchHit[], fetchedAt = 1000): CandidateOutcome => ({ answer: { data: { hits: found }, fetchedAt, fromCache: false } })
const cached = (data: CandidateAnswer, liveError?: CandidateOutcome['error']): CandidateOutcome => ({
  answer: { data, fetchedAt: data.oldestFetch ?? 0, fromCache: true, liveError },
})

describe('searchStateOf', () => {
  it('stays loading while every answer is out or empty so far, rather than saying nothing was found', () => {
    expect(searchStateOf([byOwner, byEdge], [{}, live([])], undefined)).toBeUndefined()
  })

  it('shows the first answer with rows at once, naming the calls still out', () => {
    const state = searchStateOf([byOwner, byEdge], [{}, live(hits(2))], undefined)
    expect(state).toMatchObject({ status: 'done', from: 'service', pending: ['byOwnerAddress'], preview: false })
    expect(state?.status === 'done' && state.hits.map((h) => h.matchedAs)).toEqual([['byEdgeAddress'], ['byEdgeAddress']])
  })

  it('lets the wallet preview stand in for the owner search only while that is out', () => {
    const preview = hits(3, 100)
    expect(searchStateOf([byOwner, byEdge], [{}, live([])], preview)).toMatchObject({ status: 'done', preview: true, pending: ['byOwnerAddress'] })
    const answered = searchStateOf([byOwner, byEdge], [live(hits(5)), live([])], preview)
    expect(answered).toMatchObject({ status: 'done', preview: false, pending: [] })
    expect(answered?.status === 'done' && answered.hits).toHaveLength(5)
  })

  it('names a call whose answer reached the service cap, and only that one', () => {
    const state = searchStateOf([byOwner, byEdge], [live(hits(SEARCH_RESULT_CAP)), live(hits(3, 1000))], undefined)
    expect(state?.status === 'done' && state.from === 'service' && state.capped).toEqual([byOwner])
    const under = searchStateOf([byOwner], [live(hits(SEARCH_RESULT_CAP - 1))], undefined)
    expect(under?.status === 'done' && under.from === 'service' && under.capped).toEqual([])
  })

  it('reads as the cache when a call was answered from it, with the oldest fetch, the outage and whether more pages wait', () => {
    const outage = { kind: 'Network' as const, message: 'refused' }
    const state = searchStateOf(
      [byOwner, byEdge],
      [cached({ hits: hits(2), oldestFetch: 50, next: { createdAt: 1, intentId: '0x1' } }, outage), cached({ hits: [], oldestFetch: undefined })],
      undefined,
    )
    expect(state).toMatchObject({ status: 'done', from: 'cache', fetchedAt: 50, more: true, outage })
    expect(state?.status === 'done' && state.from === 'cache' && state.caveats.length).toBeGreaterThan(0)
  })

  it('shows the further cache pages in place of each cached first page', () => {
    const first = cached({ hits: hits(100), oldestFetch: 10, next: { createdAt: 1, intentId: '0x1' } })
    const state = searchStateOf([byOwner], [first], undefined, [{ hits: hits(130), oldestFetch: 5 }])
    expect(state).toMatchObject({ status: 'done', from: 'cache', more: false, fetchedAt: 5 })
    expect(state?.status === 'done' && state.hits).toHaveLength(130)
  })

  it('fails with the first failure when no call answered', () => {
    const error = { kind: 'InvalidArgument' as const, message: 'too short' }
    expect(searchStateOf([byOwner], [{ error }], undefined)).toEqual({ status: 'error', error })
  })
})
