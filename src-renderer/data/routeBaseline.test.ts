import '../testing/svc'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { GetIntentHistoryRequest } from '@contract/service'
import { answers, callsOf, okFetched, PROFILE } from '../testing/bridge'
import { resetWorld } from '../testing/harness'
import { BASELINE_FRESH_MS, ensureBaseline, forgetBaselines, lastBaselineRead } from './routeBaseline'

vi.mock('./call', async () => ({ call: (await import('../testing/bridge')).fakeCall }))

const DAY = 86_400_000

beforeEach(() => {
  resetWorld()
  forgetBaselines()
  answers.set('getIntentHistory', () =>
    okFetched({ intents: [{ intentId: `0x${'a'.repeat(64)}`, status: 'SUCCEEDED', createdAt: new Date().toISOString() }], page: {} }),
  )
})

describe('the route baseline', () => {
  it('reads the last 30 days from the service for the purpose, and says how many intents it rests on', async () => {
    const now = Date.now()
    const read = await ensureBaseline(PROFILE, now)
    const asked = callsOf('getIntentHistory') as GetIntentHistoryRequest[]
    expect(asked.length).toBeGreaterThan(0)
    expect(asked[0]!.fromTime).toBe(Math.floor((now - 30 * DAY) / 1000))
    expect(read).toMatchObject({ read: 1, capped: false })
    expect(lastBaselineRead(PROFILE)).toEqual(read)
  })

  it('keeps it fresh: no second read while the last is fresh, a new one once it is not', async () => {
    const now = Date.now()
    await ensureBaseline(PROFILE, now)
    const calls = callsOf('getIntentHistory').length
    await ensureBaseline(PROFILE, now + 60_000)
    expect(callsOf('getIntentHistory')).toHaveLength(calls)
    await ensureBaseline(PROFILE, Date.now() + BASELINE_FRESH_MS + 1000)
    expect(callsOf('getIntentHistory').length).toBeGreaterThan(calls)
  })

  it('reads once for callers that ask at the same time', async () => {
    const now = Date.now()
    await Promise.all([ensureBaseline(PROFILE, now), ensureBaseline(PROFILE, now), ensureBaseline(PROFILE, now)])
    expect(callsOf('getIntentHistory')).toHaveLength(1)
  })
})
