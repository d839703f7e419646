import '../../../testing/svc'
import { beforeEach, describe, expect, it } from 'vitest'
import { act, waitFor } from '@testing-library/react'
import type { YieldGetMarketsRequest } from '@contract/service'
import { answers, callsOf, okFetched } from '../../../testing/bridge'
import { renderHookAt, resetWorld } from '../../../testing/harness'
import { marketFixture } from '../testing'
import { useMarketsView } from './useMarketsView'

const ALL = Array.from({ length: 25 }, (_, i) => marketFixture(i + 1))

function serveMarkets() {
  answers.set('yieldGetMarkets', (req: YieldGetMarketsRequest) => {
    const offset = req.offset ?? 0
    const limit = req.limit ?? 20
    return okFetched({ items: ALL.slice(offset, offset + limit), total: ALL.length, offset, limit })
  })
}

const render = (path: string) => renderHookAt(path, useMarketsView)

beforeEach(() => {
  resetWorld()
  answers.set('getChains', () => okFetched({ chains: [] }))
  serveMarkets()
})

describe('useMarketsView', () => {
  it('asks for the URL’s filters, leaving out a bad one and naming it', async () => {
    const { result } = render('/yield?chain=base&type=vault&q=usdc&limit=10')
    await waitFor(() => expect(result.current.vm.page?.items).toHaveLength(10))
    expect(result.current.vm.problems).toEqual({ chainId: 'Use numeric chain ids, separated by commas' })
    expect(callsOf('yieldGetMarkets')).toEqual([{ type: 'vault', search: 'usdc', sort: 'rewardRateDesc', limit: 10, offset: 0 }])
  })

  it('writes a filter change to the URL and starts again at the first page', async () => {
    const { result } = render('/yield?offset=20')
    await waitFor(() => expect(result.current.vm.page?.items).toHaveLength(5))
    act(() => result.current.vm.update('sort', 'tvlDesc'))
    await waitFor(() => expect(result.current.at.search).toBe('?sort=tvlDesc'))
    await waitFor(() => expect(result.current.vm.page?.items).toHaveLength(20))
    expect(callsOf('yieldGetMarkets').at(-1)).toEqual({ sort: 'tvlDesc', limit: 20, offset: 0 })
  })

  it('pages by writing the offset', async () => {
    const { result } = render('/yield')
    await waitFor(() => expect(result.current.vm.page).toBeDefined())
    act(() => result.current.vm.update('offset', 20))
    await waitFor(() => expect(result.current.vm.page?.offset).toBe(20))
    expect(result.current.at.search).toBe('?offset=20')
    expect(result.current.vm.filters.offset).toBe(20)
  })
})
