import '../../testing/svc'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { IntentHistoryEntry } from '@contract/service'
import { cacheHistoryPage, flushHistoryJournal } from '../../db'
import { readBaseline } from '../../data/routeBaseline'
import { MIN_SAMPLES } from '../../lib/routeStats'
import { answers, okFetched, source } from '../../testing/bridge'
import { resetWorld } from '../../testing/harness'
import { attentionQueue, type Candidate } from './queue'

vi.mock('../../data/call', async () => ({ call: (await import('../../testing/bridge')).fakeCall }))

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

/** The service's last 30 days: a busy route 1 → 8453 (40 intents, 10–49 s), a thin one 10 → 8453 (3 intents). */
const WINDOW: IntentHistoryEntry[] = [...Array.from({ length: 40 }, (_, i) => succeeded(i + 1, 1, 10 + i)), ...Array.from({ length: 3 }, (_, i) => succeeded(100 + i, 10, 20))]

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
