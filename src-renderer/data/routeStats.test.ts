import { beforeEach, describe, expect, it } from 'vitest'
import type { IntentHistoryEntry } from '@contract/service'
import { cacheHistoryFiled, freshDb, source } from '../db/testing'
import { explorerDb } from '../db'
import { computeRouteStats } from './routeStatsCompute'
import { useRouteStats } from '../stores/routeStats'
import { requestRouteStats } from './routeStats'

const NOW = Date.UTC(2026, 10, 20, 12)
const iso = (ms: number) => new Date(ms).toISOString()

function entry(i: number, createdAt: number, status: IntentHistoryEntry['status'], seconds?: number): IntentHistoryEntry {
  const started = createdAt + 5_000
  return {
    intentId: `0x${i.toString(16).padStart(64, '0')}`,
    status,
    createdAt: iso(createdAt),
    receipt: {
      status,
      originChainId: i % 2 ? 1 : 10,
      destinationChainId: 8453,
      summary: { startedAt: iso(started), finishedAt: seconds === undefined ? undefined : iso(started + seconds * 1000), routeProviders: ['RELAY'] },
    },
  }
}

beforeEach(() => {
  freshDb()
  useRouteStats.setState({ entries: {} })
})

describe('route statistics over the cache', () => {
  it('reads every cached row of the profile in the window, in batches, and no other profile', async () => {
    const entries = Array.from({ length: 3_000 }, (_, i) => entry(i, NOW - (i % 40) * 86_400_000 - 1000, i % 10 === 0 ? 'FAILED' : 'SUCCEEDED', 20 + (i % 30)))
    await cacheHistoryFiled(source('p1'), entries)
    await cacheHistoryFiled(source('p2'), entries.slice(0, 10))
    const progress: number[] = []
    const { stats } = await computeRouteStats({ id: 1, dbName: explorerDb().name, profileId: 'p1', window: '30d', now: NOW }, (n) => progress.push(n), undefined, 500)
    const inWindow = entries.filter((_, i) => i % 40 < 30).length
    expect(stats.rows).toBe(inWindow)
    expect(progress[progress.length - 1]).toBe(inWindow)
    expect(progress.length).toBeGreaterThan(1)
    expect(stats.routes.map((r) => r.key).sort()).toEqual(['1->8453', '10->8453'])
    expect(stats.overall.successRate).toBeCloseTo(0.9, 2)
  }, 30_000)

  it('says when the intents behind the statistics were fetched from the service, not when they were read', async () => {
    const early = NOW - 3 * 3_600_000
    const late = NOW - 7 * 60_000
    await cacheHistoryFiled(source('p1', early), [entry(1, NOW - 86_400_000, 'SUCCEEDED', 30)])
    await cacheHistoryFiled(source('p1', late), [entry(2, NOW - 3_600_000, 'FAILED')])
    // An intent created before the window does not count, nor does its fetch time.
    await cacheHistoryFiled(source('p1', NOW - 86_400_000 * 60), [entry(3, NOW - 40 * 86_400_000, 'SUCCEEDED', 10)])
    const req = { id: 1, dbName: explorerDb().name, profileId: 'p1', window: '30d' as const, now: NOW }
    expect((await computeRouteStats(req, () => undefined)).fetched).toEqual({ oldest: early, newest: late })
    requestRouteStats('p1', '30d')
    await expect.poll(() => useRouteStats.getState().entries['p1|30d']?.fetched).toEqual({ oldest: early, newest: late })
  })

  it('has no fetch range for an empty window', async () => {
    const req = { id: 1, dbName: explorerDb().name, profileId: 'p1', window: '24h' as const, now: NOW }
    expect((await computeRouteStats(req, () => undefined)).fetched).toBeUndefined()
  })

  it('the store computes once, reuses fresh statistics, and recomputes when forced', async () => {
    await cacheHistoryFiled(source('p1'), [entry(1, NOW - 1000, 'SUCCEEDED', 30)])
    requestRouteStats('p1', 'all')
    await expect.poll(() => useRouteStats.getState().entries['p1|all']?.status).toBe('ready')
    const first = useRouteStats.getState().entries['p1|all']
    expect(first.stats?.rows).toBe(1)
    requestRouteStats('p1', 'all')
    expect(useRouteStats.getState().entries['p1|all']).toBe(first)
    await cacheHistoryFiled(source('p1'), [entry(2, NOW - 2000, 'FAILED')])
    requestRouteStats('p1', 'all', { force: true })
    await expect.poll(() => useRouteStats.getState().entries['p1|all']?.stats?.rows).toBe(2)
  })
})
