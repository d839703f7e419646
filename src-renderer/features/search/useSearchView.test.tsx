import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter, useLocation } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import type { AppInfo } from '@contract/app'
import type { SearchIntentsRequest } from '@contract/service'
import { SEARCH_RESULT_CAP } from '@contract/service/constants'
import { createQueryClient } from '../../data/client'
import { DataProvider } from '../../data/DataProvider'
import { queryKeys } from '../../data/keys'
import type { Answer } from '../../data/liveOrCached'
import { useCacheStatus } from '../../stores/cache'
import { useConnection } from '../../stores/connection'
import type { SearchHit } from './hits'
import type { CandidateAnswer } from './searchQueries'
import { ROW_LIMIT, useSearchView } from './useSearchView'

/**
 * The view-model on its own: its queries' answers are put in the query cache beforehand
 * (fresh for the test's life), so nothing is fetched and no module is replaced.
 */

const PROFILE = 'vm'
const OWNER = `0x${'0a'.repeat(20)}`
const info: AppInfo = {
  version: 'test',
  runtime: 'host',
  profiles: [{ id: PROFILE, name: 'Simulator', baseUrl: 'http://sim', builtIn: true, hasKey: false }],
  activeProfileId: PROFILE,
  keyStorage: { backend: 'file', encrypted: false },
  recoveredSettings: [],
}

const hit = (n: number): SearchHit => ({ key: `0x${n}`, intentId: `0x${n}`, createdAt: n, from: {}, to: {}, providers: [], matchedAs: [] })
const live = (count: number): Answer<CandidateAnswer> => ({ data: { hits: Array.from({ length: count }, (_, i) => hit(i + 1)) }, fetchedAt: 1, fromCache: false })

let client: ReturnType<typeof createQueryClient>
const answer = (request: SearchIntentsRequest, a: Answer<CandidateAnswer>) => client.setQueryData(queryKeys.request(PROFILE, 'searchIntents', request), a)

beforeEach(() => {
  client = createQueryClient()
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, staleTime: Infinity } })
  useConnection.setState({ info, reachability: 'online', lastOutage: null })
  useCacheStatus.setState({ forcedOffline: false, unindexed: 0 })
})

/** The hook at `path`, with where the router is. */
function renderView(path: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[path]}>
      <DataProvider client={client}>{children}</DataProvider>
    </MemoryRouter>
  )
  return renderHook(() => ({ view: useSearchView(), location: useLocation() }), { wrapper })
}

describe('useSearchView', () => {
  it('plans nothing and keeps the filters closed without a search in the URL', () => {
    const { result } = renderView('/search')
    expect(result.current.view.plan.mode).toBe('none')
    expect(result.current.view.search.status).toBe('idle')
    expect(result.current.view.filtersOpen).toBe(false)
  })

  it('opens the filters for a form search in the URL, and describes it', () => {
    answer({ byOwnerAddress: OWNER, byProjectId: 7 }, live(1))
    const { result } = renderView(`/search?byOwnerAddress=${OWNER}&byProjectId=7`)
    expect(result.current.view.filtersOpen).toBe(true)
    expect(result.current.view.formDraft.byOwnerAddress).toBe(OWNER)
    expect(result.current.view.described).toBe(`owner ${OWNER}, project 7`)
  })

  it('puts a search in the URL and opens the filters when one comes from the form', () => {
    const { result } = renderView('/search')
    act(() => result.current.view.searchUniversal('42'))
    expect(result.current.location.search).toBe('?q=42')
    expect(result.current.view.filtersOpen).toBe(false)
    act(() => result.current.view.searchFilters({ byProjectId: 42 }))
    expect(result.current.location.search).toBe('?byProjectId=42')
    expect(result.current.view.filtersOpen).toBe(true)
  })

  it('draws the newest rows up to the limit until asked for all', async () => {
    answer({ byProjectId: 9 }, live(ROW_LIMIT + 20))
    const { result } = renderView('/search?byProjectId=9')
    await waitFor(() => expect(result.current.view.search.status).toBe('done'))
    expect(result.current.view.rows).toHaveLength(ROW_LIMIT)
    expect(result.current.view.rows[0].createdAt).toBe(ROW_LIMIT + 20)
    act(() => result.current.view.showAll())
    expect(result.current.view.rows).toHaveLength(ROW_LIMIT + 20)
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
    await waitFor(() => expect(result.current.view.search.status).toBe('done'))
    expect(result.current.view.capped).toEqual([{ as: 'byOwnerAddress', historyHref: `/history?owner=${OWNER}` }])
  })
})
