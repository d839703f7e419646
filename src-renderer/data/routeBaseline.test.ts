import '../testing/svc'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { waitFor } from '@testing-library/react'
import type { GetIntentHistoryRequest, IntentHistoryEntry } from '@contract/service'
import { answers, callsOf, okFetched, PROFILE } from '../testing/bridge'
import { renderHookAt, resetWorld } from '../testing/harness'
import { createQueryClient } from './client'
import { BASELINE_FRESH_MS, baselineStats, readBaseline, useRouteBaseline } from './routeBaseline'

vi.mock('./call', async () => ({ call: (await import('../testing/bridge')).fakeCall }))

const DAY = 86_400_000
const NOW = Date.now()
const hex = (n: number) => `0x${n.toString(16).padStart(64, '0')}`

/** A succeeded intent of the route, created `daysAgo`, that took `seconds` to finish. */
function succeeded(n: number, origin: number, seconds: number, daysAgo = 1): IntentHistoryEntry {
  const start = NOW - daysAgo * DAY
  const iso = (t: number) => new Date(t).toISOString()
  return {
    intentId: hex(n),
    status: 'SUCCEEDED',
    createdAt: iso(start - 5000),
    receipt: { originChainId: origin, destinationChainId: 8453, summary: { startedAt: iso(start), finishedAt: iso(start + seconds * 1000) } },
  } as IntentHistoryEntry
}

/** What the service holds in its last 30 days: a busy route 1 → 8453 (40 intents, 10–49 s), a thin one 10 → 8453 (3 intents). */
const WINDOW: IntentHistoryEntry[] = [...Array.from({ length: 40 }, (_, i) => succeeded(i + 1, 1, 10 + i)), ...Array.from({ length: 3 }, (_, i) => succeeded(100 + i, 10, 20))]

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
