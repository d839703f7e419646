import { act, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { SearchIntentsRequest } from '@contract/service'
import { SEARCH_RESULT_CAP } from '@contract/service/constants'
import { createQueryClient } from '../../data/client'
import { queryKeys } from '../../data/keys'
import type { Answer } from '../../data/liveOrCached'
import { PROFILE } from '../../testing/bridge'
import { renderHookAt, resetWorld } from '../../testing/harness'
import type { SearchHit } from './hits'
import type { CandidateAnswer } from './searchQueries'
import { ROW_LIMIT, useSearchView } from './useSearchView'

/**
 * The view-model on its own: its queries' answers are put in the query cache beforehand
 * (fresh for the test's life), so nothing is fetched and no module is replaced.
 */

const OWNER = `0x${'0a'.repeat(20)}`

const hit = (n: number): SearchHit => ({ key: `0x${n}`, intentId: `0x${n}`, createdAt: n, from: {}, to: {}, providers: [], matchedAs: [] })
const live = (count: number): Answer<CandidateAnswer> => ({ data: { hits: Array.from({ length: count }, (_, i) => hit(i + 1)) }, fetchedAt: 1, fromCache: false })

let client: ReturnType<typeof createQueryClient>
const answer = (request: SearchIntentsRequest, a: Answer<CandidateAnswer>) => client.setQueryData(queryKeys.request(PROFILE, 'searchIntents', request), a)

beforeEach(() => {
  resetWorld()
  client = createQueryClient()
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, staleTime: Infinity } })
})

/** The hook at `path`, with where the router is. */
const renderView = (path: string) => renderHookAt(path, useSearchView, client)

describe('useSearchView', () => {
  it('plans nothing and keeps the filters closed without a search in the URL', () => {
    const { result } = renderView('/search')
    expect(result.current.vm.plan.mode).toBe('none')
    expect(result.current.vm.search.status).toBe('idle')
    expect(result.current.vm.filtersOpen).toBe(false)
  })

  it('opens the filters for a form search in the URL, and describes it', () => {
    answer({ byOwnerAddress: OWNER, byProjectId: 7 }, live(1))
    const { result } = renderView(`/search?byOwnerAddress=${OWNER}&byProjectId=7`)
    expect(result.current.vm.filtersOpen).toBe(true)
    expect(result.current.vm.formDraft.byOwnerAddress).toBe(OWNER)
    expect(result.current.vm.described).toBe(`owner ${OWNER}, project 7`)
  })

  it('puts a search in the URL and opens the filters when one comes from the form', () => {
    const { result } = renderView('/search')
    act(() => result.current.vm.searchUniversal('42'))
    expect(result.current.at.search).toBe('?q=42')
    expect(result.current.vm.filtersOpen).toBe(false)
    act(() => result.current.vm.searchFilters({ byProjectId: 42 }))
    expect(result.current.at.search).toBe('?byProjectId=42')
    expect(result.current.vm.filtersOpen).toBe(true)
  })

  it('draws the newest rows up to the limit until asked for all', async () => {
    answer({ byProjectId: 9 }, live(ROW_LIMIT + 20))
    const { result } = renderView('/search?byProjectId=9')
    await waitFor(() => expect(result.current.vm.search.status).toBe('done'))
    expect(result.current.vm.rows).toHaveLength(ROW_LIMIT)
    expect(result.current.vm.rows[0].createdAt).toBe(ROW_LIMIT + 20)
    act(() => result.current.vm.showAll())
    expect(result.current.vm.rows).toHaveLength(ROW_LIMIT + 20)
  })

  it('offers History for an owner search the service cut at its limit', async () => {
    for (const key of ['byOwnerAddress', 'byOriginIntentAddress', 'byDestinationIntentAddress', 'byEdgeAddress'])
      answer({ [key]: OWNER }, live(key === 'byOwnerAddress' ? SEARCH_RESULT_CAP : 0))
    client.setQueryData(
      queryKeys.request(PROFILE, 'searchPreview', {
        byOwnerAddress: OWNER,
        page: { column: 'createdAt', sort: [{ column: 'createdAt', order: 'DESC' }], pageSize: 20 },
      }),
      [],
    )
    const { result } = renderView(`/search?q=${OWNER}`)
    await waitFor(() => expect(result.current.vm.search.status).toBe('done'))
    expect(result.current.vm.capped).toEqual([{ as: 'byOwnerAddress', historyHref: `/history?owner=${OWNER}` }])
  })
})
