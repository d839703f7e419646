import '../../testing/svc'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { cacheHistoryPage, flushHistoryJournal } from '../../db'
import { readBaseline } from '../../data/routeBaseline'
import { MIN_SAMPLES } from '../../lib/routeStats'
import { answers, okFetched, source } from '../../testing/bridge'
import { resetWorld } from '../../testing/harness'
import { attentionQueue, type Candidate } from './queue'
import { NOW, ROUTE_WINDOW as WINDOW, succeededIntent as succeeded } from '../../testing/routeWindow'

vi.mock('../../data/call', async () => ({ call: (await import('../../testing/bridge')).fakeCall }))


const executing = (id: string, origin: number, runningMs: number): Candidate => ({ intentId: id, status: 'EXECUTING', createdAt: NOW - runningMs - 1000, startedAt: NOW - runningMs, originChainId: origin, destinationChainId: 8453 })
const CANDIDATES = [executing('busy-slow', 1, 120_000), executing('busy-fine', 1, 20_000), executing('thin-long', 10, 3_600_000), executing('thin-short', 10, 5000)]

beforeEach(() => {
  resetWorld()
  answers.set('getIntentHistory', () => okFetched({ intents: WINDOW, page: {} }))
})

/** The queue over a fresh read of the baseline: reason per intent. */
async function queueOfFreshRead(): Promise<Array<[string, string]>> {
  const baseline = await readBaseline(NOW)
  return attentionQueue(CANDIDATES, baseline.stats, NOW).map((i) => [i.candidate.intentId, i.reason])
}

describe('the queue over the route baseline read for the purpose', () => {
  it('gives no verdict on a route with fewer intents than the definition module’s minimum: "baseline incomplete", apart from the slow', async () => {
    expect(MIN_SAMPLES).toBe(20)
    expect(await queueOfFreshRead()).toEqual([
      ['busy-slow', 'slow'],
      ['thin-long', 'baseline-incomplete'],
      ['thin-short', 'baseline-incomplete'],
    ])
  })

  it('does not depend on the cache: an empty cache and one holding 1,000 intents of the thin route flag the same set', async () => {
    const empty = await queueOfFreshRead()
    // Another agent's cache: 1,000 quick succeeded intents on the thin route, which a cache-based baseline would count.
    const cached = Array.from({ length: 1000 }, (_, i) => succeeded(10_000 + i, 10, 5, 2))
    await cacheHistoryPage(source(NOW), cached)
    await flushHistoryJournal()
    const full = await queueOfFreshRead()
    expect(full).toEqual(empty)
    expect(full.find(([id]) => id === 'thin-long')?.[1]).toBe('baseline-incomplete')
  })

})
