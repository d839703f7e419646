import '../testing/svc'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { waitFor } from '@testing-library/react'
import type { GetIntentHistoryRequest } from '@contract/service'
import { answers, callsOf, okFetched, PROFILE } from '../testing/bridge'
import { renderHookAt, resetWorld } from '../testing/harness'
import { createQueryClient } from './client'
import { BASELINE_FRESH_MS, baselineStats, readBaseline, useRouteBaseline } from './routeBaseline'
import { DAY, NOW, ROUTE_WINDOW as WINDOW, succeededIntent as succeeded } from '../testing/routeWindow'

vi.mock('./call', async () => ({ call: (await import('../testing/bridge')).fakeCall }))


beforeEach(() => {
  resetWorld()
  answers.set('getIntentHistory', () => okFetched({ intents: WINDOW, page: {} }))
})

describe('the route baseline', () => {
  it('reads the last 30 days from the service for the purpose, and says how many intents it rests on', async () => {
    const baseline = await readBaseline(NOW)
    const asked = callsOf('getIntentHistory') as GetIntentHistoryRequest[]
    expect(asked[0]!.fromTime).toBe(Math.floor((NOW - 30 * DAY) / 1000))
    expect(baseline).toMatchObject({ read: 43, capped: false, fromCache: false })
    expect(baseline.stats?.routes.find((r) => r.key === '1->8453')?.durations.length).toBe(40)
  })

  it('counts each intent once, whatever the pages repeat, and leaves out intents older than 30 days', () => {
    const stats = baselineStats([succeeded(1, 1, 10), succeeded(1, 1, 10), succeeded(2, 1, 10, 40)], NOW)
    expect(stats.rows).toBe(1)
  })

  it('rejects when the service answers nothing, so the view falls back to the cache and says so', async () => {
    answers.set('getIntentHistory', () => ({ ok: false, error: { kind: 'Unavailable', message: 'down' } }))
    await expect(readBaseline(NOW)).rejects.toMatchObject({ message: 'down' })
  })

  it('is kept fresh: read again every BASELINE_FRESH_MS while shown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      const { result } = renderHookAt('/', () => useRouteBaseline(PROFILE, false), createQueryClient())
      await waitFor(() => expect(result.current.vm.baseline?.read).toBe(43))
      expect(result.current.vm.reading).toBe(false)
      const reads = callsOf('getIntentHistory').length
      await vi.advanceTimersByTimeAsync(BASELINE_FRESH_MS + 1000)
      await waitFor(() => expect(callsOf('getIntentHistory').length).toBeGreaterThan(reads))
    } finally {
      vi.useRealTimers()
    }
  })
})
